#include "TargetLookup.h"

#include "AddressResolution.h"
#include "LocationReasons.h"
#include "LookupResponseWriter.h"
#include "TargetParser.h"

#include <ipfacts/address.hpp>
#include <ipfacts/privacy.hpp>
#include <ipfacts/reasons.hpp>

namespace ipfacts::lookup {
namespace {

LookupOutcome failure(int status, const char* token, std::string message) {
    return LookupOutcome{status, token, std::move(message), {}};
}

/// The addresses to report, or the error that ends the lookup.
std::optional<LookupOutcome> resolveInto(const Host& host, const std::string& name, LookupReport& r) {
    Resolution res = resolveAddresses(host, name);
    switch (res.outcome) {
        case Resolution::Outcome::NoSuchName:
            return failure(404, kNameNotFound, name + " has no IPv4 or IPv6 address (" + res.note + ")");
        case Resolution::Outcome::ResolverFailed:
            return failure(503, kResolverUnavailable, "could not resolve " + name + ": " + res.note);
        case Resolution::Outcome::Found: break;
    }
    r.hostname = name;
    r.addresses = std::move(res.addresses);
    if (!res.note.empty()) r.reasons.add("addresses", res.note + "; only the addresses found are listed");
    return std::nullopt;
}

void addFacts(const Host& host, LookupReport& r) {
    std::optional<std::string> missing;
    if (!host.hasNetDb()) missing = "no address database is configured";
    else if (auto found = host.netFacts(r.ip)) r.facts = found->keep();  // kept: the report outlives the call
    else missing = "the address database could not look this address up";
    if (missing) {
        r.reasons.add("classification", *missing);
        r.reasons.add(kGeolocationReason, *missing);
        r.reasons.add(kNetworkReason, *missing);
        return;
    }
    explainMissingLocation(r);
}

}  // namespace

/// privacy=1: spends the caller's daily privacy meter, then asks the host's
/// privacy providers about the reported address. Past the meter nothing is
/// asked and reasons.privacy says the meter is spent; unknown flags are
/// explained as "privacy.<flag>".
void addPrivacy(const Host& host, const Request& req, LookupReport& r) {
    if (auto use = host.takeMeter(req.handle(), "privacy"); use && !use->allowed)
        return void(r.reasons.add("privacy", privacyAllowanceSpentReason(isoUtc(use->resets_at * 1000))));
    PrivacyAnswer answer = privacyOf(host, r.ip);
    if (answer.facts) addPrivacyReasons(r.reasons, *answer.facts);
    else r.reasons.add("privacy", answer.error);
    r.privacy = std::move(answer.facts);
}

LookupOutcome lookUpTarget(const Host& host, const Request& req, std::string_view rawTarget, Flag privacy) {
    if (privacy == Flag::Invalid)
        return failure(400, kInvalidParameter, "`privacy` takes only the value 1, at most once");
    ParsedTarget parsed = parseTarget(rawTarget);
    if (!parsed.target) return failure(400, kInvalidTarget, parsed.problem);
    const Target& target = *parsed.target;

    LookupReport r;
    if (target.kind == Target::Kind::Hostname) {
        if (std::optional<LookupOutcome> stop = resolveInto(host, target.text, r)) return *stop;
    } else {
        r.addresses = {target.text};
    }
    r.ip = r.addresses.front();
    r.version = parseAddress(r.ip).value_or(Address{}).version;
    addFacts(host, r);
    if (privacy == Flag::Set) addPrivacy(host, req, r);
    r.stamp = ResponseStamp::now(host);
    return LookupOutcome{200, {}, {}, writeLookupResponse(r)};
}

}  // namespace ipfacts::lookup
