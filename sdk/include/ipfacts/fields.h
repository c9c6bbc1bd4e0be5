/*
 * ipfacts field lists: one X-macro per C struct of plugin.h that carries a
 * facility's data, naming every member in declaration order with how it is
 * read. The host adapter that fills a struct, the C++ views and owned copies
 * of ipfacts/views.hpp, and the test fake (ipfacts/testing/FakeHost.hpp) are
 * all generated from these lists, so a member is described once.
 *
 * Each entry is X(kind, member, arg). The kinds:
 *   SIZE           uint32_t struct_size: the filler writes sizeof; a reader
 *                  treats a member past it as absent (a host of an older minor)
 *   TEXT           ipf_str, always set
 *   TEXT_OR        ipf_str; {NULL,0} reads as `arg` (a string literal)
 *   OPT_TEXT       ipf_str; {NULL,0} is unknown
 *   NULLABLE_TEXT  ipf_str; {NULL,0} is none, and none is written for ""
 *   INT            an integer; `arg` is the value of a fresh copy
 *   OPT_INT        an integer; a negative value is unknown (written as -1)
 *   FLAG           uint8_t 0 or 1; `arg` is the value of a fresh copy
 *   TRI_FLAG       int8_t 1 true, 0 false, negative unknown (written as -1):
 *                  std::optional<bool>
 *   PRESENCE       uint8_t: 1 when every OPT_REAL naming it is known
 *   OPT_REAL       double, known when the PRESENCE member `arg` is 1
 *   LIST           a pointer to an array of another listed struct; `arg`
 *                  names its COUNT member
 *   TEXT_LIST      a pointer to an array of ipf_str; `arg` names its COUNT member
 *   COUNT          the length of the LIST or TEXT_LIST member `arg`
 *   CSV_TEXT       ipf_str holding a comma-separated list; {NULL,0} when empty
 *   RESERVED       padding, always 0
 *
 * Appending a member to one of these structs (plugin.h's growth rule) means
 * appending it here too; views.hpp refuses to compile until the list covers
 * the struct exactly. Plain C preprocessor: usable from C.
 */
#ifndef IPFACTS_FIELDS_H
#define IPFACTS_FIELDS_H

#include <ipfacts/plugin.h>

#define IPF_DNS_RECORD_FIELDS(X) \
    X(TEXT, name, 0)             \
    X(TEXT, type, 0)             \
    X(INT, ttl, 0)               \
    X(TEXT, data, 0)

#define IPF_DNS_ANSWER_FIELDS(X)    \
    X(TEXT, source, 0)              \
    X(INT, rcode, -1)               \
    X(FLAG, ad, 0)                  \
    X(RESERVED, reserved, 0)        \
    X(LIST, records, record_count)  \
    X(COUNT, record_count, records) \
    X(OPT_TEXT, error, 0)           \
    X(INT, elapsed_us, 0)

#define IPF_DNS_QUESTION_FIELDS(X) \
    X(TEXT, name, 0)               \
    X(TEXT, type, 0)

#define IPF_NETDB_FACTS_FIELDS(X)          \
    X(SIZE, struct_size, 0)                \
    X(INT, version, 4)                     \
    X(FLAG, routable, 0)                   \
    X(PRESENCE, has_location, 0)           \
    X(RESERVED, reserved, 0)               \
    X(TEXT, address, 0)                    \
    X(TEXT, kind, 0)                       \
    X(OPT_TEXT, rfc, 0)                    \
    X(TEXT, description, 0)                \
    X(OPT_TEXT, city, 0)                   \
    X(OPT_TEXT, region, 0)                 \
    X(OPT_TEXT, region_code, 0)            \
    X(OPT_TEXT, country, 0)                \
    X(OPT_TEXT, country_name, 0)           \
    X(OPT_TEXT, continent, 0)              \
    X(OPT_TEXT, postal, 0)                 \
    X(OPT_REAL, latitude, has_location)    \
    X(OPT_REAL, longitude, has_location)   \
    X(OPT_TEXT, timezone, 0)               \
    X(OPT_TEXT, local_time, 0)             \
    X(OPT_TEXT, geo_accuracy, 0)           \
    X(OPT_INT, asn, 0)                     \
    X(OPT_TEXT, as_name, 0)                \
    X(OPT_TEXT, as_domain, 0)              \
    X(OPT_TEXT, isp, 0)                    \
    X(TEXT_OR, rir, "UNKNOWN")             \
    X(TEXT_OR, connection_type, "unknown") \
    X(FLAG, locatable, 0)                  \
    X(RESERVED, reserved_1_4, 0)           \
    X(OPT_TEXT, not_locatable_reason, 0)

