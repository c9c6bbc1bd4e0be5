// GuardVerdict: what AddressGuard::check decided about one address. Plain data
// (no heap): the reason text is built only when someone asks for it, which is
// off the hot path because only refusals need it.
#pragma once

#include "host/facilities/netdb/SpecialPurposeRegistry.h"
#include "host/net/IpAddress.h"

#include <string>

namespace ipfacts::facilities::guard {

using netdb::SpecialBlock;

struct GuardVerdict {
    enum class Why {
        Public,       // in no special-purpose block: passes
        AllowListed,  // matched the deployment's allow list: passes
        Translated,   // an embedding form around a public IPv4 address: passes
        Block,        // in a special-purpose block: refused
        Embeds,       // an embedding form around a refused IPv4 address: refused
    };

    bool allowed = false;
    Why why = Why::Block;
    net::IpAddress address;               // the address judged, as given
    net::IpAddress embedded;              // Why::Embeds: the IPv4 address inside
    const SpecialBlock* block = nullptr;  // a row of the shared registry. Block: the address's;
                                          // Embeds: the IPv4 address's; nullptr on a refusal: not
                                          // an IP socket address

    /// "refused: 10.0.0.1 is private (RFC 1918)",
    /// "refused: 64:ff9b::7f00:1 embeds 127.0.0.1, loopback (RFC 1122)";
    /// empty when allowed.
    std::string reason() const;

    explicit operator bool() const { return allowed; }
};

}  // namespace ipfacts::facilities::guard
