/*
 * ipfacts plugin ABI — the one contract between the ipfactsd host and a plugin.
 *
 * Plain C, depending on nothing but the C standard library, so a plugin built
 * by any compiler against this header keeps loading into later hosts.
 *
 * Rules that keep it stable (read before changing anything here):
 *  - Version is semver: IPF_ABI_MAJOR.IPF_ABI_MINOR. A host refuses a plugin
 *    whose major differs. A plugin built for a newer minor than the host is
 *    refused unless it sets IPF_PLUGIN_COPES_WITH_OLDER_HOST in its flags.
 *  - Tables (ipf_host_api, ipf_plugin_descriptor) only grow by appending
 *    members at their end; each group is marked with the minor that added it.
 *    Nothing is removed; a changed meaning gets a new member name.
 *    `struct_size` says how much of a table the side that filled it knew;
 *    use IPF_HOST_HAS() before calling a member added after 1.0.
 *  - Only C types cross: integers, ipf_str views, opaque handles, tables of
 *    function pointers. No exceptions may cross; the C++ layer in plugin.hpp
 *    catches everything at the boundary.
 *  - Ownership is written in every doc block as an OWNERSHIP: line.
 *  - Every struct of facility data (ipf_netdb_facts, ipf_dns_answer, ...) has
 *    one field list in ipfacts/fields.h: a member appended here is appended
 *    there too (the C++ layer refuses to compile until it is).
 *  - Threads: handlers run concurrently on several threads; init and shutdown
 *    run once each, alone.
 */
#ifndef IPFACTS_PLUGIN_H
#define IPFACTS_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define IPF_ABI_MAJOR 1
#define IPF_ABI_MINOR 7

/* A string view: `len` bytes at `ptr`, not necessarily NUL-terminated.
 * An absent value is {NULL, 0}; an empty present value is {"", 0}. */
typedef struct ipf_str {
    const char* ptr;
    size_t len;
} ipf_str;

/* Result of every call across the boundary. */
typedef enum ipf_status {
    IPF_OK = 0,          /* done */
    IPF_ERROR = 1,       /* the callee failed; for a handler: host answers 500 */
    IPF_NOT_FOUND = 2,   /* the thing asked for is not there (a parameter, a header) */
    IPF_INVALID = 3,     /* the arguments were wrong (misuse) */
    IPF_UNAVAILABLE = 4, /* a facility this host does not offer (slot is NULL) */
    IPF_DEFER = 5        /* since 1.2: a NONBLOCKING handler found it must wait on I/O for this
                          * request; the host discards what it wrote and calls it again on a
                          * worker thread, where may_block() is true */
} ipf_status;

typedef enum ipf_log_level { IPF_LOG_DEBUG = 0, IPF_LOG_INFO = 1, IPF_LOG_WARN = 2, IPF_LOG_ERROR = 3 } ipf_log_level;

/* Opaque handles. The host owns all three. */
typedef struct ipf_plugin_ctx ipf_plugin_ctx; /* one per loaded plugin, valid from init to shutdown */
typedef struct ipf_request ipf_request;       /* valid for one handler call */
typedef struct ipf_response ipf_response;     /* valid for one handler call */

/* Facility tables, filled by later minors. In 1.0 the slots exist and are
 * NULL; a plugin checks the slot before use and reports the field as
 * unavailable when it is NULL. Each table starts with uint32_t struct_size. */
struct ipf_netdb_api;
struct ipf_resolver_api;
struct ipf_doh_api;
struct ipf_http_api;
struct ipf_cache_api;
struct ipf_meters_api;
struct ipf_store_api;   /* since 1.3 */
struct ipf_connect_api; /* since 1.4 */
struct ipf_tasks_api;   /* since 1.5 */
struct ipf_privacy_api; /* since 1.5 */

/* ---- DNS results (since 1.2), shared by the resolver and doh facilities ---- */

/* One resource record of an answer section, in presentation format. */
typedef struct ipf_dns_record {
    ipf_str name; /* owner name, absolute ("example.com.") */
    ipf_str type; /* mnemonic: "A", "MX", or "TYPE65534" for an unknown type */
    uint32_t ttl;
    ipf_str data; /* RDATA as a zone file writes it ("10 mx.example.com.") */
} ipf_dns_record;

/* What one server said to one question. */
typedef struct ipf_dns_answer {
    ipf_str source; /* resolver short name (doh) or "address:port" (resolver) */
    int32_t rcode;  /* DNS response code (0 NOERROR, 2 SERVFAIL, 3 NXDOMAIN ...); -1: no response */
    uint8_t ad;     /* the AD (authenticated data) flag of the response */
    uint8_t reserved[3];
    const ipf_dns_record* records; /* the answer section, in the order received */
    size_t record_count;
    ipf_str error; /* why no usable response arrived ("timeout", "TLS: ..."); {NULL,0} when rcode >= 0 */
    int64_t elapsed_us;
} ipf_dns_answer;

/* A question: a name (A-label form, with or without the final dot) and a
 * record type mnemonic ("AAAA", "PTR"). */
typedef struct ipf_dns_question {
    ipf_str name;
    ipf_str type;
} ipf_dns_question;

/* Answers handed out by a facility. OWNERSHIP: host memory, valid until the
 * plugin passes it to that facility's batch_free. */
typedef struct ipf_dns_batch ipf_dns_batch;

/* Stub DNS through the servers the manifest names (resolver: section). */
struct ipf_resolver_api {
    uint32_t struct_size;
    /* Resolves `count` questions in parallel; answer i is for question i.
     * Blocks for at most the configured timeout times attempts: call it from
     * handlers without IPF_HANDLER_NONBLOCKING only. A question with a
     * malformed name or unknown type is not sent; its answer says so in error.
     * OWNERSHIP: questions are read during the call; *out is released by batch_free. */
    ipf_status (*resolve)(ipf_plugin_ctx* ctx, const ipf_dns_question* questions, size_t count, ipf_dns_batch** out);
    size_t (*batch_size)(const ipf_dns_batch* batch);
    /* OWNERSHIP: valid until batch_free. */
    const ipf_dns_answer* (*batch_answer)(const ipf_dns_batch* batch, size_t index);
    void (*batch_free)(ipf_dns_batch* batch);

