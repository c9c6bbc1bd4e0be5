#include "IpPlugin.h"

#include "CallerFacts.h"
#include "IpReportBuilder.h"
#include "IpReportWriter.h"
#include "MarkdownReport.h"

#include <ipfacts/location.hpp>
#include <ipfacts/params.hpp>

#include <array>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>

namespace ipfacts::ip {
namespace {

constexpr std::string_view kPlainText = "text/plain; charset=utf-8";
constexpr std::string_view kMarkdown = "text/markdown; charset=utf-8";

// Longest textual IPv6 address (45, IPv4-mapped) plus a zone id (IFNAMSIZ)
// and the newline, rounded up: every address the host hands us fits.
constexpr size_t kAddressLineCapacity = 80;

// The URL the document was fetched from; a host older than ABI 1.1 cannot
// say, so the service host and the request target stand in for it.
std::string documentUrl(const Host& host, const Request& req) {
    std::string_view url = req.url();
    if (!url.empty()) return std::string(url);
    return "https://" + std::string(host.serviceHost()) + std::string(req.target());
}

/// The /json body without `full` straight from the host's views: the facts
/// stay in the host's ipf_netdb_facts until the body is written, and the
/// body goes into a per-thread buffer the host copies. Same bytes as
/// writeIpReport(buildIpReport(...)); false (nothing written) when there are
/// no facts to point at, and the caller builds the report the long way.
bool writeBaseReport(const Host& host, const Request& req, Response& resp) {
    const std::string_view ip = req.clientAddress();
    const Result<Held<NetFactsView>> facts = host.netFacts(ip);
    if (!facts) return false;

    IpReportView v;
    v.ip = ip;
    v.version = facts->version();
    setFacts(v, *facts);
    // Special-purpose space: the lookup's words. A placeable caller's stay
    // empty, and an empty Reasons allocates nothing.
    Reasons reasons;
    addNotLocatableReasons(reasons, *facts);
    if (!reasons.empty()) v.reasons = &reasons;
    v.protocol = req.protocol(), v.tls = req.tls(), v.rttUs = req.rttUs(), v.edge = host.edge();
    v.userAgent = req.header("User-Agent");
    v.acceptsLanguage = req.header("Accept-Language");
    v.stamp = ResponseStamp::now(host);  // checked_at formatted once a second per thread

    thread_local std::string body;
    body.clear();
    appendIpReport(body, v);
    resp.json(body);
    // A body far larger than usual (a huge User-Agent) is not kept for the thread's life.
    if (body.capacity() > 64 * 1024) std::string().swap(body);
    return true;
}

}  // namespace

IpPlugin::IpPlugin(Host& host) : host_(host) {}

void IpPlugin::address(Request& req, Response& resp) {
    const std::string_view ip = req.clientAddress();
    if (ip.size() >= kAddressLineCapacity) {
        // Cannot happen for a real address; stay correct rather than truncate.
        resp.body(kPlainText, std::string(ip) + '\n');
        return;
    }
    // The host copies the body, so a stack buffer spares a heap allocation.
    std::array<char, kAddressLineCapacity> line;
    std::memcpy(line.data(), ip.data(), ip.size());
    line[ip.size()] = '\n';
    resp.body(kPlainText, std::string_view(line.data(), ip.size() + 1));
}

void IpPlugin::report(Request& req, Response& resp) {
    const Flag full = readFlag(req, "full");
    if (full == Flag::Invalid)
        return void(resp.error(400, "invalid_parameter", "`full` takes only the value 1, at most once"));
    // full=1 asks the resolver for the PTR record, which may wait on the
    // network. On the event loop that must not happen: nothing is written
    // yet, so hand the request to a worker, where this runs again with
    // mayBlock() true.
    if (full == Flag::Set && !req.mayBlock()) return resp.deferToWorker();
    if (full != Flag::Set && writeBaseReport(host_, req, resp)) return;
    IpReport r = buildIpReport(host_, req);  // the address database only: never blocks
    if (full == Flag::Set) enrichIpReport(host_, req, r);
    resp.json(writeIpReport(r));
}

void IpPlugin::markdown(Request& req, Response& resp) {
    const std::string_view ip = req.clientAddress();
    const CallerFacts found = lookUpFacts(host_, ip);
    const int version = found.missing ? ipVersionOf(ip) : found.facts.version();
    const std::string url = documentUrl(host_, req);
    resp.body(kMarkdown, writeMarkdownReport(MarkdownInput{ip, version, found.facts, url}));
}

void IpPlugin::field(Request& req, Response& resp, CallerField f) { fieldLine(resp, req.clientAddress(), f); }

void IpPlugin::field_of(Request& req, Response& resp) {
    // The host matches /{ip}/{field} only when {ip} is an address literal.
    const std::string_view address = req.pathParam("ip").value_or("");
    const std::string_view name = req.pathParam("field").value_or("");
    const std::optional<CallerField> f = fieldOfPath(name);
    if (!f)
        return void(resp.error(404, "not_found",
                               "no field `" + std::string(name) + "` at /{ip}/{field}; fields: " + fieldPathNames()));
    fieldLine(resp, address, *f);
}

void IpPlugin::fieldLine(Response& resp, std::string_view address, CallerField f) {
    const FieldText t = fieldText(lookUpFacts(host_, address, factsWanted(f)), f);
    if (t.value) {
        // Database text on one line: a newline inside would read as two answers.
        std::string line = *t.value;
        for (char& c : line)
            if (c == '\n' || c == '\r') c = ' ';
        return void(resp.body(kPlainText, line + '\n'));
    }
    resp.status(404).header("X-Null-Reason", t.reason).body(kPlainText, "\n");
}

}  // namespace ipfacts::ip

