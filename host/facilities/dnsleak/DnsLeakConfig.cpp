#include "host/facilities/dnsleak/DnsLeakConfig.h"

#include "host/net/IpAddress.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>

namespace ipfacts::facilities::dnsleak {
namespace {

/// A host name of LDH labels, lower-cased, without a trailing dot.
bool hostName(std::string& s) {
    if (!s.empty() && s.back() == '.') s.pop_back();
    if (s.empty() || s.size() > 200) return false;  // room for <label>.<token>. in front
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
    size_t label = 0;
    for (char c : s) {
        if (c == '.') {
            if (label == 0) return false;
            label = 0;
        } else if (std::isalnum(static_cast<unsigned char>(c)) || c == '-') {
            if (++label > 63) return false;
        } else {
            return false;
        }
    }
    return label > 0;
}

std::string address(const manifest::YamlReader& r, const YAML::Node& n, const std::string& what, bool v4) {
    std::string text = r.str(n, what);
    auto a = net::IpAddress::parse(text);
    if (!a || a->isV4() != v4) r.fail(n, what + " must be an IPv" + std::string(v4 ? "4" : "6") + " address");
    return a->toString();
}

}  // namespace

DnsLeakConfig DnsLeakConfig::fromYaml(const YAML::Node& n, const std::string& file, const std::string& dir) {
    const manifest::YamlReader r(file, dir);
    r.onlyKeys(n,
               {"zone", "listen", "port", "answer_v4", "answer_v6", "nameserver", "names_per_session", "lifetime_s",
                "per_source_per_second", "max_sources", "max_tcp_connections", "tcp_idle_ms",
                "max_questions_per_session", "max_pending"},
               "dnsleak");
    DnsLeakConfig c;
    if (!n["zone"]) r.fail(n, "dnsleak needs zone (the name delegated to this service, e.g. leak.example.org)");
    c.zone = r.str(n["zone"], "dnsleak.zone");
    if (!hostName(c.zone)) r.fail(n["zone"], "dnsleak.zone must be a host name of at most 200 bytes");
    if (!n["listen"] || !n["listen"].IsSequence() || n["listen"].size() == 0)
        r.fail(n, "dnsleak needs listen: a list of addresses the responder answers on");
    for (const auto& a : n["listen"]) {
        auto ip = net::IpAddress::parse(r.str(a, "dnsleak.listen"));
        if (!ip) r.fail(a, "dnsleak.listen holds an address literal per entry");
        c.listen.push_back(ip->toString());
    }
    r.integerKey(n, "port", "dnsleak", c.port, 1, 65535);
    if (n["answer_v4"]) c.answer_v4 = address(r, n["answer_v4"], "dnsleak.answer_v4", true);
    if (n["answer_v6"]) c.answer_v6 = address(r, n["answer_v6"], "dnsleak.answer_v6", false);
    if (c.answer_v4.empty() && c.answer_v6.empty())
        r.fail(n, "dnsleak needs answer_v4 or answer_v6: the service's address its names resolve to");
    c.nameserver = "ns." + c.zone;
    if (n["nameserver"]) {
        c.nameserver = r.str(n["nameserver"], "dnsleak.nameserver");
        if (!hostName(c.nameserver)) r.fail(n["nameserver"], "dnsleak.nameserver must be a host name");
    }
    r.integerKey(n, "names_per_session", "dnsleak", c.names_per_session, 1, 16);
    r.integerKey(n, "lifetime_s", "dnsleak", c.lifetime_s, 60, 3600);
    r.integerKey(n, "per_source_per_second", "dnsleak", c.per_source_per_second, 1, 10000);
    r.integerKey(n, "max_sources", "dnsleak", c.max_sources, 16, 1 << 20);
    r.integerKey(n, "max_tcp_connections", "dnsleak", c.max_tcp_connections, 1, 4096);
    r.integerKey(n, "tcp_idle_ms", "dnsleak", c.tcp_idle_ms, 100, 60000);
    r.integerKey(n, "max_questions_per_session", "dnsleak", c.max_questions_per_session, 1, 1000);
    r.integerKey(n, "max_pending", "dnsleak", c.max_pending, 16, 1 << 20);
    return c;
}

}  // namespace ipfacts::facilities::dnsleak
