// ReverseFacts: what a reverse lookup found, before it is written out.
#ifndef IPFACTS_PLUGINS_REVERSE_REVERSEFACTS_H
#define IPFACTS_PLUGINS_REVERSE_REVERSEFACTS_H

#include <ipfacts/address.hpp>
#include <ipfacts/reasons.hpp>

#include <string>
#include <vector>

namespace ipfacts::reverse {

struct ReverseFacts {
    Address address;                        ///< the address looked up (IPv4 for an IPv4-mapped one)
    std::string arpa;                       ///< its reverse name, no trailing dot
    std::vector<std::string> hostnames;     ///< PTR targets, no trailing dot, each once
    std::vector<Address> forwardAddresses;  ///< what the hostnames resolve to, each once
    bool forwardConfirmed = false;          ///< address is among forwardAddresses
    Reasons reasons;                        ///< field name, why it is empty or incomplete
    /// A lookup failed (timeout, SERVFAIL, REFUSED, no answer) rather than
    /// answered: no cache may keep the answer (Response::transient).
    bool transient = false;
};

}  // namespace ipfacts::reverse

#endif
