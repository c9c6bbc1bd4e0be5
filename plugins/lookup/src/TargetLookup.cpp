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

/// The addresses to report, or the error that ends the lookup. `failed`:
/// one of the two queries failed while the other found addresses.
std::optional<LookupOutcome> resolveInto(const Host& host, const std::string& name, LookupReport& r, bool& failed) {
    Resolution res = resolveAddresses(host, name);
    switch (res.outcome) {
        case Resolution::Outcome::NoSuchName:
            return failure(404, kNameNotFound, name + " has no IPv4 or IPv6 address (" + res.note + ")");
        case Resolution::Outcome::ResolverFailed:
            return failure(503, kResolverUnavailable, "could not resolve " + name + ": " + res.note);
        case Resolution::Outcome::Found:
            break;
    }
    r.hostname = name;
    r.addresses = std::move(res.addresses);
    failed = !res.note.empty();
    if (failed) r.reasons.add("addresses", res.note + "; only the addresses found are listed");
    return std::nullopt;
}

void addFacts(const Host& host, LookupReport& r) {
    std::optional<std::string> missing;
    if (auto found = host.netFacts(r.ip))  // netdb is there: the plugin requires it
        r.facts = found->keep();           // kept: the report outlives the call
    else
        missing = "the address database could not look this address up";
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
/// explained as "privacy.<flag>". True when a provider failed: the
/// facility could not be asked, or a flag is unknown because its provider
/// is down (the facility's reasons say "provider down: ...").
bool addPrivacy(const Host& host, const Request& req, LookupReport& r) {
    if (auto use = host.takeMeter(req.handle(), "privacy"); use && !use->allowed) {
        r.reasons.add("privacy", privacyAllowanceSpentReason(isoUtc(use->resets_at * 1000)));
        return false;  // the caller's allowance, not a failure
    }
    Result<PrivacyFacts> answer = privacyOf(host, r.ip);
    bool failed = !answer && answer.status() != IPF_UNAVAILABLE;
    if (answer) {
        addPrivacyReasons(r.reasons, *answer);
        for (const PrivacyReason& why : answer->reasons) failed = failed || why.text.rfind("provider down", 0) == 0;
    } else {
        r.reasons.add("privacy", std::string(answer.reason()));
    }
    r.privacy = std::move(answer).take();
    return failed;
}

LookupOutcome lookUpTarget(const Host& host, const Request& req, std::string_view rawTarget, Flag privacy) {
    if (privacy == Flag::Invalid)
        return failure(400, kInvalidParameter, "`privacy` takes only the value 1, at most once");
    ParsedTarget parsed = parseTarget(rawTarget);
    if (!parsed.target) return failure(400, kInvalidTarget, parsed.problem);
    const Target& target = *parsed.target;

    LookupReport r;
    bool failed = false;
    if (target.kind == Target::Kind::Hostname) {
        if (std::optional<LookupOutcome> stop = resolveInto(host, target.text, r, failed)) return *stop;
    } else {
        r.addresses = {target.text};
    }
    r.ip = r.addresses.front();
    r.version = parseAddress(r.ip).value_or(Address{}).version;
    addFacts(host, r);
    if (privacy == Flag::Set && addPrivacy(host, req, r)) failed = true;
    r.stamp = ResponseStamp::now(host);
    return LookupOutcome{200, {}, {}, writeLookupResponse(r), failed};
}

}  // namespace ipfacts::lookup
