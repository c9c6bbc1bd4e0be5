// ResolverFacility: stub DNS for plugins (resolver: section, the resolver
// slot): the default StubResolver, one per named resolver (resolver.named,
// ABI 1.5), and their C table.
#pragma once

#include "host/facilities/FacilitySet.h"
#include "host/facilities/dns/ResolverConfig.h"
#include "host/facilities/dns/StubResolver.h"

#include <map>
#include <string>
#include <string_view>

namespace ipfacts::facilities {

class ResolverFacility : public Facility {
public:
    static constexpr const char* kName = "resolver";
    explicit ResolverFacility(const ResolverConfig& spec, std::shared_ptr<UpstreamOutcomes> outcomes = nullptr);
    const char* name() const override { return kName; }
    void fill(ipf_host_api& api) const override;
    const StubResolver& resolver() const { return resolver_; }
    /// The named resolver `name`, or nullptr when the manifest names none so.
    const StubResolver* named(std::string_view name) const;
    /// Resolves through `through` (resolver() or the named resolver `name`) and
    /// counts each answer's outcome under its server (UpstreamOutcomes): "127.0.0.1:53",
    /// or "blocklists (127.0.0.1:5335)" for a named one, so the status page tells
    /// the blocklists' resolver from the default one even when they share a server.
    std::vector<DnsAnswer> resolve(const StubResolver& through, const std::vector<DnsQuestion>& questions,
                                   std::string_view name = {}) const;
    /// resolve() through the default servers.
    std::vector<DnsAnswer> resolve(const std::vector<DnsQuestion>& questions) const {
        return resolve(resolver_, questions);
    }

private:
    StubResolver resolver_;
    std::map<std::string, StubResolver, std::less<>> named_;
    std::shared_ptr<UpstreamOutcomes> outcomes_;
};

/// Adds the facility when the manifest has a resolver: section.
void addResolverFacility(FacilitySet& set, const manifest::Manifest& m);

}  // namespace ipfacts::facilities
