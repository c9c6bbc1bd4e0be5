#include "HttpsReading.h"

namespace ipfacts::ssl {
namespace {

std::optional<std::string> headerText(const HttpReplyView& r, std::string_view name) {
    if (std::optional<std::string_view> v = r.header(name)) return std::string(*v);
    return std::nullopt;
}

HttpCall call(const char* method, const std::string& url, int timeoutMs) {
    HttpCall c;
    c.method = method;
    c.url = url;
    c.timeout_ms = timeoutMs;
    c.max_redirects = 0;
    c.max_body_bytes = kMaxHttpsBodyBytes;
    return c;
}

HttpsOutcome outcomeOf(const HttpReplyView& r, const char* method) {
    HttpsOutcome o;
    o.method = method;
    if (r.status() > 0) {
        o.reachable = true;
        o.status = static_cast<int>(r.status());
        o.location = headerText(r, "Location");
        o.strictTransportSecurity = headerText(r, "Strict-Transport-Security");
        o.altSvc = headerText(r, "Alt-Svc");
        o.server = headerText(r, "Server");
    }
    const std::string_view error = r.error();
    // The body is never read: a GET that answered but sent too much is still an answer.
    const bool bodyOnly = o.reachable && error.substr(0, 10) == "body over ";
    if (!error.empty() && !bodyOnly) o.error = std::string(error);
    return o;
}

}  // namespace

std::string httpsUrl(std::string_view ascii, int port) {
    return "https://" + std::string(ascii) + (port == 443 ? "" : ":" + std::to_string(port)) + "/";
}

HttpsOutcome readHttps(const Host& host, std::string_view ascii, int port, int timeoutMs) {
    const std::string url = httpsUrl(ascii, port);
    HttpReplies head = host.fetchAll({call("HEAD", url, timeoutMs)});
    if (!head.ok() || head.empty()) {
        HttpsOutcome o;
        o.error = head.ok() ? std::string("the http facility gave no reply") : std::string(head.reason());
        return o;
    }
    HttpsOutcome o = outcomeOf(head.front(), "HEAD");
    if (!o.status || (*o.status != 405 && *o.status != 501)) return o;
    HttpReplies get = host.fetchAll({call("GET", url, timeoutMs)});
    if (!get.ok() || get.empty()) return o;  // keep what HEAD said
    return outcomeOf(get.front(), "GET");
}

}  // namespace ipfacts::ssl
