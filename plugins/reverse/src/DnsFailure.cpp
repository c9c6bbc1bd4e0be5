#include "DnsFailure.h"

namespace ipfacts::reverse {
namespace {

constexpr int kNoError = 0;
constexpr int kNxDomain = 3;

std::string rcodeName(int rcode) {
    switch (rcode) {
        case 1:
            return "FORMERR";
        case 2:
            return "SERVFAIL";
        case 4:
            return "NOTIMP";
        case 5:
            return "REFUSED";
        default:
            return "response code " + std::to_string(rcode);
    }
}

}  // namespace

std::optional<std::string> failureOf(const DnsAnswer& answer) {
    if (answer.rcode < 0) return answer.error.value_or("no response from the DNS resolver");
    if (answer.rcode == kNoError || answer.rcode == kNxDomain) return std::nullopt;
    return "the DNS resolver answered " + rcodeName(answer.rcode);
}

}  // namespace ipfacts::reverse
