#include "PtrHostname.h"

#include <ipfacts/address.hpp>
#include <ipfacts/dns_answers.hpp>
#include <ipfacts/reasons.hpp>

namespace ipfacts::ip {
namespace {

HostnameLookup because(std::string why) { return HostnameLookup{std::nullopt, std::move(why)}; }

}  // namespace

HostnameLookup reverseHostname(const Host& host, std::string_view address) {
    if (!host.hasResolver()) return because(kNoResolverReason);
    std::optional<std::string> arpa = arpaNameOf(address);
    if (!arpa) return because("the address is not an address literal");
    PtrLookup ptr = lookUpPtr(host, *arpa);
    if (ptr.reason) return because(std::move(*ptr.reason));
    return HostnameLookup{std::move(ptr.names.front()), std::nullopt};
}

}  // namespace ipfacts::ip
