#include "DnsFailure.h"

#include <ipfacts/dns_rcode.hpp>

namespace ipfacts::reverse {

std::optional<std::string> failureOf(const DnsAnswer& answer) {
    if (answer.rcode < 0) return answer.error.value_or("no response from the DNS resolver");
    if (answer.rcode == kRcodeNoError || answer.rcode == kRcodeNxDomain) return std::nullopt;
    return "the DNS resolver answered " + rcodeName(answer.rcode);
}

}  // namespace ipfacts::reverse
