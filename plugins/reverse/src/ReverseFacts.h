// ReverseFacts: what a reverse lookup found, before it is written out.
#ifndef IPFACTS_PLUGINS_REVERSE_REVERSEFACTS_H
#define IPFACTS_PLUGINS_REVERSE_REVERSEFACTS_H

#include "IpAddress.h"

#include <string>
#include <utility>
#include <vector>

namespace ipfacts::reverse {

struct ReverseFacts {
    IpAddress address;                                         ///< the address looked up (IPv4 for an IPv4-mapped one)
    std::string arpa;                                          ///< its reverse name, no trailing dot
    std::vector<std::string> hostnames;                        ///< PTR targets, no trailing dot, each once
    std::vector<IpAddress> forwardAddresses;                   ///< what the hostnames resolve to, each once
    bool forwardConfirmed = false;                             ///< address is among forwardAddresses
    std::vector<std::pair<std::string, std::string>> reasons;  ///< field name, why it is empty or incomplete
};

}  // namespace ipfacts::reverse

#endif