    /* ---- since 1.5 ---- */

    /* Like resolve, through the named resolver `name` of the manifest's
     * resolver.named (its own servers, timeout_ms and attempts) instead of
     * the default servers: for upstreams that refuse public resolvers
     * (blocklists). IPF_NOT_FOUND when the manifest names no such resolver
     * (a plugin declaring the key IPF_CONFIG_RESOLVER is refused before init
     * instead). Check IPF_FACILITY_HAS(struct ipf_resolver_api, host->resolver,
     * resolve_named) first. The batch is released by batch_free.
     * OWNERSHIP: name and questions are read during the call; *out as resolve. */
    ipf_status (*resolve_named)(ipf_plugin_ctx* ctx, ipf_str name, const ipf_dns_question* questions, size_t count,
                                ipf_dns_batch** out);
};

/* DNS over HTTPS (RFC 8484) to every resolver of the doh: catalogue. */
struct ipf_doh_api {
    uint32_t struct_size;
    /* Asks every configured resolver the question in parallel, each within its
     * own timeout, with EDNS0 DO set so AD reflects validation. One answer per
     * resolver, in catalogue order, never merged. Blocking, like resolve.
     * OWNERSHIP: as resolve. */
    ipf_status (*query_all)(ipf_plugin_ctx* ctx, ipf_dns_question question, ipf_dns_batch** out);
    size_t (*batch_size)(const ipf_dns_batch* batch);
    const ipf_dns_answer* (*batch_answer)(const ipf_dns_batch* batch, size_t index);
    void (*batch_free)(ipf_dns_batch* batch);
};

/* ---- Address facts (since 1.2) ------------------------------------------ */

/* What the host knows about one address. Every ipf_str is {NULL,0} when
 * unknown. Grows by appending; read struct_size before a late member. */
typedef struct ipf_netdb_facts {
    uint32_t struct_size;
    uint8_t version;      /* 4 or 6 */
    uint8_t routable;     /* globally reachable per the IANA special-purpose registries */
    uint8_t has_location; /* latitude/longitude are set */
    uint8_t reserved;
    ipf_str address;     /* canonical text (RFC 5952 for IPv6) */
    ipf_str kind;        /* public, private, loopback, link-local, shared, documentation, ... */
    ipf_str rfc;         /* "RFC 5737"; {NULL,0} for public addresses */
    ipf_str description; /* one line: what the block is for */
    ipf_str city, region, region_code, country, country_name, continent, postal;
    double latitude, longitude;
    ipf_str timezone;     /* IANA zone name */
    ipf_str local_time;   /* now in that zone, ISO 8601 with its UTC offset */
    ipf_str geo_accuracy; /* "approximate" (city or region known), else "country-only"; always set
                           * since 1.4 (an older host leaves {NULL,0} where it located nothing) */
    int64_t asn;          /* -1 when unknown */
    ipf_str as_name, as_domain, isp;
    ipf_str rir;             /* ARIN, RIPE, APNIC, LACNIC, AFRINIC, IANA, UNKNOWN */
    ipf_str connection_type; /* residential, mobile, business, hosting, education, government, unknown */

    /* ---- since 1.4: the host's location rule; a host of an older minor
     * stops before these (struct_size) ---- */
    uint8_t locatable;            /* 1: the database holds a location (a country or finer) */
    uint8_t reserved_1_4[7];      /* 0 */
    ipf_str not_locatable_reason; /* {NULL,0} when locatable; else why not, a machine word: the
                                   * kind of special-purpose block ("private", "loopback",
                                   * "documentation", "reserved", ...: no location and no network
                                   * owner are looked up there), or "not in database" */
} ipf_netdb_facts;

/* Facts about addresses from the deployment's data (netdb: section). */
struct ipf_netdb_api {
    uint32_t struct_size;
    /* Looks up an address literal (IPv4, IPv6; no zone index). Never blocks
     * on I/O: safe in IPF_HANDLER_NONBLOCKING handlers. IPF_INVALID when
     * `address` is not an address literal.
     * OWNERSHIP: *out is host memory released by facts_free. */
    ipf_status (*lookup)(ipf_plugin_ctx* ctx, ipf_str address, const ipf_netdb_facts** out);
    void (*facts_free)(const ipf_netdb_facts* facts);

    /* ---- since 1.6; check with IPF_FACILITY_HAS(struct ipf_netdb_api,
     * host->netdb, lookup_wanted) ---- */
    /* As lookup, but the host looks up only the groups of facts `wanted`
     * names (IPF_NETDB_WANT_* bits; IPF_NETDB_WANT_ALL is lookup). Always
     * filled: version, routable, address, kind, rfc, description, and for
     * special-purpose space (never looked up) locatable 0 with
     * not_locatable_reason its kind. A group not wanted reads as unknown
     * ({NULL,0}, asn -1, has_location 0, rir "UNKNOWN", connection_type
     * "unknown"), and for other space locatable 0 with not_locatable_reason {NULL,0}.
     * Every fact filled is the one lookup gives. Same ownership as lookup:
     * *out is released by facts_free. */
    ipf_status (*lookup_wanted)(ipf_plugin_ctx* ctx, ipf_str address, uint32_t wanted, const ipf_netdb_facts** out);
};

/* Since 1.6: the groups of facts ipf_netdb_api.lookup_wanted can be asked for. */
#define IPF_NETDB_WANT_LOCATION                                                             \
    0x1u                               /* city, region, region_code, country, country_name, \
                                        * continent, postal, latitude, longitude, timezone, \
                                        * geo_accuracy, locatable, not_locatable_reason */
