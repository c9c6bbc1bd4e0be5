// ForwardCheck: forward-confirmed reverse DNS. A PTR record is written by
// the address's owner and proves nothing alone (SPEC 2.4); it carries
// weight only when the name it gives resolves back to the same address.
#ifndef IPFACTS_PLUGINS_REVERSE_FORWARDCHECK_H
#define IPFACTS_PLUGINS_REVERSE_FORWARDCHECK_H

#include <ipfacts/address.hpp>
#include <ipfacts/plugin.hpp>

#include <string>
#include <vector>

namespace ipfacts::reverse {

/// The A and AAAA questions for every name, in order: for name i,
/// question 2i asks A and question 2i+1 asks AAAA.
std::vector<DnsQuestion> forwardQuestions(const std::vector<std::string>& names);

struct ForwardResult {
    std::vector<Address> addresses;     ///< every A/AAAA address, in answer order, each once
    bool confirmed = false;             ///< some address equals the queried one, byte for byte
    std::vector<std::string> failures;  ///< "the AAAA lookup of x failed: timeout", one per failed question
};

/// Collects the addresses of the A and AAAA records in `answers` (answer i
/// for question i; other record types such as CNAME are skipped) and
/// compares them with `queried` as bytes, never as strings.
ForwardResult checkForward(const std::vector<DnsQuestion>& questions, const std::vector<DnsAnswer>& answers,
                           const Address& queried);

}  // namespace ipfacts::reverse

#endif
