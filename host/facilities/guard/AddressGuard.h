// AddressGuard: decides whether the host may open a connection to an address.
// Only globally reachable unicast passes: every block of the IANA
// special-purpose registries (etc/netdb/special-purpose.yaml) is refused, and
// an IPv6 form that carries an IPv4 address (mapped, compatible, NAT64, 6to4,
// Teredo) is judged by the address inside. The deployment's allow list
// (GuardConfig) is consulted first. The registry is the host's one reading of
// that file, shared with netdb. README.md beside this file has the rules.
#pragma once

#include "host/facilities/guard/GuardConfig.h"
#include "host/facilities/guard/GuardVerdict.h"
#include "host/facilities/netdb/SpecialPurposeRegistry.h"

#include <memory>
#include <optional>
#include <string>

struct sockaddr;

namespace ipfacts::facilities::guard {

class AddressGuard {
public:
    /// Judges by `registry`, the host's shared reading of the IANA file.
    AddressGuard(std::shared_ptr<const netdb::SpecialPurposeRegistry> registry, GuardConfig config);
    /// Reads its own registry from `special_purpose` (tests, tools). Throws
    /// std::runtime_error naming file and line when it is malformed.
    AddressGuard(const std::string& special_purpose, GuardConfig config);

    /// The verdict on `a`. Thread-safe (the guard is immutable) and
    /// allocation-free: it runs on every connect.
    GuardVerdict check(const net::IpAddress& a) const;
    /// The same for a socket address; an IPv4-mapped IPv6 socket address is
    /// judged (and named) as written. Refuses families other than IPv4/IPv6.
    GuardVerdict check(const sockaddr* sa) const;

    /// The line the daemon logs at start when the allow list is not empty:
    /// such a deployment can be made to reach its own network.
    std::optional<std::string> allowListWarning() const;
    /// Logs allowListWarning() with spdlog at warn level, if there is one.
    void logAllowListWarning() const;

    const GuardConfig& config() const { return config_; }
    const netdb::SpecialPurposeRegistry& registry() const { return *registry_; }

private:
    bool allowListed(const net::IpAddress& a) const;
    GuardVerdict judgeIpv6(const net::IpAddress& a, const SpecialBlock* block) const;

    std::shared_ptr<const netdb::SpecialPurposeRegistry> registry_;
    GuardConfig config_;
};

}  // namespace ipfacts::facilities::guard
