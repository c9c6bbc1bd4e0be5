#include "host/net/LoopbackUrl.h"

#include <arpa/inet.h>

#include <string>

namespace ipfacts::net {
namespace {

/// The host part of an http(s) URL: between "://" and the next '/', '?' or
/// '#', without a port; empty when the URL has userinfo (an '@'), so nothing
/// there can pass for a loopback host.
std::string_view hostOf(std::string_view url) {
    const size_t start = url.find("://");
    if (start == std::string_view::npos) return {};
    std::string_view authority = url.substr(start + 3);
    authority = authority.substr(0, authority.find_first_of("/?#"));
    if (authority.find('@') != std::string_view::npos) return {};
    if (!authority.empty() && authority.front() == '[') {
        const size_t close = authority.find(']');
        if (close == std::string_view::npos) return {};
        // Only a port may follow the bracket: "[::1].evil" is no IPv6 literal.
        if (close + 1 < authority.size() && authority[close + 1] != ':') return {};
        return authority.substr(0, close + 1);
    }
    return authority.substr(0, authority.find(':'));
}

}  // namespace

bool urlOnLoopback(std::string_view url) {
    const std::string_view host = hostOf(url);
    if (host == "localhost" || host == "[::1]") return true;
    in_addr v4{};
    return host.substr(0, 4) == "127." && ::inet_pton(AF_INET, std::string(host).c_str(), &v4) == 1;
}

}  // namespace ipfacts::net
