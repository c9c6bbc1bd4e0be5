#include "ForwardCheck.h"

#include "DnsFailure.h"

#include <algorithm>
#include <optional>

namespace ipfacts::reverse {
namespace {

// The address an A or AAAA record holds; nullopt for any other record, or
// data that does not parse (never expected from the facility, but a record
// of the wrong family must not count).
std::optional<Address> addressOf(const DnsRecord& record) {
    const int version = record.type == "A" ? 4 : record.type == "AAAA" ? 6 : 0;
    if (version == 0) return std::nullopt;
    std::optional<Address> address = parseAddress(record.data);
    if (!address || address->version != version) return std::nullopt;
    return address;
}

void addOnce(std::vector<Address>& addresses, const Address& address) {
    if (std::find(addresses.begin(), addresses.end(), address) == addresses.end()) addresses.push_back(address);
}

}  // namespace

std::vector<DnsQuestion> forwardQuestions(const std::vector<std::string>& names) {
    std::vector<DnsQuestion> questions;
    questions.reserve(names.size() * 2);
    for (const std::string& name : names) {
        questions.push_back({name, "A"});
        questions.push_back({name, "AAAA"});
    }
    return questions;
}

ForwardResult checkForward(const std::vector<DnsQuestion>& questions, const std::vector<DnsAnswer>& answers,
                           const Address& queried) {
    ForwardResult result;
    for (size_t i = 0; i < answers.size() && i < questions.size(); ++i) {
        if (std::optional<std::string> why = failureOf(answers[i]))
            result.failures.push_back("the " + questions[i].type + " lookup of " + questions[i].name +
                                      " failed: " + *why);
        for (const DnsRecord& record : answers[i].records)
            if (std::optional<Address> address = addressOf(record)) addOnce(result.addresses, *address);
    }
    result.confirmed = std::find(result.addresses.begin(), result.addresses.end(), queried) != result.addresses.end();
    return result;
}

}  // namespace ipfacts::reverse