#define IPF_NETDB_WANT_LOCAL_TIME 0x2u /* local_time; implies IPF_NETDB_WANT_LOCATION */
#define IPF_NETDB_WANT_NETWORK 0x4u    /* asn, as_name, as_domain, isp, connection_type */
#define IPF_NETDB_WANT_RIR 0x8u        /* rir */
#define IPF_NETDB_WANT_ALL 0xFu

/* ---- Outbound HTTP (since 1.3) ------------------------------------------- */

/* One request header, or one response header. */
typedef struct ipf_http_header {
    ipf_str name;
    ipf_str value;
} ipf_http_header;

/* One outbound request. Zero or {NULL,0} members take the facility's defaults
 * (the manifest's http: section). The URL's host picks the upstream whose
 * policy applies (http.upstreams: allow_http, budgets); a host no upstream
 * names gets https only and no budget. */
typedef struct ipf_http_request {
    ipf_str method; /* {NULL,0}: GET */
    ipf_str url;
    const ipf_http_header* headers;
    size_t header_count;
    ipf_str body;
    uint32_t timeout_ms;     /* 0: http.timeout_ms */
    uint64_t max_body_bytes; /* 0: http.max_body_bytes; a longer body is an error, not a truncation */
    int32_t max_redirects;   /* -1: http.max_redirects; 0: a 3xx is returned as it is */
} ipf_http_request;

/* What one request produced. A failure is data: error says why in words a
 * user can read ("refused: 10.0.0.1 is private (RFC 1918)", "timeout after
 * 3000 ms", "body over 1048576 bytes"); an HTTP 4xx/5xx is not an error. */
typedef struct ipf_http_result {
    int32_t status; /* of the last response; 0 when none arrived */
    const ipf_http_header* headers;
    size_t header_count;
    ipf_str body;
    ipf_str peer_address; /* the address connected to; {NULL,0} when none */
    int64_t elapsed_ms;
    ipf_str error; /* {NULL,0} on success */
} ipf_http_result;

typedef struct ipf_http_batch ipf_http_batch;

/* Guarded outbound HTTP(S) (http: section). Every connection, redirect hops
 * included, goes through the host's address guard at connect time: private,
 * loopback, link-local (cloud metadata), reserved and special-purpose
 * addresses, and IPv6 forms embedding them, are refused. Plugins open no
 * sockets of their own. */
struct ipf_http_api {
    uint32_t struct_size;
    /* Performs every request in parallel; result i is request i's. Blocks for
     * at most the longest timeout: call it from handlers without
     * IPF_HANDLER_NONBLOCKING only (or after IPF_DEFER).
     * OWNERSHIP: requests are read during the call; *out is released by batch_free. */
    ipf_status (*fetch_all)(ipf_plugin_ctx* ctx, const ipf_http_request* requests, size_t count, ipf_http_batch** out);
    size_t (*batch_size)(const ipf_http_batch* batch);
    /* OWNERSHIP: valid until batch_free. */
    const ipf_http_result* (*batch_result)(const ipf_http_batch* batch, size_t index);
    void (*batch_free)(ipf_http_batch* batch);
};

/* ---- Cache (since 1.3) --------------------------------------------------- */

/* A bounded cache of bytes with a TTL (cache: section; memory backend, least
 * recently used entries go first past cache.max_bytes). The host namespaces
 * keys by the calling plugin: no plugin reads or overwrites another's entries.
 * A miss is normal (evicted, expired, another process of a shared backend):
 * never rely on an entry being there. Never blocks: callable from
 * IPF_HANDLER_NONBLOCKING handlers on the event loop. */
struct ipf_cache_api {
    uint32_t struct_size;
    /* The live value of `key`. IPF_NOT_FOUND on a miss (*out left {NULL,0}).
     * OWNERSHIP: key is read during the call; out->ptr is a host-allocated
     * copy (never NULL on IPF_OK, even for an empty value) released by value_free. */
    ipf_status (*get)(ipf_plugin_ctx* ctx, ipf_str key, ipf_str* out);
    /* Stores `value` for ttl_ms milliseconds (> 0), replacing what `key` held.
     * IPF_INVALID when ttl_ms is 0; IPF_ERROR when the value is too large to
     * keep (the old value is forgotten either way).
     * OWNERSHIP: key and value are copied. */
    ipf_status (*put)(ipf_plugin_ctx* ctx, ipf_str key, ipf_str value, uint32_t ttl_ms);
    /* Releases a value get returned; NULL is ignored. OWNERSHIP: frees `ptr`. */
    void (*value_free)(const char* ptr);
};

/* ---- Durable store (since 1.3) -------------------------------------------- */

/* Durable key/value rows that survive restarts (the host's store: the SQLite
 * file of store.path; another backend later), namespaced by the calling plugin
 * like the cache. For small state: sessions, histories, budgets.
 * BLOCKING (disk): call it from handlers without IPF_HANDLER_NONBLOCKING only
 * (or after IPF_DEFER). ttl_ms 0 means no expiry; expired rows are never read
 * and are purged by the host once a minute. */
