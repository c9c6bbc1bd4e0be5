// DnsExitList: Tor's DNS exit list (a DNSEL zone such as dnsel.torproject.org)
// asked per address through the host's stub resolver: the reversed IPv4
// octets under the zone have an A record in 127.0.0.0/8 when the address is
// a Tor exit, and none (NXDOMAIN) otherwise. An alternative or a companion
// to the downloaded exit list (Feed); it answers for IPv4 only.
#pragma once

#include "host/facilities/privacy/SourceWord.h"
#include "host/net/IpAddress.h"

#include <cstdint>
#include <string>

namespace ipfacts::facilities {
class StubResolver;
}

namespace ipfacts::facilities::privacy {

class DnsExitList {
public:
    /// `resolver` may be null (no resolver: section): every answer is then unknown.
    DnsExitList(std::string zone, const StubResolver* resolver) : zone_(std::move(zone)), resolver_(resolver) {}

    /// The name asked for `a`: "1.101.220.185.<zone>"; empty for IPv6.
    std::string questionFor(const net::IpAddress& a) const;

    /// What the zone says of `a`. Blocking: one DNS question.
    SourceWord lookup(const net::IpAddress& a, int64_t now_s) const;

private:
    std::string zone_;
    const StubResolver* resolver_;
};

}  // namespace ipfacts::facilities::privacy
