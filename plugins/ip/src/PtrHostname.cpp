#include "PtrHostname.h"

#include "ArpaName.h"

namespace ipfacts::ip {
namespace {

constexpr int kNoError = 0;
constexpr int kNxDomain = 3;

HostnameLookup because(std::string why) { return HostnameLookup{std::nullopt, std::move(why)}; }

std::string rcodeName(int rcode) {
    switch (rcode) {
        case 1: return "FORMERR";
        case 2: return "SERVFAIL";
        case 4: return "NOTIMP";
        case 5: return "REFUSED";
        default: return "response code " + std::to_string(rcode);
    }
}

bool isPtr(const DnsRecord& r) { return r.type == "PTR" || r.type == "ptr"; }

}  // namespace

HostnameLookup hostnameFromAnswer(const DnsAnswer& answer) {
    if (answer.rcode < 0)
        return because("the reverse DNS lookup failed: " + answer.error.value_or("no response"));
    if (answer.rcode == kNxDomain) return because("no PTR record");
    if (answer.rcode != kNoError) return because("the DNS resolver answered " + rcodeName(answer.rcode));
    for (const DnsRecord& r : answer.records) {
        if (!isPtr(r)) continue;
        std::string name = r.data;
        if (!name.empty() && name.back() == '.') name.pop_back();
        if (name.empty()) continue;  // a PTR to the root names nothing
        return HostnameLookup{std::move(name), std::nullopt};
    }
    return because("no PTR record");
}

HostnameLookup reverseHostname(const Host& host, std::string_view address) {
    if (!host.hasResolver()) return because("no DNS resolver is configured");
    std::optional<std::string> arpa = arpaName(address);
    if (!arpa) return because("the address is not an address literal");
    try {
        std::vector<DnsAnswer> answers = host.resolve({DnsQuestion{*arpa, "PTR"}});
        if (answers.empty()) return because("the reverse DNS lookup failed: no answer");
        return hostnameFromAnswer(answers.front());
    } catch (const DnsUnavailable& e) {
        return because(std::string("the reverse DNS lookup failed: ") + e.what());
    }
}

}  // namespace ipfacts::ip