struct ipf_store_api {
    uint32_t struct_size;
    /* The live value of `key`; a counter reads as its decimal text.
     * IPF_NOT_FOUND when absent or expired; IPF_ERROR when the store failed.
     * OWNERSHIP: key is read during the call; out->ptr is a host-allocated
     * copy (never NULL on IPF_OK) released by value_free. */
    ipf_status (*get)(ipf_plugin_ctx* ctx, ipf_str key, ipf_str* out);
    /* Stores `value` (any bytes) for ttl_ms (0: no expiry), replacing what
     * `key` held. IPF_ERROR when the store failed. OWNERSHIP: copied. */
    ipf_status (*put)(ipf_plugin_ctx* ctx, ipf_str key, ipf_str value, uint64_t ttl_ms);
    /* Atomically adds `delta` to the integer at `key` and writes the new value
     * to *out. An absent or expired key starts from 0 and gets ttl_ms (0: no
     * expiry); a live one keeps its expiry (fixed windows). A non-integer
     * value counts as 0. Concurrent callers never lose an increment.
     * OWNERSHIP: key is read during the call. */
    ipf_status (*incr)(ipf_plugin_ctx* ctx, ipf_str key, int64_t delta, uint64_t ttl_ms, int64_t* out);
    /* Releases a value get returned; NULL is ignored. OWNERSHIP: frees `ptr`. */
    void (*value_free)(const char* ptr);
};

/* ---- Daily meters (since 1.2) -------------------------------------------- */

/* Named daily budgets the manifest declares (meters: section), such as the
 * privacy enrichment's 20 a day per address. */
struct ipf_meters_api {
    uint32_t struct_size;
    /* Counts one use of `meter` for the caller of `req` (its address, with or
     * without a key) and says whether it was within today's budget: *allowed
     * 1 (counted) or 0 (spent; not counted). *remaining: uses left today.
     * *resets_at: Unix seconds of the next 00:00 UTC. IPF_NOT_FOUND for a
     * meter the manifest does not declare. Never blocks. */
    ipf_status (*take)(ipf_plugin_ctx* ctx, const ipf_request* req, ipf_str meter, int* allowed, int64_t* remaining,
                       int64_t* resets_at);
};

/* ---- Guarded TLS connect (since 1.4) ------------------------------------- */

/* TLS protocol versions, as their wire codes. */
#define IPF_TLS_1_0 0x0301
#define IPF_TLS_1_1 0x0302
#define IPF_TLS_1_2 0x0303
#define IPF_TLS_1_3 0x0304

/* One TLS probe: a TCP connect to `port` of an address the host's guard
 * accepts, then a TLS handshake. Zero or {NULL,0} members take the defaults. */
typedef struct ipf_tls_probe_request {
    uint32_t struct_size; /* sizeof(ipf_tls_probe_request) as the plugin knew it; every element
                           * of an array has the first element's size */
    uint16_t port;        /* required, 1-65535 */
    uint16_t min_version; /* IPF_TLS_*; 0: TLS 1.0 */
    uint16_t max_version; /* IPF_TLS_*; 0: TLS 1.3 */
    uint16_t reserved;    /* 0 */
    uint32_t timeout_ms;  /* lookup, connect and handshake together; 0: connect.timeout_ms;
                           * more than connect.max_timeout_ms is cut to it */
    ipf_str server_name;  /* sent as SNI (unless it is an IP literal); {NULL,0}: no SNI */
    ipf_str address;      /* IP literal to connect to; {NULL,0}: every address server_name
                           * resolves to (the system resolver), in order, until one connects */
    ipf_str alpn;         /* protocols to offer, comma-separated ("h2,http/1.1"); {NULL,0}: none */
} ipf_tls_probe_request;

/* What one probe found. A failure is data: error says why in words a user can
 * read ("refused: 10.0.0.1 is private (RFC 1918)", "timeout after 3000 ms",
 * "connection refused", "closed during handshake", "TLS alert received:
 * protocol version"); what was learnt before it (peer, chain, alert) is still
 * set. A certificate that does not verify is not an error: see verify_code.
 * Grows by appending; read struct_size before a member added after 1.4. */
typedef struct ipf_tls_probe_result {
    uint32_t struct_size;
    uint16_t peer_port;     /* 0 when no connection was made */
    uint16_t version_code;  /* IPF_TLS_* negotiated; 0 when the handshake did not finish */
    ipf_str peer_address;   /* the address connected to, as the guard judged it; {NULL,0}: none */
    ipf_str version;        /* "TLSv1.3"; {NULL,0} when the handshake did not finish */
    ipf_str cipher;         /* IANA name, "TLS_AES_256_GCM_SHA384"; {NULL,0}: none */
    ipf_str cipher_openssl; /* OpenSSL's name, "ECDHE-RSA-AES128-GCM-SHA256"; {NULL,0}: none */
    ipf_str group;          /* key-exchange group as OpenSSL names it ("x25519",
                             * "X25519MLKEM768"); {NULL,0} when it does not say */
    const ipf_str* chain;   /* DER certificates in the order presented, leaf first */
    size_t chain_count;     /* 0 when none arrived */
    int32_t verify_code;    /* OpenSSL X509_V_* outcome of verifying the chain against the CA
                             * store (the name is not checked): 0 verified; -1 no chain */
    uint32_t reserved;
    ipf_str verify_text;    /* "ok", "self-signed certificate", ...; {NULL,0} when no chain */
    ipf_str ocsp_response;  /* DER OCSP response the server stapled; {NULL,0}: none */
    ipf_str alpn;           /* protocol the server selected; {NULL,0}: none */
    ipf_str alert_received; /* first TLS alert from the server, "protocol version"; {NULL,0}: none */
    ipf_str alert_sent;     /* first TLS alert the host sent; {NULL,0}: none */
    int64_t elapsed_ms;
    ipf_str error; /* {NULL,0} on success */
} ipf_tls_probe_result;

typedef struct ipf_tls_probe_batch ipf_tls_probe_batch;

/* ---- Guarded plain TCP exchange (since 1.5) ------------------------------- */

/* One plain TCP exchange (a WHOIS query on port 43, RFC 3912): a connect to
 * `port` of an address the host's guard accepts, `payload` written, then
 * everything the server sends read until it closes. Zero or {NULL,0}
 * members take the defaults (connect: section). */
