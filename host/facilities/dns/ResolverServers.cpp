#include "host/facilities/dns/ResolverServers.h"

#include <arpa/inet.h>
#include <netinet/in.h>

#include <charconv>
#include <cstring>
#include <fstream>
#include <sstream>

namespace ipfacts::facilities {
namespace {

constexpr uint16_t kDnsPort = 53;

std::optional<uint16_t> parsePort(std::string_view text) {
    unsigned value = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || value == 0 || value > 65535) return std::nullopt;
    return static_cast<uint16_t>(value);
}

std::optional<ResolverServer> fromParts(const std::string& host, uint16_t port, std::string_view text) {
    ResolverServer s;
    s.text = std::string(text);
    auto* v4 = reinterpret_cast<sockaddr_in*>(&s.address);
    auto* v6 = reinterpret_cast<sockaddr_in6*>(&s.address);
    if (::inet_pton(AF_INET, host.c_str(), &v4->sin_addr) == 1) {
        v4->sin_family = AF_INET;
        v4->sin_port = htons(port);
        s.length = sizeof(sockaddr_in);
        return s;
    }
    if (::inet_pton(AF_INET6, host.c_str(), &v6->sin6_addr) == 1) {
        v6->sin6_family = AF_INET6;
        v6->sin6_port = htons(port);
        s.length = sizeof(sockaddr_in6);
        return s;
    }
    return std::nullopt;
}

}  // namespace

std::optional<ResolverServer> parseResolverServer(std::string_view text) {
    if (!text.empty() && text.front() == '[') {
        const size_t close = text.find(']');
        if (close == std::string_view::npos) return std::nullopt;
        const std::string host(text.substr(1, close - 1));
        if (close + 1 == text.size()) return fromParts(host, kDnsPort, text);
        if (text[close + 1] != ':') return std::nullopt;
        auto port = parsePort(text.substr(close + 2));
        return port ? fromParts(host, *port, text) : std::nullopt;
    }
    const size_t colon = text.find(':');
    if (colon != std::string_view::npos && text.find(':', colon + 1) == std::string_view::npos) {
        auto port = parsePort(text.substr(colon + 1));
        return port ? fromParts(std::string(text.substr(0, colon)), *port, text) : std::nullopt;
    }
    return fromParts(std::string(text), kDnsPort, text);  // IPv4, or IPv6 without brackets
}

std::vector<ResolverServer> resolverServers(const std::vector<std::string>& configured,
                                            const std::string& resolv_conf) {
    std::vector<ResolverServer> out;
    for (const auto& text : configured)
        if (auto s = parseResolverServer(text)) out.push_back(*s);
    if (!configured.empty()) return out;
    std::ifstream in(resolv_conf);
    std::string line;
    while (std::getline(in, line)) {
        std::istringstream words(line);
        std::string keyword, address;
        if (!(words >> keyword >> address) || keyword != "nameserver") continue;
        const size_t zone = address.find('%');  // fe80::1%eth0: the zone is not ours to use
        if (zone != std::string::npos) continue;
        if (auto s = parseResolverServer(address)) out.push_back(*s);
    }
    return out;
}

}  // namespace ipfacts::facilities