IPFACTS_PLUGIN(ipfacts::ip::IpPlugin, "ip", "1.1.0", "The caller's address and what is known about it",
               ipfacts::kOpenApiFragment, IPFACTS_HANDLER(ipfacts::ip::IpPlugin, address, IPF_HANDLER_NONBLOCKING),
               IPFACTS_HANDLER(ipfacts::ip::IpPlugin, report, IPF_HANDLER_NONBLOCKING),
               IPFACTS_HANDLER(ipfacts::ip::IpPlugin, markdown, IPF_HANDLER_NONBLOCKING),
               IPFACTS_HANDLER(ipfacts::ip::IpPlugin, country, IPF_HANDLER_NONBLOCKING),
               IPFACTS_HANDLER(ipfacts::ip::IpPlugin, country_name, IPF_HANDLER_NONBLOCKING),
               IPFACTS_HANDLER(ipfacts::ip::IpPlugin, city, IPF_HANDLER_NONBLOCKING),
               IPFACTS_HANDLER(ipfacts::ip::IpPlugin, region, IPF_HANDLER_NONBLOCKING),
               IPFACTS_HANDLER(ipfacts::ip::IpPlugin, asn, IPF_HANDLER_NONBLOCKING),
               IPFACTS_HANDLER(ipfacts::ip::IpPlugin, as_name, IPF_HANDLER_NONBLOCKING),
               IPFACTS_HANDLER(ipfacts::ip::IpPlugin, loc, IPF_HANDLER_NONBLOCKING),
               IPFACTS_HANDLER(ipfacts::ip::IpPlugin, timezone, IPF_HANDLER_NONBLOCKING),
               IPFACTS_HANDLER(ipfacts::ip::IpPlugin, isp, IPF_HANDLER_NONBLOCKING),
               IPFACTS_HANDLER(ipfacts::ip::IpPlugin, rir, IPF_HANDLER_NONBLOCKING),
               IPFACTS_HANDLER(ipfacts::ip::IpPlugin, field_of, IPF_HANDLER_NONBLOCKING));