typedef struct ipf_tcp_exchange_request {
    uint32_t struct_size; /* sizeof(ipf_tcp_exchange_request) as the plugin knew it; every element
                           * of an array has the first element's size */
    uint16_t port;        /* required, 1-65535 */
    uint16_t reserved;    /* 0 */
    uint32_t timeout_ms;  /* lookup, connect, write and read together; 0: connect.timeout_ms;
                           * more than connect.max_timeout_ms is cut to it */
    uint32_t max_bytes;   /* most bytes read; 0: 262144. More is the error "response over N bytes" */
    ipf_str host;         /* a host name (every address it resolves to, in order, until one
                           * connects) or an IP literal */
    ipf_str payload;      /* bytes written once connected ("192.0.2.1\r\n"); {NULL,0}: none */
} ipf_tcp_exchange_request;

/* What one exchange produced. A failure is data: error says why ("refused:
 * 10.0.0.1 is private (RFC 1918)", "connection refused", "timeout after
 * 3000 ms", "response over 262144 bytes"); the bytes read before it are
 * still in `response`. */
typedef struct ipf_tcp_exchange_result {
    uint32_t struct_size;
    uint16_t peer_port; /* 0 when no connection was made */
    uint16_t reserved;
    ipf_str peer_address; /* the address connected to, as the guard judged it; {NULL,0}: none */
    ipf_str response;     /* the bytes the server sent, as sent */
    int64_t elapsed_ms;
    ipf_str error; /* {NULL,0} when the server closed after a complete answer */
} ipf_tcp_exchange_result;

typedef struct ipf_tcp_exchange_batch ipf_tcp_exchange_batch;

/* Guarded TCP connect plus TLS handshake (connect: section), for plugins
 * that judge a server's TLS; plugins open no sockets of their own. Every
 * address, literal or resolved, passes the host's address guard before a
 * socket is opened for it, and the connected peer is judged again.
 * Verification failures never stop the handshake or the chain's read. */
struct ipf_connect_api {
    uint32_t struct_size;
    /* Runs every probe at once; result i is request i's. Blocks for at most
     * the longest timeout: call it from handlers without
     * IPF_HANDLER_NONBLOCKING only (or after IPF_DEFER). A malformed request
     * is a result with error set, not a failed call. IPF_INVALID when
     * requests is NULL with count > 0 or its struct_size is too small.
     * OWNERSHIP: requests are read during the call; *out is released by batch_free. */
    ipf_status (*tls_probe_all)(ipf_plugin_ctx* ctx, const ipf_tls_probe_request* requests, size_t count,
                                ipf_tls_probe_batch** out);
    size_t (*batch_size)(const ipf_tls_probe_batch* batch);
    /* OWNERSHIP: valid until batch_free, chain bytes included. */
    const ipf_tls_probe_result* (*batch_result)(const ipf_tls_probe_batch* batch, size_t index);
    void (*batch_free)(ipf_tls_probe_batch* batch);

    /* ---- since 1.5: plain TCP exchanges (WHOIS); IPF_FACILITY_HAS before use ---- */

    /* Runs every exchange at once through the same guard and slots as the
     * probes; result i is request i's. Blocks for at most the longest
     * timeout (every wait parks the request fiber): call it from handlers
     * without IPF_HANDLER_NONBLOCKING only (or after IPF_DEFER). A malformed
     * request is a result with error set. IPF_INVALID when requests is NULL
     * with count > 0 or its struct_size is too small.
     * OWNERSHIP: requests are read during the call; *out is released by exchange_batch_free. */
    ipf_status (*tcp_exchange_all)(ipf_plugin_ctx* ctx, const ipf_tcp_exchange_request* requests, size_t count,
                                   ipf_tcp_exchange_batch** out);
    size_t (*exchange_batch_size)(const ipf_tcp_exchange_batch* batch);
    /* OWNERSHIP: valid until exchange_batch_free. */
    const ipf_tcp_exchange_result* (*exchange_batch_result)(const ipf_tcp_exchange_batch* batch, size_t index);
    void (*exchange_batch_free)(ipf_tcp_exchange_batch* batch);
};

/* ---- Periodic tasks (since 1.5) ------------------------------------------ */

/* A plugin's periodic work: refreshing a feed, checking an upstream's health.
 * The host runs `run(state)` on a worker fiber, so it may call the blocking
 * facilities (resolver, doh, http, connect, store) as a handler does. */
typedef void (*ipf_task_fn)(void* state);

/* One periodic task. Zero members take the defaults. */
typedef struct ipf_task {
    uint32_t struct_size;    /* sizeof(ipf_task) as the plugin knew it */
    uint32_t interval_ms;    /* required, >= 1000: from the start of one run to the next */
    uint32_t first_delay_ms; /* after the host starts serving (or after `every`, when later); 0: at once */
    uint32_t timeout_ms;     /* every facility wait of a run ends by then; 0: interval_ms, at most 60000 */
    ipf_str name;            /* for the log, [a-z0-9_.-]+, unique within the plugin */
    ipf_task_fn run;         /* required */
    void* state;             /* handed to run */
} ipf_task;

/* Periodic tasks (always offered from 1.5). Runs never overlap: a run still
 * going when the next is due makes the host skip that one (and log it). The
 * host stops starting runs when it begins to shut down and waits for the
 * running ones within its grace, before any plugin's shutdown is called.
 * Runs happen only while ipfactsd serves (never under --check-config). */
struct ipf_tasks_api {
    uint32_t struct_size;
    /* Registers `task`; callable from init or later, any thread. IPF_INVALID
     * for a missing run, an interval below 1000 ms, a bad or repeated name.
     * OWNERSHIP: task and its name are copied; state stays the plugin's and
     * must live until the plugin's shutdown. */
    ipf_status (*every)(ipf_plugin_ctx* ctx, const ipf_task* task);
};

/* ---- Privacy flags (since 1.5) ------------------------------------------ */

