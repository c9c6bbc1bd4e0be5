#include "host/facilities/http/RequestValidator.h"

#include <curl/curl.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <memory>

namespace ipfacts::facilities::http {
namespace {

struct UrlDeleter {
    void operator()(CURLU* u) const { curl_url_cleanup(u); }
};
struct CurlStringDeleter {
    void operator()(char* s) const { curl_free(s); }
};
using CurlString = std::unique_ptr<char, CurlStringDeleter>;

CurlString part(CURLU* u, CURLUPart which) {
    char* out = nullptr;
    if (curl_url_get(u, which, &out, 0) != CURLUE_OK) return nullptr;
    return CurlString(out);
}

bool isTokenChar(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           std::strchr("!#$%&'*+-.^_`|~", c) != nullptr;
}

bool sameName(const std::string& a, const char* b) {
    return a.size() == std::strlen(b) &&
           std::equal(a.begin(), a.end(), b, [](char x, char y) { return std::tolower(x) == std::tolower(y); });
}

}  // namespace

std::string RequestValidator::problem(const HttpRequest& r) const {
    if (auto p = methodProblem(r); !p.empty()) return p;
    for (const auto& [name, value] : r.headers)
        if (auto p = headerProblem(name, value); !p.empty()) return p;
    if (r.timeout_ms <= 0) return "timeout_ms must be positive";
    if (r.max_redirects < 0) return "max_redirects must not be negative";
    return urlProblem(r);
}

std::string RequestValidator::methodProblem(const HttpRequest& r) {
    static const std::array<const char*, 7> kMethods = {"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"};
    bool known = std::any_of(kMethods.begin(), kMethods.end(), [&](const char* m) { return r.method == m; });
    if (!known) return "method '" + r.method + "' is not supported";
    if ((r.method == "GET" || r.method == "HEAD") && !r.body.empty()) return r.method + " requests carry no body";
    return {};
}

std::string RequestValidator::headerProblem(const std::string& name, const std::string& value) {
    if (name.empty() || !std::all_of(name.begin(), name.end(), isTokenChar))
        return "header name '" + name + "' is not a token";
    // CR or LF would let a value start a header (or a request) of its own.
    if (value.find_first_of(std::string("\r\n\0", 3)) != std::string::npos)
        return "header " + name + " holds a line break or NUL";
    // libcurl frames the body itself; a caller's framing headers would contradict it.
    for (const char* owned : {"Content-Length", "Transfer-Encoding", "Connection", "Upgrade"})
        if (sameName(name, owned)) return "header " + name + " is set by the client";
    return {};
}

std::string RequestValidator::urlProblem(const HttpRequest& r) const {
    std::unique_ptr<CURLU, UrlDeleter> u(curl_url());
    if (!u || curl_url_set(u.get(), CURLUPART_URL, r.url.c_str(), 0) != CURLUE_OK)
        // Up to the query: a query may carry a key (a provider's), and errors reach logs and bodies.
        return "malformed URL '" + r.url.substr(0, r.url.find_first_of("?#")) + "'";
    CurlString scheme = part(u.get(), CURLUPART_SCHEME);
    const std::string s = scheme ? scheme.get() : "";
    if (s == "http" && !r.allow_http) return "http is not allowed for this upstream";
    if (s != "http" && s != "https") return "scheme '" + s + "' is not allowed (http and https only)";
    CurlString host = part(u.get(), CURLUPART_HOST);
    if (!host || !*host) return "the URL names no host";
    if (auto literal = net::IpAddress::parse(host.get())) {
        guard::GuardVerdict v = guard_.check(*literal);
        if (!v) return v.reason();
    }
    return {};
}

}  // namespace ipfacts::facilities::http
