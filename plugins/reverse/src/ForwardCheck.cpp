#include "ForwardCheck.h"

#include <ipfacts/dns_answers.hpp>

#include <algorithm>
#include <optional>

namespace ipfacts::reverse {

ForwardResult checkForward(const std::vector<DnsQuestion>& questions, const DnsAnswers& answers,
                           const Address& queried) {
    ForwardResult result;
    for (size_t i = 0; i < answers.size() && i < questions.size(); ++i) {
        const DnsQuestion& q = questions[i];
        if (std::optional<std::string> why = answerFailure(answers[i]))
            result.failures.push_back("the " + q.type + " lookup of " + q.name + " failed: " + *why);
        for (const Address& address : addressesOf(answers[i], sameDnsText(q.type, "AAAA") ? 6 : 4))
            if (std::find(result.addresses.begin(), result.addresses.end(), address) == result.addresses.end())
                result.addresses.push_back(address);
    }
    result.confirmed = std::find(result.addresses.begin(), result.addresses.end(), queried) != result.addresses.end();
    return result;
}

}  // namespace ipfacts::reverse
