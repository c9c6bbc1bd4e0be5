// ResolverServers: where the stub resolver sends its questions: the
// manifest's `resolver.servers` ("127.0.0.1:53", "[::1]:5353", a bare address
// meaning port 53) or, when that list is empty, the `nameserver` lines of
// /etc/resolv.conf.
#pragma once

#include <sys/socket.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ipfacts::facilities {

struct ResolverServer {
    sockaddr_storage address{};
    socklen_t length = 0;
    std::string text;  // as configured, for `source` and messages
};

/// One server: "ADDR:PORT", "[ADDR6]:PORT" or a bare address (port 53).
std::optional<ResolverServer> parseResolverServer(std::string_view text);

/// The configured servers, or those of `resolv_conf` when none are; entries
/// that do not parse are skipped (the manifest reader has checked its own).
std::vector<ResolverServer> resolverServers(const std::vector<std::string>& configured,
                                            const std::string& resolv_conf = "/etc/resolv.conf");

}  // namespace ipfacts::facilities