#define IPF_HTTP_HEADER_FIELDS(X) \
    X(TEXT, name, 0)              \
    X(TEXT, value, 0)

#define IPF_HTTP_REQUEST_FIELDS(X)  \
    X(TEXT_OR, method, "GET")       \
    X(TEXT, url, 0)                 \
    X(LIST, headers, header_count)  \
    X(COUNT, header_count, headers) \
    X(TEXT, body, 0)                \
    X(INT, timeout_ms, 0)           \
    X(INT, max_body_bytes, 0)       \
    X(INT, max_redirects, -1)

#define IPF_HTTP_RESULT_FIELDS(X)     \
    X(INT, status, 0)                 \
    X(LIST, headers, header_count)    \
    X(COUNT, header_count, headers)   \
    X(TEXT, body, 0)                  \
    X(NULLABLE_TEXT, peer_address, 0) \
    X(INT, elapsed_ms, 0)             \
    X(NULLABLE_TEXT, error, 0)

#define IPF_TLS_PROBE_REQUEST_FIELDS(X) \
    X(SIZE, struct_size, 0)             \
    X(INT, port, 443)                   \
    X(INT, min_version, 0)              \
    X(INT, max_version, 0)              \
    X(RESERVED, reserved, 0)            \
    X(INT, timeout_ms, 0)               \
    X(TEXT, server_name, 0)             \
    X(TEXT, address, 0)                 \
    X(CSV_TEXT, alpn, 0)

#define IPF_TLS_PROBE_RESULT_FIELDS(X)  \
    X(SIZE, struct_size, 0)             \
    X(INT, peer_port, 0)                \
    X(INT, version_code, 0)             \
    X(NULLABLE_TEXT, peer_address, 0)   \
    X(NULLABLE_TEXT, version, 0)        \
    X(NULLABLE_TEXT, cipher, 0)         \
    X(NULLABLE_TEXT, cipher_openssl, 0) \
    X(OPT_TEXT, group, 0)               \
    X(TEXT_LIST, chain, chain_count)    \
    X(COUNT, chain_count, chain)        \
    X(INT, verify_code, -1)             \
    X(RESERVED, reserved, 0)            \
    X(NULLABLE_TEXT, verify_text, 0)    \
    X(OPT_TEXT, ocsp_response, 0)       \
    X(OPT_TEXT, alpn, 0)                \
    X(OPT_TEXT, alert_received, 0)      \
    X(OPT_TEXT, alert_sent, 0)          \
    X(INT, elapsed_ms, 0)               \
    X(NULLABLE_TEXT, error, 0)

#define IPF_TCP_EXCHANGE_REQUEST_FIELDS(X) \
    X(SIZE, struct_size, 0)                \
    X(INT, port, 43)                       \
    X(RESERVED, reserved, 0)               \
    X(INT, timeout_ms, 0)                  \
    X(INT, max_bytes, 0)                   \
    X(TEXT, host, 0)                       \
    X(TEXT, payload, 0)

#define IPF_TCP_EXCHANGE_RESULT_FIELDS(X) \
    X(SIZE, struct_size, 0)               \
    X(INT, peer_port, 0)                  \
    X(RESERVED, reserved, 0)              \
    X(NULLABLE_TEXT, peer_address, 0)     \
    X(TEXT, response, 0)                  \
    X(INT, elapsed_ms, 0)                 \
    X(NULLABLE_TEXT, error, 0)
/* since 1.5 */
#define IPF_PRIVACY_EVIDENCE_FIELDS(X) \
    X(TEXT, flag, 0)                   \
    X(FLAG, value, 1)                  \
    X(RESERVED, reserved, 0)           \
    X(TEXT, source, 0)                 \
    X(TEXT, match, 0)                  \
    X(TEXT, data_date, 0)

#define IPF_PRIVACY_REASON_FIELDS(X) \
    X(TEXT, field, 0)                \
    X(TEXT, text, 0)

#define IPF_PRIVACY_FACTS_FIELDS(X)    \
    X(SIZE, struct_size, 0)            \
    X(TRI_FLAG, vpn, 0)                \
    X(TRI_FLAG, proxy, 0)              \
    X(TRI_FLAG, tor, 0)                \
    X(TRI_FLAG, relay, 0)              \
    X(TRI_FLAG, hosting, 0)            \
    X(RESERVED, reserved, 0)           \
    X(OPT_TEXT, service, 0)            \
    X(LIST, evidence, evidence_count)  \
    X(COUNT, evidence_count, evidence) \
    X(LIST, reasons, reason_count)     \
    X(COUNT, reason_count, reasons)

#endif /* IPFACTS_FIELDS_H */
