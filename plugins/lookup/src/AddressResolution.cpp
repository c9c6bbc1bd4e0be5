#include "AddressResolution.h"

#include <ipfacts/address.hpp>
#include <ipfacts/dns_rcode.hpp>

#include <algorithm>
#include <strings.h>

namespace ipfacts::lookup {
namespace {

struct Question {
    const char* type;
    int version;
};
constexpr Question kAsked[] = {{"A", 4}, {"AAAA", 6}};

bool sameType(const std::string& a, const char* b) { return strcasecmp(a.c_str(), b) == 0; }

void collect(const DnsAnswer& answer, const Question& q, std::vector<std::string>& out) {
    for (const DnsRecord& r : answer.records) {
        if (!sameType(r.type, q.type)) continue;
        std::optional<Address> a = parseAddress(r.data);
        if (!a || a->version != q.version) continue;
        std::string text = a->text();
        if (std::find(out.begin(), out.end(), text) == out.end()) out.push_back(std::move(text));
    }
}

/// Why the answer is unusable, or an empty string when it is usable.
std::string failureOf(const DnsAnswer& answer, const Question& q) {
    const std::string query = std::string("the ") + q.type + " query";
    if (answer.rcode < 0) return query + " failed: " + answer.error.value_or("no response");
    if (answer.rcode != kRcodeNoError && answer.rcode != kRcodeNxDomain)
        return query + " was answered " + rcodeName(answer.rcode);
    return std::string();
}

std::string joined(const std::vector<std::string>& parts) {
    std::string out;
    for (const std::string& p : parts) out += (out.empty() ? "" : "; ") + p;
    return out;
}

Resolution failed(std::string why) { return Resolution{Resolution::Outcome::ResolverFailed, {}, std::move(why)}; }

}  // namespace

std::vector<DnsQuestion> addressQuestions(const std::string& name) {
    return {DnsQuestion{name, kAsked[0].type}, DnsQuestion{name, kAsked[1].type}};
}

Resolution readAddressAnswers(const std::vector<DnsAnswer>& answers) {
    Resolution r;
    std::vector<std::string> failures;
    bool nxdomain = false;
    for (size_t i = 0; i < 2; ++i) {
        if (i >= answers.size()) {
            failures.push_back(std::string("the ") + kAsked[i].type + " query got no answer");
            continue;
        }
        std::string failure = failureOf(answers[i], kAsked[i]);
        if (!failure.empty()) failures.push_back(std::move(failure));
        else if (answers[i].rcode == kRcodeNxDomain) nxdomain = true;
        else collect(answers[i], kAsked[i], r.addresses);
    }
    if (!r.addresses.empty()) r.outcome = Resolution::Outcome::Found, r.note = joined(failures);
    else if (nxdomain) r.outcome = Resolution::Outcome::NoSuchName, r.note = "NXDOMAIN";
    else if (failures.empty()) r.outcome = Resolution::Outcome::NoSuchName, r.note = "no A or AAAA records";
    else r.outcome = Resolution::Outcome::ResolverFailed, r.note = joined(failures);
    return r;
}

Resolution resolveAddresses(const Host& host, const std::string& name) {
    if (!host.hasResolver()) return failed("no DNS resolver is configured");
    try {
        return readAddressAnswers(host.resolve(addressQuestions(name)));
    } catch (const DnsUnavailable& e) {
        return failed(e.what());
    }
}

}  // namespace ipfacts::lookup
