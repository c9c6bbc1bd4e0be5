// CallerFacts: what the address database says about an address, or why it
// says nothing. Shared by /json and /ip.md; never blocks (netdb is in memory).
#ifndef IPFACTS_PLUGINS_IP_CALLERFACTS_H
#define IPFACTS_PLUGINS_IP_CALLERFACTS_H

#include <ipfacts/plugin.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ipfacts::ip {

struct CallerFacts {
    Held<NetFactsView> facts;            ///< read in place; nothing known when missing is set
    std::optional<std::string> missing;  ///< why there are no facts at all, for `reasons`
};

/// Looks `address` up in the host's address database; the facts stay where
/// the host put them until the CallerFacts goes. `wanted` (IPF_NETDB_WANT_*
/// bits) names the groups read; the others may come back unknown.
CallerFacts lookUpFacts(const Host& host, std::string_view address, uint32_t wanted = IPF_NETDB_WANT_ALL);

/// 6 when `address` looks like IPv6 (has a colon), else 4. For the client
/// addresses the host hands out this is all a version needs, and unlike a
/// full parse it also reads a link-local peer with a zone index (fe80::1%eth0).
inline int ipVersionOf(std::string_view address) { return address.find(':') != std::string_view::npos ? 6 : 4; }

}  // namespace ipfacts::ip

#endif
