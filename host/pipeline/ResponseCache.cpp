#include "host/pipeline/ResponseCache.h"

#include "host/pipeline/HttpText.h"
#include "host/pipeline/QueryCheck.h"
#include "host/pipeline/RouteTable.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <optional>
#include <vector>

namespace ipfacts::pipeline {
namespace {

/// What is kept of an answer: the handler's part of it.
struct StoredAnswer {
    int status = 0;
    std::string_view content_type;
    std::string_view headers;
    std::string_view body;
};

void putU32(std::string& out, uint32_t v) {
    for (int i = 0; i < 4; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
}

uint32_t getU32(std::string_view in, size_t at) {
    uint32_t v = 0;
    for (int i = 0; i < 4; ++i) v |= static_cast<uint32_t>(static_cast<unsigned char>(in[at + i])) << (8 * i);
    return v;
}

// Layout: status, type length, headers length (4 bytes each, little-endian),
// then type, headers, body. A backend shared between versions or machines
// may hand back anything: decode() checks every length.
std::string encode(const StoredAnswer& a) {
    std::string out;
    out.reserve(12 + a.content_type.size() + a.headers.size() + a.body.size());
    putU32(out, static_cast<uint32_t>(a.status));
    putU32(out, static_cast<uint32_t>(a.content_type.size()));
    putU32(out, static_cast<uint32_t>(a.headers.size()));
    out.append(a.content_type).append(a.headers).append(a.body);
    return out;
}

std::optional<StoredAnswer> decode(std::string_view in) {
    if (in.size() < 12) return std::nullopt;
    StoredAnswer a;
    a.status = static_cast<int>(getU32(in, 0));
    size_t type_len = getU32(in, 4), headers_len = getU32(in, 8);
    if (type_len > in.size() - 12 || headers_len > in.size() - 12 - type_len) return std::nullopt;
    a.content_type = in.substr(12, type_len);
    a.headers = in.substr(12 + type_len, headers_len);
    a.body = in.substr(12 + type_len + headers_len);
    return a;
}

/// Appends `s` so that no sequence of fields can read as another: "<length>:<bytes>".
void appendField(std::string& out, std::string_view s) {
    out.append(std::to_string(s.size())).append(1, ':').append(s);
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

/// True when `cache_control` holds the directive `name` (with or without a value).
bool hasDirective(std::string_view cache_control, std::string_view name) {
    while (!cache_control.empty()) {
        size_t comma = cache_control.find(',');
        std::string_view directive = trim(cache_control.substr(0, comma));
        cache_control = comma == std::string_view::npos ? std::string_view() : cache_control.substr(comma + 1);
        if (iequals(trim(directive.substr(0, directive.find('='))), name)) return true;
    }
    return false;
}

/// Delta-seconds (RFC 9111 1.2.2): digits only; large values saturate. -1 when malformed.
long deltaSeconds(std::string_view v) {
    if (v.empty()) return -1;
    long n = 0;
    for (char c : v) {
        if (c < '0' || c > '9') return -1;
        n = std::min<long>(n * 10 + (c - '0'), ResponseCache::kMaxSeconds);
    }
    return n;
}

}  // namespace

ResponseCache::ResponseCache(std::shared_ptr<cache::CacheBackend> backend) : backend_(std::move(backend)) {}

bool ResponseCache::qualifies(const Exchange& ex) const { return ex.route && ex.route->response_cache_s > 0; }

bool ResponseCache::answer(Exchange& ex) {
    if (!qualifies(ex)) return false;
    auto hit = backend_->get(ex.route->spec.plugin, keyOf(ex));
    if (!hit) return false;
    auto stored = decode(hit->bytes);
    if (!stored) return false;
    auto& r = ex.response;
    r.status = stored->status;
    r.content_type.assign(stored->content_type);
    r.body.assign(stored->body);
    r.headers.append(stored->headers);
    // RFC 9111 5.1: a cache sends the stored answer's age, so that a client
    // or proxy counts max-age from when it was made, not from now.
    r.addHeader("Age", std::to_string(std::chrono::duration_cast<std::chrono::seconds>(hit->age).count()));
    r.addHeader("X-Cache", "hit");
    return true;
}

void ResponseCache::store(const Exchange& ex, std::string_view handler_headers) {
    // HEAD is answered from GET's entry; a handler may leave HEAD's body out.
    if (ex.request.method != "GET" || ex.response.status != 200 || ex.caller_dependent || ex.transient ||
        !qualifies(ex))
        return;
    StoredAnswer a{ex.response.status, ex.response.content_type, handler_headers, ex.response.body};
    backend_->put(ex.route->spec.plugin, keyOf(ex), encode(a), std::chrono::seconds(ex.route->response_cache_s));
}

std::string ResponseCache::keyOf(const Exchange& ex) {
    std::string key;
    appendField(key, ex.route ? std::string_view(ex.route->spec.path) : std::string_view());
    key.append(1, 'P');
    for (const auto& [name, value] : ex.path_params) {
        appendField(key, name);
        appendField(key, value);
    }
    std::vector<const std::pair<std::string, std::string>*> query;
    query.reserve(ex.query.size());
    for (const auto& p : ex.query)
        // The identify stage removed key parameters already; this keeps the
        // rule even if that changes: a key never becomes part of an entry.
        if (!iequals(p.first, "key") && !isPresentationParameter(p.first)) query.push_back(&p);
    std::stable_sort(query.begin(), query.end(), [](const auto* a, const auto* b) { return a->first < b->first; });
    key.append(1, 'Q');
    for (const auto* p : query) {
        appendField(key, p->first);
        appendField(key, p->second);
    }
    return key;
}

int ResponseCache::sharedMaxAge(std::string_view cache_control) {
    bool is_public = false;
    long max_age = -1, s_maxage = -1;
    while (!cache_control.empty()) {
        size_t comma = cache_control.find(',');
        std::string_view directive = trim(cache_control.substr(0, comma));
        cache_control = comma == std::string_view::npos ? std::string_view() : cache_control.substr(comma + 1);
        size_t eq = directive.find('=');
        std::string_view name = trim(directive.substr(0, eq));
        std::string_view value = eq == std::string_view::npos ? std::string_view() : trim(directive.substr(eq + 1));
        if (iequals(name, "public"))
            is_public = true;
        else if (iequals(name, "private") || iequals(name, "no-store") || iequals(name, "no-cache"))
            return 0;
        else if (iequals(name, "max-age"))
            max_age = deltaSeconds(value);
        else if (iequals(name, "s-maxage"))
            s_maxage = deltaSeconds(value);
    }
    long seconds = s_maxage >= 0 ? s_maxage : max_age;
    return is_public && seconds > 0 ? static_cast<int>(seconds) : 0;
}

int ResponseCache::lifetimeOf(const manifest::RouteSpec& route, bool host_handled) {
    return route.response_cache && !host_handled ? sharedMaxAge(route.cache_control) : 0;
}

std::string ResponseCache::transientCacheControl(std::string_view route_cache_control, unsigned transient_max_age_s) {
    const int route_s = sharedMaxAge(route_cache_control);
    // A route that no cache may keep says so already: its own words stand.
    if (route_s == 0 && hasDirective(route_cache_control, "no-store")) return std::string(route_cache_control);
    const int seconds = std::min(route_s, static_cast<int>(std::min<unsigned>(transient_max_age_s, kMaxSeconds)));
    return seconds > 0 ? "public, max-age=" + std::to_string(seconds) : "no-store";
}

}  // namespace ipfacts::pipeline
