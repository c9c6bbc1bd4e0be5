#include "PtrHostname.h"

#include <ipfacts/address.hpp>
#include <ipfacts/dns_rcode.hpp>
#include <ipfacts/reasons.hpp>

namespace ipfacts::ip {
namespace {

HostnameLookup because(std::string why) { return HostnameLookup{std::nullopt, std::move(why)}; }

bool isPtr(const DnsRecord& r) { return r.type == "PTR" || r.type == "ptr"; }

}  // namespace

HostnameLookup hostnameFromAnswer(const DnsAnswer& answer) {
    std::optional<std::string_view> error;
    if (answer.error) error = *answer.error;
    if (std::optional<std::string> why = ptrAnswerReason(answer.rcode, error)) return because(std::move(*why));
    for (const DnsRecord& r : answer.records) {
        if (!isPtr(r)) continue;
        std::string name = r.data;
        if (!name.empty() && name.back() == '.') name.pop_back();
        if (name.empty()) continue;  // a PTR to the root names nothing
        return HostnameLookup{std::move(name), std::nullopt};
    }
    return because(ptrNoDataReason());
}

HostnameLookup reverseHostname(const Host& host, std::string_view address) {
    if (!host.hasResolver()) return because(kNoResolverReason);
    std::optional<std::string> arpa = arpaNameOf(address);
    if (!arpa) return because("the address is not an address literal");
    try {
        std::vector<DnsAnswer> answers = host.resolve({DnsQuestion{*arpa, "PTR"}});
        if (answers.empty()) return because(ptrLookupFailedReason("the DNS resolver gave no answer"));
        return hostnameFromAnswer(answers.front());
    } catch (const DnsUnavailable& e) {
        return because(ptrLookupFailedReason(e.what()));
    }
}

}  // namespace ipfacts::ip