/* Tri-state flag values of ipf_privacy_facts. */
#define IPF_PRIVACY_UNKNOWN (-1) /* the sources were unavailable: see the field's reason */
#define IPF_PRIVACY_FALSE 0
#define IPF_PRIVACY_TRUE 1

/* Why one flag is what it is: a true flag's source, or an operator override
 * (which may also make a flag false). */
typedef struct ipf_privacy_evidence {
    ipf_str flag; /* "vpn", "proxy", "tor", "relay" or "hosting" */
    int8_t value; /* IPF_PRIVACY_TRUE or IPF_PRIVACY_FALSE: what this source says */
    uint8_t reserved[7];
    ipf_str source;    /* the provider's name from the manifest ("tor-exits", "override-deny") */
    ipf_str match;     /* the matching prefix ("104.28.0.0/16") or ASN ("AS16509"); the
                        * address itself for a per-address provider */
    ipf_str data_date; /* ISO 8601 UTC date of the data that matched */
} ipf_privacy_evidence;

/* Why a flag (or `service`) is unknown, in words that say which degradation
 * happened: "provider down: ...", "budget guard: ...", "switched off: ...",
 * "stale feed: ...", "not loaded: ...". */
typedef struct ipf_privacy_reason {
    ipf_str field; /* "vpn", "proxy", "tor", "relay", "hosting" */
    ipf_str text;
} ipf_privacy_reason;

/* What the privacy providers say about one address. Grows by appending. */
typedef struct ipf_privacy_facts {
    uint32_t struct_size;
    int8_t vpn, proxy, tor, relay, hosting; /* IPF_PRIVACY_* */
    uint8_t reserved[3];
    ipf_str service; /* the relay or VPN service's name; {NULL,0} when none is known */
    const ipf_privacy_evidence* evidence;
    size_t evidence_count;
    const ipf_privacy_reason* reasons; /* one per unknown flag */
    size_t reason_count;
} ipf_privacy_facts;

/* VPN, proxy, Tor, relay and hosting flags (privacy: section): local lists
 * the host refreshes in the background (Tor exits, relay egress ranges,
 * hosting ASNs, range files, operator overrides) and an external provider
 * called through the http facility under its upstream's daily budget. */
struct ipf_privacy_api {
    uint32_t struct_size;
    /* Looks up an address literal. May call the external provider: BLOCKING,
     * call it from handlers without IPF_HANDLER_NONBLOCKING only (or after
     * IPF_DEFER), and only when the client asked for enrichment. IPF_INVALID
     * when `address` is not an address literal.
     * OWNERSHIP: *out is host memory released by facts_free. */
    ipf_status (*lookup)(ipf_plugin_ctx* ctx, ipf_str address, const ipf_privacy_facts** out);
    void (*facts_free)(const ipf_privacy_facts* facts);
};

/* The host's services, handed to a plugin's init. Valid until shutdown returns.
 * Every function is thread-safe unless it says otherwise. */
