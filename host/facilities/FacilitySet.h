// FacilitySet: the host services plugins reach through the slots of
// ipf_host_api (netdb, resolver, doh, meters, and the ones to come). Each
// facility lives in its own folder with its implementation, its manifest
// section's reader (<Name>Config), its C table and its registration
// (Registration.cpp, FacilityRegistry.h); the started ones are held here.
// The daemon reloads them on SIGHUP and purges them once a minute through the
// set, and plugin calls find them through it. docs/architecture.md explains
// where a new facility goes.
#pragma once

#include "host/facilities/UpstreamOutcomes.h"
#include "host/manifest/Manifest.h"
#include "host/ratelimit/LocalWindowTally.h"
#include "host/ratelimit/ServiceClock.h"

#include <ipfacts/plugin.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ipfacts::facilities {

namespace guard {
class AddressGuard;
}
namespace netdb {
class SpecialPurposeRegistry;
}

/// What a facility tells /readyz: whether its part works, and why. `decides`:
/// whether the node may take traffic only while it does; a facility the node
/// serves its public API without (the store: keys and limits are held in
/// memory) reports with `decides` false, so that an outage every node shares
/// does not take every node out of its load balancer at once.
struct FacilityHealth {
    bool ok = true;
    std::string detail;
    bool decides = true;
};

/// One sample of a facility's /metrics family: its labels and value.
struct MetricSample {
    std::vector<std::pair<std::string, std::string>> labels;
    double value = 0;
};

/// A metric family a facility shows on /metrics (the Prometheus text format):
/// its name, type ("counter", "gauge"), help text and samples. The page merges
/// the samples of a family the host shows too (ipfacts_cache_hits_total ...).
struct MetricFamily {
    std::string name;
    std::string type;
    std::string help;
    std::vector<MetricSample> samples;
};

/// One host service offered to plugins.
class Facility {
public:
    virtual ~Facility() = default;
    /// The slot it fills, by the name plugins require it by in their
    /// descriptor's required_facilities ("netdb", "resolver" ...); each
    /// facility class says it as `static constexpr const char* kName`.
    virtual const char* name() const = 0;
    /// Puts its C table into the slot.
    virtual void fill(ipf_host_api& api) const = 0;
    /// SIGHUP: reload what it read at start. A failed reload keeps the old state.
    virtual void reload() {}
    /// Once a minute: drop what has expired.
    virtual void purge(int64_t /*now_s*/) {}
    /// /readyz: its check, or nothing when it has no say in readiness. Called
    /// on worker threads while the service runs: thread-safe.
    virtual std::optional<FacilityHealth> readiness() const { return std::nullopt; }
    /// /metrics: its families at `now_unix`, read at each scrape from the
    /// metrics thread: thread-safe.
    virtual std::vector<MetricFamily> metrics(int64_t /*now_unix*/) const { return {}; }
};

/// The index of facility name `name` in every FacilitySet, given out once per
/// name for the life of the process. Thread-safe.
size_t facilityIndex(std::string_view name);

class FacilitySet {
public:
    FacilitySet() = default;
    FacilitySet(const FacilitySet&) = delete;
    FacilitySet& operator=(const FacilitySet&) = delete;
    /// Stops the facilities in the reverse of the order they were added: each
    /// goes while what it uses still runs.
    ~FacilitySet();

    /// Adds a facility; a second one of the same name replaces the first.
    void add(std::unique_ptr<Facility> f);

    /// The facility of type T, or null. T names its slot as
    /// `static constexpr const char* kName`. Thread-safe (read-only after start).
    template <class T>
    T* get() const {
        static const size_t index = facilityIndex(T::kName);
        return index < by_index_.size() ? static_cast<T*>(by_index_[index]) : nullptr;
    }
    /// True when a facility named `name` is configured.
    bool has(const std::string& name) const;
    /// The names of the configured facilities, for messages.
    std::string names() const;
    /// The names of the configured facilities, in the order they started.
    std::vector<std::string> configured() const;

    /// Fills every configured facility's slot of `api`.
    void fill(ipf_host_api& api) const;
    void reload();
    void purge(int64_t now_s);
    /// Each facility's /readyz check that has one, by its name, in start order.
    std::vector<std::pair<std::string, FacilityHealth>> readiness() const;
    /// Every facility's /metrics families, in start order.
    std::vector<MetricFamily> metrics(int64_t now_unix) const;

    /// The address guard every outbound facility connects through; set at
    /// start, before the facilities that need it are added.
    void setGuard(std::shared_ptr<const guard::AddressGuard> g) { guard_ = std::move(g); }
    const std::shared_ptr<const guard::AddressGuard>& guard() const { return guard_; }

    /// The IANA special-purpose registry, read once at start and shared by
    /// netdb and the guard; null when neither is configured.
    void setRegistry(std::shared_ptr<const netdb::SpecialPurposeRegistry> r) { registry_ = std::move(r); }
    const std::shared_ptr<const netdb::SpecialPurposeRegistry>& registry() const { return registry_; }

    /// What the outbound facilities record of each exchange with a named
    /// upstream; the status report reads it. Always present.
    const std::shared_ptr<UpstreamOutcomes>& outcomes() const { return outcomes_; }

    /// The one clock of budgets (meters, upstreams): the daemon's, so a
    /// test's manual clock moves them with the rate windows; set at start,
    /// before the facilities are added, and outliving them. The system clock until then.
    void setClock(const ratelimit::ServiceClock& clock) { clock_ = &clock; }
    const ratelimit::ServiceClock& clock() const { return *clock_; }

    /// Where budgets count (meters, upstreams): the daemon's WindowTally, so
    /// nodes sharing Redis share them; set at start, before the facilities
    /// are added. This set's own memory until then.
    void setTally(std::shared_ptr<ratelimit::WindowTally> tally) { tally_ = std::move(tally); }
    const std::shared_ptr<ratelimit::WindowTally>& tally() const { return tally_; }

private:
    std::shared_ptr<ratelimit::WindowTally> tally_ = std::make_shared<ratelimit::LocalWindowTally>();
    const ratelimit::ServiceClock* clock_ = &ratelimit::ServiceClock::system();
    std::shared_ptr<UpstreamOutcomes> outcomes_ = std::make_shared<UpstreamOutcomes>();
    std::shared_ptr<const guard::AddressGuard> guard_;
    std::shared_ptr<const netdb::SpecialPurposeRegistry> registry_;
    std::vector<std::unique_ptr<Facility>> owned_;  // in start order
    std::vector<Facility*> by_index_;               // by facilityIndex(name)
};

/// What an ipf_plugin_ctx points at as far as facilities care: the plugin's
/// name (a namespace for its keys) and the set. The host's plugin context
/// starts with this, so facilities need nothing of host/plugins.
struct FacilityContext {
    std::string plugin;
    const FacilitySet* facilities = nullptr;
};

/// The context behind a plugin's handle.
inline const FacilityContext* contextOf(ipf_plugin_ctx* ctx) { return reinterpret_cast<const FacilityContext*>(ctx); }

/// The facility T for a plugin's handle, or null when absent.
template <class T>
T* facilityOf(ipf_plugin_ctx* ctx) {
    const FacilityContext* c = contextOf(ctx);
    return c && c->facilities ? c->facilities->get<T>() : nullptr;
}

}  // namespace ipfacts::facilities
