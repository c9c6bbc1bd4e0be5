// Fuzz target: host/metrics/MetricsRequest.cpp, the metrics listener's answer
// to a request head as a client sent it (the whole input, up to its blank line).
// Invariants: every answer is a complete HTTP/1.1 response (200, 404 or 400)
// whose Content-Length is its body's size; the exposition is rendered, once,
// exactly for a 200, and a 200 is only ever given to GET /metrics.
#include "host/metrics/MetricsRequest.h"

#include "tests/fuzz/FuzzCheck.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

using ipfacts::metrics::metricsResponse;

namespace {

constexpr std::string_view kBody = "ipfacts_up 1\n";

bool startsWith(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view head(reinterpret_cast<const char*>(data), size);
    int renders = 0;
    const std::string r = metricsResponse(head, [&] {
        ++renders;
        return std::string(kBody);
    });

    const bool ok = startsWith(r, "HTTP/1.1 200 OK\r\n");
    FUZZ_CHECK(ok || startsWith(r, "HTTP/1.1 404 Not Found\r\n") || startsWith(r, "HTTP/1.1 400 Bad Request\r\n"));
    const size_t end = r.find("\r\n\r\n");
    FUZZ_CHECK(end != std::string::npos);
    const std::string_view body = std::string_view(r).substr(end + 4);
    FUZZ_CHECK(r.find("\r\nContent-Length: " + std::to_string(body.size()) + "\r\n") < end);
    FUZZ_CHECK(r.find("\r\nConnection: close\r\n") < end);
    FUZZ_CHECK(renders == (ok ? 1 : 0));
    if (ok) {
        FUZZ_CHECK(body == kBody);
        // Only GET /metrics, with or without a query, before the version.
        FUZZ_CHECK(startsWith(head, "GET /metrics ") || startsWith(head, "GET /metrics?"));
    }
    // The plainest scrape is always served.
    if (startsWith(head, "GET /metrics HTTP/1.1\r\n")) FUZZ_CHECK(ok);
    return 0;
}
