#include "host/plugins/HostApi.h"

#include "host/facilities/CEntry.h"
#include "host/net/IpAddress.h"
#include "host/pipeline/ConnectionRtt.h"
#include "host/pipeline/ErrorEnvelope.h"
#include "host/pipeline/Exchange.h"
#include "host/pipeline/HttpText.h"
#include "host/pipeline/RouteTable.h"

#include <netinet/in.h>
#include <sys/socket.h>

#include <spdlog/spdlog.h>

#include <cctype>
#include <chrono>
#include <cstring>
#include <mutex>

namespace ipfacts::plugins {
namespace {

using pipeline::Exchange;
using pipeline::iequals;

ipf_str view(std::string_view s) { return ipf_str{s.data(), s.size()}; }
std::string_view sv(ipf_str s) { return s.ptr ? std::string_view(s.ptr, s.len) : std::string_view(); }
PluginContext* pc(ipf_plugin_ctx* c) { return contextOf(c); }
const Exchange* ex(const ipf_request* r) { return reinterpret_cast<const Exchange*>(r); }
Exchange* mex(const ipf_request* r) { return const_cast<Exchange*>(reinterpret_cast<const Exchange*>(r)); }
Exchange* ex(ipf_response* r) { return reinterpret_cast<Exchange*>(r); }

std::mutex g_path_mu;  // guards PluginContext::resolved_paths (filled lazily)

// ---- plugin context ------------------------------------------------------

void hostLog(ipf_plugin_ctx* c, ipf_log_level level, ipf_str msg) {
    auto lvl = level == IPF_LOG_DEBUG  ? spdlog::level::debug
               : level == IPF_LOG_INFO ? spdlog::level::info
               : level == IPF_LOG_WARN ? spdlog::level::warn
                                       : spdlog::level::err;
    spdlog::log(lvl, "plugin={} {}", pc(c)->plugin, sv(msg));
}

ipf_status configGet(ipf_plugin_ctx* c, ipf_str key, ipf_str* out) {
    if (!c || !out) return IPF_INVALID;
    auto it = pc(c)->config.find(std::string(sv(key)));
    if (it == pc(c)->config.end()) return IPF_NOT_FOUND;
    *out = view(it->second);
    return IPF_OK;
}

ipf_status configPath(ipf_plugin_ctx* c, ipf_str key, ipf_str* out) {
    if (!c || !out) return IPF_INVALID;
    auto* p = pc(c);
    std::string k(sv(key));
    auto it = p->config.find(k);
    if (it == p->config.end()) return IPF_NOT_FOUND;
    std::lock_guard<std::mutex> lock(g_path_mu);
    auto& slot = p->resolved_paths[k];
    slot = manifest::resolvePath(p->manifest_dir, it->second);
    *out = view(slot);
    return IPF_OK;
}

ipf_str serviceHost(ipf_plugin_ctx* c) { return view(pc(c)->service_host); }
ipf_str edge(ipf_plugin_ctx* c) { return view(pc(c)->edge); }

int64_t nowMs(ipf_plugin_ctx*) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

// ---- request -------------------------------------------------------------

ipf_str method(const ipf_request* r) { return view(ex(r)->request.method); }
ipf_str path(const ipf_request* r) { return view(ex(r)->path); }

ipf_str target(const ipf_request* r) {
    Exchange* e = mex(r);
    if (!e->safe_target) e->safe_target = pipeline::removeKeyParam(e->request.target);
    return view(*e->safe_target);
}

ipf_status pathParam(const ipf_request* r, ipf_str name, ipf_str* out) {
    if (!out) return IPF_INVALID;
    for (const auto& [n, v] : ex(r)->path_params)
        if (n == sv(name)) {
            *out = view(v);
            return IPF_OK;
        }
    return IPF_NOT_FOUND;
}

/// Parses the query on first use; a malformed query reads as empty (the
/// pipeline has already answered 400 for malformed queries it needed).
const std::vector<std::pair<std::string, std::string>>& queryOf(const ipf_request* r) {
    Exchange* e = mex(r);
    if (!e->query_parsed) {
        auto q = pipeline::parseQuery(e->raw_query);
        if (q) e->query = std::move(*q);
        e->query_parsed = true;
    }
    return e->query;
}

size_t queryCount(const ipf_request* r, ipf_str name) {
    size_t n = 0;
    for (const auto& [k, v] : queryOf(r)) n += k == sv(name) && k != "key";
    return n;
}

ipf_status queryGet(const ipf_request* r, ipf_str name, size_t index, ipf_str* out) {
    if (!out) return IPF_INVALID;
    if (sv(name) == "key") return IPF_NOT_FOUND;  // the key never reaches plugins
    for (const auto& [k, v] : queryOf(r))
        if (k == sv(name) && index-- == 0) {
            *out = view(v);
            return IPF_OK;
        }
    return IPF_NOT_FOUND;
}

size_t headerCount(const ipf_request* r) { return ex(r)->request.headers.size(); }

ipf_status headerAt(const ipf_request* r, size_t i, ipf_str* name, ipf_str* value) {
    const auto& hs = ex(r)->request.headers;
    if (i >= hs.size()) return IPF_NOT_FOUND;
    if (name) *name = view(hs[i].name);
    if (value) *value = view(hs[i].value);
    return IPF_OK;
}

ipf_status headerGet(const ipf_request* r, ipf_str name, ipf_str* out) {
    if (!out) return IPF_INVALID;
    for (const auto& h : ex(r)->request.headers)
        if (iequals(h.name, sv(name))) {
            *out = view(h.value);
            return IPF_OK;
        }
    return IPF_NOT_FOUND;
}

ipf_str clientAddress(const ipf_request* r) { return view(ex(r)->client_address); }

ipf_str peerAddress(const ipf_request* r) {
    Exchange* e = mex(r);
    if (e->peer_address.empty()) e->peer_address = e->request.peer.toString();
    return view(e->peer_address);
}

ipf_str keyIdentity(const ipf_request* r) {
    const auto& k = ex(r)->key_id;
    return k.empty() ? ipf_str{nullptr, 0} : view(k);
}

ipf_str protocol(const ipf_request* r) { return view(ex(r)->request.protocol); }
ipf_str tlsVersion(const ipf_request* r) { return view(ex(r)->request.tls); }

int64_t rttUs(const ipf_request* r) {
    // Through the connection's reader: one getsockopt per connection per
    // ConnectionRtt::kMaxAgeMs, not one per request.
    const auto& req = ex(r)->request;
    return req.rtt ? req.rtt->micros() : pipeline::ConnectionRtt::readNow(req.fd);
}

/// True for an authority a client may name: a host name of letters, digits,
/// '-' and '.', an IPv4 literal or a bracketed IPv6 literal, with an optional
/// port. Anything else (Markdown, HTML, user info) is not echoed back.
bool validAuthority(std::string_view host) {
    if (host.empty() || host.size() > 260) return false;
    std::string_view name = host, port;
    if (host.front() == '[') {
        size_t close = host.find(']');
        if (close == std::string_view::npos) return false;
        if (!net::IpAddress::parse(host.substr(0, close + 1))) return false;
        name = {};
        port = host.substr(close + 1);
    } else if (size_t colon = host.find(':'); colon != std::string_view::npos) {
        name = host.substr(0, colon);
        port = host.substr(colon);
    }
    if (!port.empty()) {
        if (port.size() < 2 || port.size() > 6 || port.front() != ':') return false;
        for (char c : port.substr(1))
            if (c < '0' || c > '9') return false;
    }
    for (char c : name)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '.') return false;
    return host.front() == '[' || (!name.empty() && name.front() != '.' && name.front() != '-');
}

/// The target with every character that could end a URL or start markup in
/// Markdown or HTML percent-encoded, so an echoed URL stays one inert URL.
std::string inertTarget(std::string_view t) {
    static const char* hex = "0123456789ABCDEF";
    std::string out;
    out.reserve(t.size());
    for (unsigned char c : t) {
        if (c <= 0x20 || c >= 0x7F || std::strchr("[]()<>*_`\\\"'{}|^!", c)) {
            out += '%';
            out += hex[c >> 4];
            out += hex[c & 15];
        } else {
            out += static_cast<char>(c);
        }
    }
    return out;
}

ipf_str requestUrl(const ipf_request* r) {
    Exchange* e = mex(r);
    if (!e->url) {
        std::string_view host;
        for (const auto& h : e->request.headers)
            if (iequals(h.name, "host")) host = h.value;
        if (!validAuthority(host)) host = e->service_host ? std::string_view(*e->service_host) : "localhost";
        std::string scheme = e->request.tls != "none" ? "https" : "http";
        e->url = scheme + "://" + std::string(host) + inertTarget(sv(target(r)));
    }
    return view(*e->url);
}

int mayBlock(const ipf_request* r) { return ex(r)->on_worker || !ex(r)->route->nonblocking ? 1 : 0; }

// ---- response --------------------------------------------------------------

void setStatus(ipf_response* r, int status) {
    if (status >= 100 && status <= 599) ex(r)->response.status = status;
}

/// Headers the host writes itself; a plugin may not set or fake them.
bool hostOwned(std::string_view name) {
    static const char* owned[] = {"cache-control", "content-length", "content-type",      "connection",
                                  "date",          "server",         "transfer-encoding", "retry-after",
                                  "allow",         "keep-alive",     "upgrade",           "age"};
    for (const char* o : owned)
        if (iequals(name, o)) return true;
    auto prefix = [&](std::string_view p) { return name.size() >= p.size() && iequals(name.substr(0, p.size()), p); };
    return prefix("access-control-") || prefix("x-ratelimit-");
}

bool validToken(std::string_view name) {
    if (name.empty()) return false;
    for (char c : name)
        if (!(isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_')) return false;
    return true;
}

ipf_status addHeader(ipf_response* r, ipf_str name, ipf_str value) {
    auto n = sv(name), v = sv(value);
    if (!validToken(n) || v.find_first_of("\r\n") != std::string_view::npos) return IPF_INVALID;
    if (hostOwned(n)) return IPF_INVALID;
    ex(r)->response.addHeader(n, v);
    return IPF_OK;
}

void setBody(ipf_response* r, ipf_str content_type, ipf_str body) {
    auto& resp = ex(r)->response;
    auto ct = sv(content_type);
    resp.content_type =
        ct.find_first_of("\r\n") == std::string_view::npos ? std::string(ct) : "application/octet-stream";
    resp.body.assign(sv(body));
}

void setError(ipf_response* r, int status, ipf_str token, ipf_str message) {
    if (status < 400 || status > 599) status = 500;
    pipeline::writeError(ex(r)->response, status, sv(token), sv(message));
}

void setTransient(ipf_response* r) { ex(r)->transient = true; }

/// The table plugins call; every entry behind the wall of CEntry.h.
const ipf_host_api kHostApi = [] {
    ipf_host_api a{};
    a.struct_size = sizeof(ipf_host_api);
    a.abi_major = IPF_ABI_MAJOR;
    a.abi_minor = IPF_ABI_MINOR;
    a.log = facilities::cEntry<hostLog>;
    a.config_get = facilities::cEntry<configGet>;
    a.config_path = facilities::cEntry<configPath>;
    a.service_host = facilities::cEntry<serviceHost>;
    a.edge = facilities::cEntry<edge>;
    a.now_ms = facilities::cEntry<nowMs>;
    a.request_method = facilities::cEntry<method>;
    a.request_path = facilities::cEntry<path>;
    a.request_target = facilities::cEntry<target>;
    a.path_param = facilities::cEntry<pathParam>;
    a.query_count = facilities::cEntry<queryCount>;
    a.query_get = facilities::cEntry<queryGet>;
    a.header_count = facilities::cEntry<headerCount>;
    a.header_at = facilities::cEntry<headerAt>;
    a.header_get = facilities::cEntry<headerGet>;
    a.client_address = facilities::cEntry<clientAddress>;
    a.peer_address = facilities::cEntry<peerAddress>;
    a.key_identity = facilities::cEntry<keyIdentity>;
    a.protocol = facilities::cEntry<protocol>;
    a.tls_version = facilities::cEntry<tlsVersion>;
    a.rtt_us = facilities::cEntry<rttUs>;
    a.set_status = facilities::cEntry<setStatus>;
    a.add_header = facilities::cEntry<addHeader>;
    a.set_body = facilities::cEntry<setBody>;
    a.set_error = facilities::cEntry<setError>;
    a.set_transient = facilities::cEntry<setTransient>;
    a.request_url = facilities::cEntry<requestUrl>;
    a.may_block = facilities::cEntry<mayBlock>;
    return a;
}();

}  // namespace

ipf_host_api makeHostApi(const facilities::FacilitySet& facilities) {
    ipf_host_api a = kHostApi;
    facilities.fill(a);
    return a;
}

ipf_plugin_ctx* handleOf(PluginContext* c) {
    return reinterpret_cast<ipf_plugin_ctx*>(static_cast<facilities::FacilityContext*>(c));
}

PluginContext* contextOf(ipf_plugin_ctx* h) {
    return static_cast<PluginContext*>(reinterpret_cast<facilities::FacilityContext*>(h));
}

}  // namespace ipfacts::plugins
