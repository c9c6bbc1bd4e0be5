#include "host/metrics/MetricsRequest.h"

#include "host/metrics/ExpositionWriter.h"

namespace ipfacts::metrics {
namespace {

std::string reply(std::string_view status, std::string_view type, std::string_view body) {
    std::string r = "HTTP/1.1 ";
    r.append(status).append("\r\nContent-Type: ").append(type);
    r.append("\r\nContent-Length: ").append(std::to_string(body.size()));
    r.append("\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n").append(body);
    return r;
}

}  // namespace

std::string metricsResponse(std::string_view head, const std::function<std::string()>& render) {
    const std::string_view line = head.substr(0, head.find("\r\n"));
    const size_t sp1 = line.find(' ');
    const size_t sp2 = sp1 == std::string_view::npos ? sp1 : line.find(' ', sp1 + 1);
    if (sp2 == std::string_view::npos || line.substr(sp2 + 1).rfind("HTTP/1.", 0) != 0)
        return reply("400 Bad Request", "text/plain; charset=utf-8", "bad request\n");
    const std::string_view method = line.substr(0, sp1);
    std::string_view target = line.substr(sp1 + 1, sp2 - sp1 - 1);
    target = target.substr(0, target.find('?'));
    if (method != "GET" || target != "/metrics")
        return reply("404 Not Found", "text/plain; charset=utf-8", "not found; this listener serves GET /metrics\n");
    return reply("200 OK", ExpositionWriter::kContentType, render());
}

}  // namespace ipfacts::metrics
