#include "RdapPlugin.h"

#include "RdapQuery.h"
#include "RdapResponseWriter.h"

#include <ipfacts/stamp.hpp>

#include <variant>

namespace ipfacts::rdap {

RdapPlugin::RdapPlugin(Host& host) : host_(host), settings_(RdapSettings::fromConfig(host)) {
    if (!settings_.whoisServers.empty()) whois_ = WhoisServers::load(settings_.whoisServers);
    bootstrap_ = std::make_unique<BootstrapSource>(host_, settings_);
    // The refresh is due once a day (refresh_hours); checking hourly on a worker fiber
    // means no request waits for it. A host without tasks gets the lazy refresh: the
    // first request after the period is over runs it.
    refresh_ =
        every(host_, "bootstrap-refresh", {std::chrono::hours(1), std::chrono::seconds(30), std::chrono::seconds(30)},
              [this] { bootstrap_->refreshIfDue(); })
            .valueOr(nullptr);
    lookup_ = std::make_unique<RdapLookup>(host_, settings_, *bootstrap_, whois_, !refresh_);
    host_.info("rdap: bootstrap " + bootstrap_->origin() + ": " + bootstrap_->current()->describe() + "; " +
               std::to_string(bootstrap_->current()->entryCount()) + " entries; WHOIS fallback " +
               (whois_.empty()          ? "off"
                : hasTcpExchange(host_) ? "on"
                                        : "configured, but this host has no TCP exchange"));
}

void RdapPlugin::query(Request& req, Response& resp) {
    if (req.queryCount("query") != 1)
        return void(resp.error(400, "invalid_parameter",
                               req.queryCount("query") == 0
                                   ? "query is required: an address, a CIDR block, an AS number "
                                     "or a domain name"
                                   : "query is given more than once"));
    const auto parsed = parseRdapQuery(req.query("query").value_or(""));
    if (const QueryError* error = std::get_if<QueryError>(&parsed))
        return void(resp.error(400, error->token, error->message));
    const RdapQuery& q = std::get<RdapQuery>(parsed);
    const LookupResult r = lookup_->lookUp(q);
    if (r.status != 200) return void(resp.error(r.status, r.token, r.message));
    if (r.transient) resp.transient();
    // A cached answer says when the registry gave it, so its age shows.
    const ResponseStamp stamp =
        r.cached ? ResponseStamp(ipfacts::isoUtc(r.checkedAtMs), host_.serviceHost()) : ResponseStamp::now(host_);
    resp.json(writeRdapResponse(q, r, stamp));
}

}  // namespace ipfacts::rdap

IPFACTS_PLUGIN(ipfacts::rdap::RdapPlugin, "rdap", "1.0.0",
               "Registration data for an address, block, AS number or domain: RDAP first, WHOIS as the fallback",
               ipfacts::kOpenApiFragment, IPFACTS_HANDLER(ipfacts::rdap::RdapPlugin, query, 0));