typedef struct ipf_host_api {
    uint32_t struct_size; /* sizeof(ipf_host_api) as the host knew it */
    uint16_t abi_major;   /* the host's ABI */
    uint16_t abi_minor;

    /* ---- since 1.0: plugin context ---------------------------------- */

    /* Writes one line to the host log, tagged with the plugin's name. */
    void (*log)(ipf_plugin_ctx* ctx, ipf_log_level level, ipf_str message);

    /* Looks up a scalar in the plugin's own manifest section by a dotted
     * path ("catalogue", "limits.max_ua_bytes"). IPF_NOT_FOUND when absent.
     * A value naming a file is returned as written; see config_path.
     * OWNERSHIP: *out points into host memory valid until shutdown. */
    ipf_status (*config_get)(ipf_plugin_ctx* ctx, ipf_str dotted_key, ipf_str* out);

    /* Like config_get, but resolves a relative value against the folder of
     * the manifest that named it. OWNERSHIP: as config_get. */
    ipf_status (*config_path)(ipf_plugin_ctx* ctx, ipf_str dotted_key, ipf_str* out);

    /* The service's host name: the value of every `source` field.
     * OWNERSHIP: host memory valid until shutdown. */
    ipf_str (*service_host)(ipf_plugin_ctx* ctx);

    /* Edge location code from the manifest. OWNERSHIP: as service_host. */
    ipf_str (*edge)(ipf_plugin_ctx* ctx);

    /* Wall clock, milliseconds since the Unix epoch, UTC. */
    int64_t (*now_ms)(ipf_plugin_ctx* ctx);

    /* ---- since 1.0: request accessors (valid during a handler call) --- */

    /* "GET", "HEAD". OWNERSHIP: host memory valid for the call. */
    ipf_str (*request_method)(const ipf_request* req);

    /* The decoded request path, without the query. OWNERSHIP: as above. */
    ipf_str (*request_path)(const ipf_request* req);

    /* The full request target as received (path and query), with any key=
     * query parameter removed. OWNERSHIP: as above. */
    ipf_str (*request_target)(const ipf_request* req);

    /* Value of the path parameter `name` from the route template "{name}",
     * percent-decoded. IPF_NOT_FOUND when the route has no such parameter.
     * OWNERSHIP: *out is host memory valid for the call. */
    ipf_status (*path_param)(const ipf_request* req, ipf_str name, ipf_str* out);

    /* Number of times query parameter `name` occurs (0 when absent). */
    size_t (*query_count)(const ipf_request* req, ipf_str name);

    /* The index-th (0-based) value of query parameter `name`, decoded.
     * IPF_NOT_FOUND past the last. OWNERSHIP: host memory valid for the call. */
    ipf_status (*query_get)(const ipf_request* req, ipf_str name, size_t index, ipf_str* out);

    /* Number of request headers, in the order received. */
    size_t (*header_count)(const ipf_request* req);

    /* The index-th header as received: name with its original case, value
     * with surrounding white space removed. IPF_NOT_FOUND past the last.
     * OWNERSHIP: host memory valid for the call. */
    ipf_status (*header_at)(const ipf_request* req, size_t index, ipf_str* name, ipf_str* value);

    /* First header named `name` (case-insensitive). IPF_NOT_FOUND if none.
     * OWNERSHIP: host memory valid for the call. */
    ipf_status (*header_get)(const ipf_request* req, ipf_str name, ipf_str* out);

    /* The caller's address in text form: the socket peer, or the address a
     * trusted proxy forwarded. IPv4-mapped IPv6 peers are given as IPv4.
     * OWNERSHIP: host memory valid for the call. */
    ipf_str (*client_address)(const ipf_request* req);

    /* The socket peer's address, whatever proxies said. OWNERSHIP: as above. */
    ipf_str (*peer_address)(const ipf_request* req);

    /* Identity of the API key the caller presented and the host accepted:
     * an opaque stable id (never the key itself), or {NULL,0} when anonymous.
     * OWNERSHIP: host memory valid for the call. */
    ipf_str (*key_identity)(const ipf_request* req);

    /* "HTTP/1.1", "HTTP/1.0". OWNERSHIP: host memory valid for the call. */
    ipf_str (*protocol)(const ipf_request* req);

    /* Negotiated TLS version ("TLSv1.3") or "none". OWNERSHIP: as above. */
    ipf_str (*tls_version)(const ipf_request* req);

    /* Smoothed round-trip time of the client socket in microseconds, from
     * TCP_INFO; -1 when unknown. */
    int64_t (*rtt_us)(const ipf_request* req);

    /* ---- since 1.0: response ----------------------------------------- */

    /* Sets the HTTP status (default 200). */
    void (*set_status)(ipf_response* resp, int status);

    /* Adds a response header. The host owns CORS, Cache-Control and quota
     * headers; setting those here is ignored. OWNERSHIP: copied. */
    ipf_status (*add_header)(ipf_response* resp, ipf_str name, ipf_str value);

    /* Sets the body and its content type, replacing any earlier body.
     * OWNERSHIP: both copied before return. */
    void (*set_body)(ipf_response* resp, ipf_str content_type, ipf_str body);

    /* Answers with the error envelope {"error","message","status"}.
     * `token` is a stable machine token; the handler still returns IPF_OK.
     * OWNERSHIP: copied. */
    void (*set_error)(ipf_response* resp, int status, ipf_str token, ipf_str message);

    /* ---- since 1.0: facility slots (NULL until a minor fills them) ----- */
    /* 1.2 fills netdb, resolver, doh and meters when the manifest configures
     * them; 1.3 fills http. */
    const struct ipf_netdb_api* netdb;
    const struct ipf_resolver_api* resolver;
    const struct ipf_doh_api* doh;
    const struct ipf_http_api* http;
    const struct ipf_cache_api* cache;
    const struct ipf_meters_api* meters;

    /* ---- since 1.1 ----------------------------------------------------- */

    /* Absolute URL of this request as the client addressed it: scheme (https
     * when TLS, or what a trusted proxy forwarded), the Host header (or the
     * service host), the target without any key= parameter.
     * OWNERSHIP: host memory valid for the call. */
    ipf_str (*request_url)(const ipf_request* req);

    /* ---- since 1.2 ----------------------------------------------------- */

    /* 1 when this call runs on a worker thread and may wait on I/O; 0 on the
     * event loop (a NONBLOCKING handler), where it must return IPF_DEFER
     * instead of blocking. */
    int (*may_block)(const ipf_request* req);

    /* ---- since 1.3 ----------------------------------------------------- */

    /* The durable store (NULL when the host offers none). 1.3 also fills
     * the cache slot above when the manifest has a cache: section. */
    const struct ipf_store_api* store;

    /* ---- since 1.4 ----------------------------------------------------- */

    /* Guarded TCP connect plus TLS handshake (NULL without a connect:
     * section); check with IPF_HOST_HAS(host, connect). */
    const struct ipf_connect_api* connect;

    /* ---- since 1.5 ----------------------------------------------------- */

    /* Periodic tasks run on worker fibers; check with IPF_HOST_HAS(host, tasks). */
    const struct ipf_tasks_api* tasks;

    /* Privacy flags of an address (NULL without a privacy: section); check
     * with IPF_HOST_HAS(host, privacy). */
    const struct ipf_privacy_api* privacy;

    /* Marks the answer being written as holding a transient failure (a row
     * that timed out, an upstream that did not answer, a partial result):
     * the host keeps it out of its response cache and sends it with
     * "Cache-Control: no-store" (or the operator's short
     * transient_max_age_s) instead of the route's lifetime, so a passing
     * outage is not served for an hour. A plugin keeping such an answer in
     * its own cache keeps it no longer than that either. Callable any time
     * during the handler. */
    void (*set_transient)(ipf_response* resp);

    /* ---- add new members below this line only, marked with their minor -- */
} ipf_host_api;

/* True when the host table has `member` and it is set. */
#define IPF_HOST_HAS(host, member)                                                                       \
    ((host) != NULL && (host)->struct_size >= offsetof(ipf_host_api, member) + sizeof((host)->member) && \
     (host)->member != NULL)

/* Since 1.3: true when the facility table `table`, of struct type `type`
 * (every ipf_*_api starts with struct_size), is there and has `member` set,
 * e.g. IPF_FACILITY_HAS(struct ipf_resolver_api, host->resolver, resolve). */
#define IPF_FACILITY_HAS(type, table, member)                                                       \
    ((table) != NULL && (table)->struct_size >= offsetof(type, member) + sizeof((table)->member) && \
     (table)->member != NULL)

