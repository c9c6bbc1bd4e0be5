#include "RdapLookup.h"

#include "FollowPolicy.h"
#include "RdapClient.h"
#include "RdapSummary.h"
#include "WhoisClient.h"
#include "WhoisParser.h"

#include <ipfacts/json.hpp>

#include <Poco/JSON/ParseHandler.h>
#include <Poco/JSON/Parser.h>
#include <Poco/JSON/Stringifier.h>

#include <sstream>

#include <chrono>

namespace ipfacts::rdap {
namespace {

constexpr char kSep = '\x1f';  // between the cached parts; JSON text never holds it raw

LookupResult failure(int status, const char* token, std::string message) {
    LookupResult r;
    r.status = status;
    r.token = token;
    r.message = std::move(message);
    return r;
}

/// The registry's body as `raw`: re-serialised by Poco, so it is one valid
/// JSON object whatever bytes the registry sent around it.
std::string compactJson(const std::string& body) {
    Poco::JSON::Parser parser(new Poco::JSON::ParseHandler(true));  // the registry's key order kept
    Poco::Dynamic::Var v = parser.parse(body);
    std::ostringstream out;
    Poco::JSON::Stringifier::condense(v, out);
    return out.str();
}

/// How a failed fetch answers. A 404 is "not registered" only from the
/// authoritative side (`authoritative`).
LookupResult fromFailedFetch(const RdapFetch& f, const RdapQuery& q) {
    using O = RdapFetch::Outcome;
    switch (f.outcome) {
        case O::NotFound:
            return failure(404, "not_registered",
                           "the registry (" + registryNameOf(f.url) + ") has no registration for " + q.text);
        case O::RateLimited:
            return failure(
                503, "registry_rate_limited",
                (f.ourBudget
                     ? "this service's request budget for " + registryNameOf(f.url) + " is spent (" + f.error + ")"
                     : registryNameOf(f.url) + " is limiting requests (429)") +
                    "; cached answers still serve; retry after " + std::to_string(f.retryAfterS) + " seconds");
        case O::Loop:
            return failure(503, "registry_redirect_loop",
                           "the registries' redirects did not end at an answer: " + f.error + " (after " +
                               std::to_string(f.hops.size()) + " requests)");
        case O::Failed:
        case O::Found:
            break;
    }
    return failure(503, "registry_unavailable", registryNameOf(f.url) + " did not answer: " + f.error);
}

}  // namespace

std::string summaryJson(const Summary& s, QueryKind kind) {
    JsonWriter w;
    w.beginObject();
    w.field("handle", s.handle).field("name", s.name).field("type", s.type).field("country", s.country);
    w.field("start_address", s.start_address).field("end_address", s.end_address);
    w.key("cidr").beginArray();
    for (const auto& c : s.cidr) w.value(c);
    w.endArray();
    w.field("registry", s.registry).field("registered", s.registered).field("updated", s.updated);
    w.key("status").beginArray();
    for (const auto& st : s.status) w.value(st);
    w.endArray();
    w.field("abuse_email", s.abuse_email);
    w.key("entities").beginArray();
    for (const auto& e : s.entities) {
        w.beginObject().field("handle", e.handle).field("role", e.roles.empty() ? std::string("") : e.roles.front());
        w.key("roles").beginArray();
        for (const auto& r : e.roles) w.value(r);
        w.endArray();
        w.field("name", e.name).field("email", e.email).field("from", e.from).endObject();
    }
    w.endArray();
    w.field("source", s.source);
    if (kind == QueryKind::Autnum) {
        s.start_autnum ? w.key("start_autnum").integer(*s.start_autnum) : w.fieldNull("start_autnum");
        s.end_autnum ? w.key("end_autnum").integer(*s.end_autnum) : w.fieldNull("end_autnum");
    }
    if (kind == QueryKind::Domain) {
        w.field("ldh_name", s.ldh_name).field("unicode_name", s.unicode_name).field("registrar", s.registrar);
        w.key("nameservers").beginArray();
        for (const auto& n : s.nameservers) w.value(n);
        w.endArray();
        w.field("expires", s.expires);
        s.dnssec_signed ? w.field("dnssec_signed", *s.dnssec_signed) : w.fieldNull("dnssec_signed");
    }
    w.key("redacted").beginArray();
    for (const auto& r : s.redacted) w.value(r);
    w.endArray();
    w.key("provenance").beginObject();
    for (const auto& [field, from] : s.provenance) w.field(field, from);
    w.endObject();
    w.endObject();
    return w.take();
}

std::string encodeResult(const LookupResult& r) {
    return std::to_string(r.status) + kSep + r.token + kSep + r.message + kSep + r.summaryJson + kSep + r.rawJson +
           kSep + r.rawRegistrarJson + kSep + r.serviceUrl + kSep + std::to_string(r.checkedAtMs);
}

bool decodeResult(const std::string& text, LookupResult& out) {
    std::vector<std::string> parts;
    size_t at = 0;
    for (;;) {
        size_t sep = text.find(kSep, at);
        parts.push_back(text.substr(at, sep == std::string::npos ? std::string::npos : sep - at));
        if (sep == std::string::npos) break;
        at = sep + 1;
    }
    if (parts.size() != 8) return false;  // an entry of an older layout is a miss
    try {
        out.status = std::stoi(parts[0]);
        out.checkedAtMs = std::stoll(parts[7]);
    } catch (const std::exception&) {
        return false;
    }
    out.token = parts[1];
    out.message = parts[2];
    out.summaryJson = parts[3];
    out.rawJson = parts[4];
    out.rawRegistrarJson = parts[5];
    out.serviceUrl = parts[6];
    return true;
}

RdapLookup::RdapLookup(const Host& host, const RdapSettings& settings, BootstrapSource& bootstrap,
                       const WhoisServers& whois, bool lazyRefresh)
    : host_(host), settings_(settings), bootstrap_(bootstrap), whois_(whois), lazyRefresh_(lazyRefresh) {}

LookupResult RdapLookup::lookUp(const RdapQuery& q) {
    const std::string key = std::string("v1:") + kindName(q.kind) + ":" + q.text;
    if (auto hit = host_.cacheGet(key)) {
        LookupResult r;
        if (decodeResult(*hit, r)) {
            r.cached = true;
            return r;
        }
    }
    if (lazyRefresh_) bootstrap_.refreshIfDue();
    LookupResult r;
    try {
        r = lookUpFresh(q);
        r.checkedAtMs = host_.nowMs();
    } catch (const std::exception& e) {
        return failure(503, "registry_unavailable",
                       std::string("the registry's answer could not be read: ") + e.what());
    }
    // Answers and "not registered" are kept; failures are not, nor answers
    // with a failed part, so the next caller tries again.
    if ((r.status == 200 && !r.transient) || r.status == 404)
        host_.cachePut(key, encodeResult(r), std::chrono::seconds(settings_.cacheTtlS));
    return r;
}

LookupResult RdapLookup::lookUpFresh(const RdapQuery& q) {
    const std::shared_ptr<const Bootstrap> configured = bootstrap_.current();
    if (auto service = configured->find(q)) return viaRdap(q, service->urls.front() + q.rdapPath(), *configured);
    if (!whois_.empty()) return viaWhois(q);
    return failure(404, "no_registry",
                   std::string("no RDAP service covers ") + q.text + " and no WHOIS fallback is configured");
}

LookupResult RdapLookup::viaRdap(const RdapQuery& q, const std::string& url, const Bootstrap& configured) {
    const RdapFetchLimits limits{settings_.timeoutMs, settings_.maxRedirects, settings_.maxBodyBytes};
    RdapFetch f = fetchRdap(host_, url, limits, configured);
    if (f.outcome != RdapFetch::Outcome::Found) return fromFailedFetch(f, q);
    RdapObject registry = readRdapObject(f.body, q.kind, f.url);
    if (!registry.error.empty())
        return failure(503, "registry_unavailable", registryNameOf(f.url) + ": " + registry.error);
    LookupResult r;
    r.serviceUrl = f.url;
    r.rawJson = compactJson(f.body);
    Summary summary = std::move(registry.summary);
    // A thin registry: the registrar holds the contacts. Its 404 or failure is
    // not authoritative: the registry's data stands, and the merge says so.
    const std::string refused =
        registry.relatedUrl.empty() ? std::string() : followRefusal(registry.relatedUrl, configured);
    if (q.kind == QueryKind::Domain && !refused.empty()) {
        summary.provenance["registrar_link"] = "not followed: " + refused;
        host_.info("rdap: registrar link " + registry.relatedUrl + " for " + q.text + " not followed: " + refused);
    } else if (q.kind == QueryKind::Domain && !registry.relatedUrl.empty()) {
        RdapFetchLimits registrarLimits = limits;
        RdapFetch rf = fetchRdap(host_, registry.relatedUrl, registrarLimits, configured);
        RdapObject registrar;
        if (rf.outcome == RdapFetch::Outcome::Found) registrar = readRdapObject(rf.body, q.kind, rf.url);
        if (rf.outcome == RdapFetch::Outcome::Found && registrar.error.empty()) {
            summary = mergeThin(std::move(summary), registrar.summary);
            r.rawRegistrarJson = compactJson(rf.body);
        } else {
            const std::string why = rf.outcome == RdapFetch::Outcome::NotFound ? "answered 404"
                                    : !rf.error.empty()                        ? rf.error
                                                                               : registrar.error;
            summary.provenance["registrar_link"] =
                "not followed: the registrar (" + registryNameOf(rf.url) + ") " + why;
            r.transient = rf.outcome == RdapFetch::Outcome::Failed || rf.outcome == RdapFetch::Outcome::RateLimited;
            host_.info("rdap: registrar link " + registry.relatedUrl + " for " + q.text + ": " + why);
        }
    }
    r.summaryJson = summaryJson(summary, q.kind);
    return r;
}

LookupResult RdapLookup::viaWhois(const RdapQuery& q) {
    if (!hasTcpExchange(host_))
        return failure(503, "registry_unavailable",
                       "no RDAP service covers " + q.text + " and this host offers no WHOIS (connect facility)");
    WhoisAnswer a = askWhois(host_, whois_, q, settings_.whoisTimeoutMs);
    if (!a.error.empty())
        return failure(503, "registry_unavailable", "no RDAP service covers " + q.text + "; " + a.error);
    const WhoisExchange& last = a.final();
    Summary s = parseWhois(last.text, q.kind, last.server, q.text);
    const WhoisOutcome outcome = whoisOutcome(last.text, s);
    if (outcome == WhoisOutcome::RateLimited)  // a refusal is no answer: not passed on, not cached
        return failure(
            503, "registry_rate_limited",
            "the WHOIS server " + last.server + " refused the query (its rate limit); cached answers still serve");
    if (outcome == WhoisOutcome::NotRegistered)
        return failure(404, "not_registered", "the WHOIS server " + last.server + " has no registration for " + q.text);
    LookupResult r;
    r.serviceUrl = "whois://" + last.server;
    r.transient = a.referralFailed;
    JsonWriter raw;
    raw.beginObject().field("server", last.server).field("text", last.text);
    a.exchanges.size() > 1 ? raw.field("referred_by", a.exchanges.front().server) : raw.fieldNull("referred_by");
    r.rawJson = raw.endObject().take();
    r.summaryJson = summaryJson(s, q.kind);
    return r;
}

}  // namespace ipfacts::rdap
