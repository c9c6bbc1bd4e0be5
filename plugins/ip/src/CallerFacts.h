// CallerFacts: what the address database says about an address, or why it
// says nothing. Shared by /json and /ip.md; never blocks (netdb is in memory).
#ifndef IPFACTS_PLUGINS_IP_CALLERFACTS_H
#define IPFACTS_PLUGINS_IP_CALLERFACTS_H

#include <ipfacts/plugin.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace ipfacts::ip {

struct CallerFacts {
    NetFacts facts;                     ///< default (nothing known) when missing is set
    std::optional<std::string> missing; ///< why there are no facts at all, for `reasons`
};

/// Looks `address` up in the host's address database.
CallerFacts lookUpFacts(const Host& host, std::string_view address);

}  // namespace ipfacts::ip

#endif
