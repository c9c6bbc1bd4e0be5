#include "IpReportBuilder.h"

#include "CallerFacts.h"
#include "PtrHostname.h"

#include <ipfacts/location.hpp>
#include <ipfacts/privacy.hpp>

namespace ipfacts::ip {
namespace {

std::optional<std::string> headerText(const Request& req, std::string_view name) {
    std::optional<std::string_view> v = req.header(name);
    if (!v) return std::nullopt;
    return std::string(*v);
}

ConnectionFacts connectionOf(const Host& host, const Request& req) {
    return ConnectionFacts{std::string(req.protocol()), std::string(req.tls()), req.rttUs(), std::string(host.edge())};
}

}  // namespace

IpReport buildIpReport(const Host& host, const Request& req) {
    IpReport r;
    r.ip = std::string(req.clientAddress());
    CallerFacts found = lookUpFacts(host, r.ip);
    r.version = found.missing ? ipVersionOf(r.ip) : found.facts.version();
    r.facts = std::move(found.facts);
    if (found.missing) {
        r.reasons.add(kGeolocationReason, *found.missing);
        r.reasons.add(kNetworkReason, *found.missing);
    } else {
        // Special-purpose space (loopback, private, ...): the lookup's words for the same address.
        addNotLocatableReasons(r.reasons, r.facts);
    }
    r.network = connectionOf(host, req);
    r.userAgent = headerText(req, "User-Agent");
    r.acceptsLanguage = headerText(req, "Accept-Language");
    r.stamp = ResponseStamp::now(host);
    return r;
}

void enrichIpReport(const Host& host, const Request& req, IpReport& report) {
    // Enrichment costs provider calls: it spends the caller's daily privacy
    // meter, and past it the fields are null with the reason.
    if (auto use = host.takeMeter(req.handle(), "privacy"); use && !use->allowed) {
        const std::string why = privacyAllowanceSpentReason(isoUtc(use->resets_at * 1000));
        report.reasons.add("hostname", why);
        report.reasons.add("privacy", why);
        return;
    }
    HostnameLookup ptr = reverseHostname(host, report.ip);
    report.hostname = std::move(ptr.name);
    if (ptr.reason) report.reasons.add("hostname", std::move(*ptr.reason));
    Result<PrivacyFacts> privacy = privacyOf(host, report.ip);
    if (privacy)
        addPrivacyReasons(report.reasons, *privacy);
    else
        report.reasons.add("privacy", std::string(privacy.reason()));
    report.privacy = std::move(privacy).take();
}

}  // namespace ipfacts::ip
