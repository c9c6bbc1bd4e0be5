#include "PtrHostname.h"

#include <ipfacts/address.hpp>
#include <ipfacts/dns_rcode.hpp>

namespace ipfacts::ip {
namespace {

HostnameLookup because(std::string why) { return HostnameLookup{std::nullopt, std::move(why)}; }

bool isPtr(const DnsRecord& r) { return r.type == "PTR" || r.type == "ptr"; }

}  // namespace

HostnameLookup hostnameFromAnswer(const DnsAnswer& answer) {
    if (answer.rcode < 0)
        return because("the reverse DNS lookup failed: " + answer.error.value_or("no response"));
    if (answer.rcode == kRcodeNxDomain) return because("no PTR record");
    if (answer.rcode != kRcodeNoError) return because("the DNS resolver answered " + rcodeName(answer.rcode));
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
    std::optional<std::string> arpa = arpaNameOf(address);
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