/* A request handler. Returns IPF_OK after writing a response (an error the
 * client should see, 404 included, is a response and still IPF_OK). Any other
 * return means the plugin itself failed: the host answers 500 internal_error
 * and logs it. Returning IPF_OK without a status or body is logged as misuse.
 * Called concurrently from several threads. */
typedef ipf_status (*ipf_handler_fn)(void* state, const ipf_request* req, ipf_response* resp);

/* Handler flags. */
#define IPF_HANDLER_NONBLOCKING 0x1u /* never waits on I/O: may run on the event loop */

typedef struct ipf_handler_def {
    const char* name; /* referenced by the manifest as "plugin.handler" */
    ipf_handler_fn fn;
    uint32_t flags; /* IPF_HANDLER_* */
} ipf_handler_def;

/* Plugin flags. */
#define IPF_PLUGIN_COPES_WITH_OLDER_HOST 0x1u /* loads into a host of a lower minor */

/* Since 1.3: the type of a configuration key a plugin declares. */
typedef enum ipf_config_type {
    IPF_CONFIG_STRING = 0,  /* any scalar */
    IPF_CONFIG_INTEGER = 1, /* a decimal integer, optionally signed */
    IPF_CONFIG_BOOLEAN = 2, /* true or false */
    IPF_CONFIG_PATH = 3,    /* a file the host checks exists; relative to the manifest's folder */
    IPF_CONFIG_RESOLVER = 4 /* since 1.5: the name of a resolver of the manifest's resolver.named,
                             * which the host checks exists (for resolve_named) */
} ipf_config_type;

/* Since 1.3: one key of a plugin's manifest section ("config:"), as the host
 * validates it before init: unknown keys, wrong types and missing required
 * keys are refused with the manifest's file and line. A key of a list is
 * declared once with ".*" for the index ("zones.*"). */
typedef struct ipf_config_key {
    const char* key;           /* dotted path, "limits.max_ua_bytes"; NULL ends the table */
    uint32_t type;             /* ipf_config_type */
    uint32_t required;         /* 1: the manifest must set it */
    const char* default_value; /* as text; what the SDK's reader (ipfacts/config.hpp) gives for
                                * an absent key; NULL when none */
    const char* description;   /* one line */
} ipf_config_key;

/* Since 1.7: the inclusive range of an IPF_CONFIG_INTEGER key of config_keys.
 * The host refuses a value outside it before init, as it refuses a wrong type. */
typedef struct ipf_config_range {
    const char* key; /* a key of config_keys; NULL ends the table */
    int64_t min;
    int64_t max;
} ipf_config_range;

/* Called once, alone, after load. Stores the plugin's state in *state.
 * On failure writes a NUL-terminated reason into err (at most err_cap bytes)
 * and returns non-OK; the plugin is then not used and shutdown is not called.
 * OWNERSHIP: host and ctx are host memory valid until shutdown returns;
 * *state is plugin memory freed by shutdown. */
typedef ipf_status (*ipf_init_fn)(const ipf_host_api* host, ipf_plugin_ctx* ctx, void** state, char* err,
                                  size_t err_cap);

/* Called once, alone, before unload. Frees what init allocated. */
typedef void (*ipf_shutdown_fn)(void* state);

/* What a plugin exports through ipfacts_plugin_v1(). */
typedef struct ipf_plugin_descriptor {
    uint32_t struct_size; /* sizeof(ipf_plugin_descriptor) as the plugin knew it */
    uint16_t abi_major;   /* IPF_ABI_MAJOR the plugin was built with */
    uint16_t abi_minor;   /* IPF_ABI_MINOR the plugin was built with */
    uint32_t flags;       /* IPF_PLUGIN_* */

    /* ---- since 1.0 ---------------------------------------------------- */
    const char* name;        /* family name, [a-z0-9_-]+ */
    const char* version;     /* the plugin's own version */
    const char* description; /* one line */
    const ipf_handler_def* handlers;
    size_t handler_count;
    ipf_init_fn init;
    ipf_shutdown_fn shutdown;

    /* OpenAPI fragment, JSON text:
     *   {"operations": {"<handler>": <OpenAPI Operation Object>},
     *    "schemas": {"<Name>": <Schema Object>}}
     * The host places each operation at the paths the manifest routes to the
     * handler and adds the shared error responses and headers.
     * OWNERSHIP: static plugin memory. */
    const char* openapi_fragment;

    /* ---- since 1.3 ---------------------------------------------------- */

    /* The facilities the plugin cannot work without, each by the name of its
     * slot in ipf_host_api (the member's name: "netdb", "http", ...; every
     * slot is one), NULL-terminated;
     * NULL when none. The host refuses the plugin, and --check-config fails
     * naming it, when the manifest does not configure one of them. Facilities
     * a plugin can do without are not listed: it checks their slot at run time.
     * OWNERSHIP: static plugin memory. */
    const char* const* required_facilities;

    /* The plugin's configuration keys, ended by an entry whose key is NULL;
     * NULL: the plugin declares none and any config is passed unchecked.
     * OWNERSHIP: static plugin memory. */
    const ipf_config_key* config_keys;

    /* ---- since 1.7 ---------------------------------------------------- */

    /* The ranges of the integer keys of config_keys, ended by an entry whose
     * key is NULL; NULL: no key has a range. OWNERSHIP: static plugin memory. */
    const ipf_config_range* config_ranges;

    /* ---- add new members below this line only, marked with their minor -- */
} ipf_plugin_descriptor;

/* The one exported symbol for ABI major 1. Returns a static descriptor.
 * OWNERSHIP: static plugin memory, valid while the library is loaded. */
#define IPF_ENTRY_SYMBOL_V1 "ipfacts_plugin_v1"
typedef const ipf_plugin_descriptor* (*ipf_entry_v1_fn)(void);

#ifdef __cplusplus
}
#endif

#endif /* IPFACTS_PLUGIN_H */
