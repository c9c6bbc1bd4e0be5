#include "AddressResolution.h"

#include <ipfacts/dns_answers.hpp>

namespace ipfacts::lookup {
namespace {

struct Question {
    const char* type;
    int version;
};
constexpr Question kAsked[] = {{"A", 4}, {"AAAA", 6}};

std::string joined(const std::vector<std::string>& parts) {
    std::string out;
    for (const std::string& p : parts) out += (out.empty() ? "" : "; ") + p;
    return out;
}

Resolution failed(std::string why) { return Resolution{Resolution::Outcome::ResolverFailed, {}, std::move(why)}; }

}  // namespace

Resolution readAddressAnswers(const DnsAnswers& answers) {
    Resolution r;
    std::vector<std::string> failures;
    bool nxdomain = false;
    for (size_t i = 0; i < 2; ++i) {
        const std::string query = std::string("the ") + kAsked[i].type + " query";
        if (i >= answers.size()) {
            failures.push_back(query + " got no answer");
            continue;
        }
        if (std::optional<std::string> why = answerFailure(answers[i]))
            failures.push_back(query + " failed: " + *why);
        else if (answers[i].rcode() == kRcodeNxDomain)
            nxdomain = true;
        else
            for (const Address& a : addressesOf(answers[i], kAsked[i].version)) r.addresses.push_back(a.text());
    }
    if (!r.addresses.empty())
        r.outcome = Resolution::Outcome::Found, r.note = joined(failures);
    else if (nxdomain)
        r.outcome = Resolution::Outcome::NoSuchName, r.note = "NXDOMAIN";
    else if (failures.empty())
        r.outcome = Resolution::Outcome::NoSuchName, r.note = "no A or AAAA records";
    else
        r.outcome = Resolution::Outcome::ResolverFailed, r.note = joined(failures);
    return r;
}

Resolution resolveAddresses(const Host& host, const std::string& name) {
    const DnsAnswers answers = host.resolve(addressQuestions(name));
    if (!answers.ok()) return failed(std::string(answers.reason()));  // kNoResolverReason, or a refusal
    return readAddressAnswers(answers);
}

}  // namespace ipfacts::lookup
