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
#define IPF_ABI_MINOR 1

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
    IPF_UNAVAILABLE = 4  /* a facility this host does not offer (slot is NULL) */
} ipf_status;

typedef enum ipf_log_level {
    IPF_LOG_DEBUG = 0,
    IPF_LOG_INFO = 1,
    IPF_LOG_WARN = 2,
    IPF_LOG_ERROR = 3
} ipf_log_level;

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

    /* ---- add new members below this line only, marked with their minor -- */
} ipf_host_api;

/* True when the host table has `member` and it is set. */
#define IPF_HOST_HAS(host, member)                                                   \
    ((host) != NULL &&                                                               \
     (host)->struct_size >= offsetof(ipf_host_api, member) + sizeof((host)->member) && \
     (host)->member != NULL)

/* A request handler. Returns IPF_OK after writing a response (an error the
 * client should see, 404 included, is a response and still IPF_OK). Any other
 * return means the plugin itself failed: the host answers 500 internal_error
 * and logs it. Returning IPF_OK without a status or body is logged as misuse.
 * Called concurrently from several threads. */
typedef ipf_status (*ipf_handler_fn)(void* state, const ipf_request* req, ipf_response* resp);

/* Handler flags. */
#define IPF_HANDLER_NONBLOCKING 0x1u /* never waits on I/O: may run on the event loop */

typedef struct ipf_handler_def {
    const char* name;  /* referenced by the manifest as "plugin.handler" */
    ipf_handler_fn fn;
    uint32_t flags;    /* IPF_HANDLER_* */
} ipf_handler_def;

/* Plugin flags. */
#define IPF_PLUGIN_COPES_WITH_OLDER_HOST 0x1u /* loads into a host of a lower minor */

/* Called once, alone, after load. Stores the plugin's state in *state.
 * On failure writes a NUL-terminated reason into err (at most err_cap bytes)
 * and returns non-OK; the plugin is then not used and shutdown is not called.
 * OWNERSHIP: host and ctx are host memory valid until shutdown returns;
 * *state is plugin memory freed by shutdown. */
typedef ipf_status (*ipf_init_fn)(const ipf_host_api* host, ipf_plugin_ctx* ctx, void** state,
                                  char* err, size_t err_cap);

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
