// ForwardCheck: forward-confirmed reverse DNS. A PTR record is written by
// the address's owner and proves nothing alone; it carries
// weight only when the name it gives resolves back to the same address.
#ifndef IPFACTS_PLUGINS_REVERSE_FORWARDCHECK_H
#define IPFACTS_PLUGINS_REVERSE_FORWARDCHECK_H

#include <ipfacts/address.hpp>
#include <ipfacts/plugin.hpp>

#include <string>
#include <vector>

namespace ipfacts::reverse {

struct ForwardResult {
    std::vector<Address> addresses;     ///< every A/AAAA address, in answer order, each once
    bool confirmed = false;             ///< some address equals the queried one, byte for byte
    std::vector<std::string> failures;  ///< "the AAAA lookup of x failed: timeout (...)", one per failed question
};

/// Collects the addresses the answers hold for `questions` (the A and AAAA
/// questions of ipfacts::addressQuestions; answer i for question i; other
/// records such as CNAME are skipped) and compares them with `queried` as
/// bytes, never as strings. A failed answer is named in the SDK's words
/// (ipfacts::answerFailure).
ForwardResult checkForward(const std::vector<DnsQuestion>& questions, const DnsAnswers& answers,
                           const Address& queried);

}  // namespace ipfacts::reverse

#endif
