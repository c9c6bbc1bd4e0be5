#include "host/server/ResponseWriter.h"

#include "host/pipeline/HttpText.h"

#include <cstdio>
#include <ctime>

namespace ipfacts::server {

const std::string& httpDate() {
    thread_local std::time_t cached_at = 0;
    thread_local std::string cached;
    std::time_t now = std::time(nullptr);
    if (now != cached_at) {
        std::tm tm{};
        gmtime_r(&now, &tm);
        char buf[64];
        size_t n = std::strftime(buf, sizeof buf, "%a, %d %b %Y %H:%M:%S GMT", &tm);
        cached.assign(buf, n);
        cached_at = now;
    }
    return cached;
}

void writeResponse(const pipeline::Exchange& ex, bool keep_alive, std::string& out) {
    const auto& r = ex.response;
    char num[24];
    int n = std::snprintf(num, sizeof num, "%d ", r.status);
    out.append("HTTP/1.1 ").append(num, static_cast<size_t>(n)).append(pipeline::reasonPhrase(r.status));
    out.append("\r\nServer: ipfacts\r\nDate: ").append(httpDate()).append("\r\n");
    if (r.status != 204) {
        if (!r.content_type.empty()) out.append("Content-Type: ").append(r.content_type).append("\r\n");
        n = std::snprintf(num, sizeof num, "%zu", r.body.size());
        out.append("Content-Length: ").append(num, static_cast<size_t>(n)).append("\r\n");
    }
    out.append("X-Content-Type-Options: nosniff\r\n");
    out.append(r.headers);
    if (!keep_alive) out.append("Connection: close\r\n");
    else if (ex.request.protocol == "HTTP/1.0") out.append("Connection: keep-alive\r\n");
    out.append("\r\n");
    if (!ex.head && r.status != 204) out.append(r.body);
}

}  // namespace ipfacts::server
