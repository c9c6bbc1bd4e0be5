#include "DnsLeakPlugin.h"

#include <string_view>

namespace ipfacts::dnsleak {
namespace {

constexpr int kNotFound = 404;
// A stable token (docs/api.md, "Errors"); clients match on it.
constexpr std::string_view kNotImplemented = "not_implemented";
constexpr std::string_view kPlannedMessage =
    "The DNS leak test is planned but not live yet; /api/v1/dnsleak/{session} answers 404 until its DNS responder "
    "ships.";

}  // namespace

DnsLeakPlugin::DnsLeakPlugin(Host&) {}

void DnsLeakPlugin::session(Request&, Response& resp) { resp.error(kNotFound, kNotImplemented, kPlannedMessage); }

}  // namespace ipfacts::dnsleak

IPFACTS_PLUGIN(ipfacts::dnsleak::DnsLeakPlugin, "dnsleak", "0.1.0",
               "DNS leak test results (planned; answers 404 until live)", ipfacts::kOpenApiFragment,
               IPFACTS_HANDLER(ipfacts::dnsleak::DnsLeakPlugin, session, IPF_HANDLER_NONBLOCKING));
