// Exchange: one request and its response as they pass through the pipeline.
// The transport fills `request` (views into its own buffer, valid until the
// response is written); the stages fill the rest. Plugins see it through the
// SDK as ipf_request/ipf_response.
#pragma once

#include "host/net/IpAddress.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ipfacts::ratelimit {
class SharedCounters;
}

namespace ipfacts::pipeline {

struct Route;
class ConnectionRtt;
struct PendingMeter;

struct Header {
    std::string_view name;
    std::string_view value;
};

/// What the transport read. Views stay valid until the response is written.
struct HttpRequest {
    std::string_view method;
    std::string_view target;    // as received: path and query
    std::string_view protocol;  // "HTTP/1.1"
    std::vector<Header> headers;
    std::string_view body;  // a POST's body (the account forms); empty otherwise
    net::IpAddress peer;
    std::string_view tls = "none";  // negotiated TLS version
    int fd = -1;                    // client socket, for TCP_INFO; -1 when none
    ConnectionRtt* rtt = nullptr;   // the connection's TCP_INFO reader; null: read `fd` each time
};

/// What goes back. Host headers and plugin headers are kept as preformatted
/// "Name: value\r\n" lines so writing the response is one append.
struct HttpResponse {
    int status = 0;
    std::string content_type;
    std::string body;
    std::string headers;  // preformatted lines
    bool close = false;   // close the connection after writing

    void addHeader(std::string_view name, std::string_view value) {
        headers.append(name).append(": ").append(value).append("\r\n");
    }
};

struct Exchange {
    HttpRequest request;
    HttpResponse response;

    // Filled by the stages.
    std::string path;  // percent-decoded
    std::string_view raw_query;
    std::vector<std::pair<std::string, std::string>> query;  // decoded, in order
    bool query_parsed = false;
    std::vector<std::pair<std::string_view, std::string>> path_params;
    net::IpAddress client;
    net::IpAddress caller_block;  // what quotas and meters count: client, IPv6 cut to caller_ipv6_prefix
    std::string client_address;
    std::string peer_address;
    std::string key_id;  // empty when anonymous
    bool keyed = false;
    const Route* route = nullptr;
    bool head = false;       // HEAD: answer as GET without the body
    bool on_worker = false;  // handle() runs on a worker thread: the handler may block
    bool deferred = false;   // a NONBLOCKING handler asked to run again on a worker
    // The answer depends on who asked (a facility spent the caller's meter):
    // the response cache never keeps it. Set by facilities during handle().
    mutable bool caller_dependent = false;
    // The plugin said the answer holds a transient failure (set_transient):
    // the response cache never keeps it and it goes out as no-store, or
    // with the manifest's short transient_max_age_s.
    bool transient = false;
    int64_t started_us = 0;
    // The host's own query parameters (docs/api.md, "Query parameters"), read by the
    // pipeline's query check and applied to a JSON answer by finish():
    std::optional<bool> pretty;       // ?pretty=0|1; unset: pretty for command-line clients
    std::vector<std::string> fields;  // ?fields=a,b: only these top-level members (200 answers)

    // Shared counters (store.counters: redis): the transport sets `wake` to
    // bring the exchange back to its loop, and `counters` to its loop's own
    // (null: the pipeline's); the meter stage parks the request in
    // `pending_meter` until the store answers (Pipeline::resume).
    std::function<void()> wake;
    ratelimit::SharedCounters* counters = nullptr;
    std::shared_ptr<PendingMeter> pending_meter;
    bool bad_path_param = false;  // a path parameter failed to decode: 400 after metering
    // The quota headers are written (a count, "unmetered", "unavailable" or the
    // wrong-key policy); finish() says "unmetered" on an answer that has none.
    bool quota_reported = false;

    const std::string* service_host = nullptr;  // the manifest's, for URLs echoed back

    // The target without key parameters: set by the identify stage when the
    // query holds one (raw_query then views into it), else lazily for plugins.
    std::optional<std::string> safe_target;
    std::optional<std::string> url;
    // What the access log writes for the target when a host handler's query holds
    // a secret of its own (the sign-in link's token); unset: the target, key redacted.
    std::optional<std::string> log_target;
};

}  // namespace ipfacts::pipeline
