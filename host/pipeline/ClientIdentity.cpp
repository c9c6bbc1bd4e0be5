#include "host/pipeline/ClientIdentity.h"

#include "host/pipeline/HttpText.h"

namespace ipfacts::pipeline {
namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

/// Calls `step(entry)` for each address named by X-Forwarded-For headers,
/// the nearest hop (rightmost, last header) first, until it returns false.
/// False when the request has no such header. Walks the headers in place:
/// this runs on every request from a trusted proxy, and a list of the
/// entries cost an allocation each time.
template <class Step>
bool eachForwardedForNearestFirst(const HttpRequest& req, Step step) {
    bool any = false;
    for (auto h = req.headers.rbegin(); h != req.headers.rend(); ++h) {
        if (!iequals(h->name, "x-forwarded-for")) continue;
        any = true;
        std::string_view v = h->value;
        while (true) {
            const size_t comma = v.rfind(',');
            if (!step(trim(comma == std::string_view::npos ? v : v.substr(comma + 1)))) return true;
            if (comma == std::string_view::npos) break;
            v = v.substr(0, comma);
        }
    }
    return any;
}

/// Addresses in RFC 7239 Forwarded "for=" parameters, left to right.
std::vector<std::string_view> forwardedParam(const HttpRequest& req) {
    std::vector<std::string_view> out;
    for (const auto& h : req.headers) {
        if (!iequals(h.name, "forwarded")) continue;
        std::string_view v = h.value;
        while (!v.empty()) {
            size_t sep = v.find_first_of(",;");
            std::string_view pair = trim(v.substr(0, sep));
            if (pair.size() > 4 && iequals(pair.substr(0, 4), "for=")) {
                std::string_view a = pair.substr(4);
                if (a.size() >= 2 && a.front() == '"' && a.back() == '"') a = a.substr(1, a.size() - 2);
                // "[2001:db8::1]:4711" or "192.0.2.1:4711": drop the port.
                if (!a.empty() && a.front() == '[') {
                    size_t close = a.find(']');
                    a = close == std::string_view::npos ? std::string_view() : a.substr(0, close + 1);
                } else if (a.find(':') == a.rfind(':') && a.find(':') != std::string_view::npos) {
                    a = a.substr(0, a.find(':'));
                }
                out.push_back(a);
            }
            if (sep == std::string_view::npos) break;
            v.remove_prefix(sep + 1);
        }
    }
    return out;
}

}  // namespace

ClientIdentity::ClientIdentity(const std::vector<std::string>& trusted_proxies) {
    for (const auto& t : trusted_proxies)
        if (auto r = net::CidrRange::parse(t)) trusted_.push_back(*r);
}

bool ClientIdentity::trusted(const net::IpAddress& a) const {
    for (const auto& r : trusted_)
        if (r.contains(a)) return true;
    return false;
}

net::IpAddress ClientIdentity::clientOf(const HttpRequest& req) const {
    if (trusted_.empty() || !trusted(req.peer)) return req.peer;
    net::IpAddress client = req.peer;
    // Walk from the nearest hop outwards; stop at the first hop we cannot
    // vouch for. A malformed entry ends the walk: what lies left of it was
    // written by someone we do not trust.
    auto step = [&](std::string_view entry) {
        auto a = net::IpAddress::parse(entry);
        if (!a) return false;
        client = a->unmapped();  // ::ffff:8.8.8.8 is the IPv4 caller 8.8.8.8
        return trusted(client);
    };
    if (eachForwardedForNearestFirst(req, step)) return client;
    // No X-Forwarded-For: RFC 7239 Forwarded, walked the same way.
    const auto chain = forwardedParam(req);
    for (auto it = chain.rbegin(); it != chain.rend(); ++it)
        if (!step(*it)) break;
    return client;
}

std::optional<std::string> ClientIdentity::presentedKey(const HttpRequest& req, std::string_view raw_query) {
    for (const auto& h : req.headers) {
        if (!iequals(h.name, "authorization")) continue;
        std::string_view v = trim(h.value);
        if (v.size() > 7 && iequals(v.substr(0, 7), "bearer ")) return std::string(trim(v.substr(7)));
    }
    return keyParamValue(raw_query);
}

}  // namespace ipfacts::pipeline
