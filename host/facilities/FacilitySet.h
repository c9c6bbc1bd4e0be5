// FacilitySet: the host services plugins reach through the slots of
// ipf_host_api (netdb, resolver, doh, meters, and the ones to come). Each
// facility lives in its own folder with its implementation, its manifest
// section's reader (<Name>Config) and its C table, and registers here at
// start; the daemon reloads them on SIGHUP and purges them once a minute
// through the set, and plugin calls find them through it.
// docs/architecture.md explains where a new facility goes.
#pragma once

#include "host/facilities/UpstreamOutcomes.h"
#include "host/manifest/Manifest.h"
#include "host/pipeline/ServiceClock.h"

#include <ipfacts/plugin.h>

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace ipfacts::facilities {

namespace guard {
class AddressGuard;
}
namespace netdb {
class SpecialPurposeRegistry;
}

/// The slot a facility fills, one per facility kind; plugins name them in
/// their descriptor's required_facilities by the same names.
enum class Slot { NetDb, Resolver, Doh, Meters, Http, Cache, Store, Connect, Tasks, Privacy, Count };

/// The name a plugin requires a slot by ("netdb", "resolver" ...).
const char* slotName(Slot s);

/// One host service offered to plugins.
class Facility {
public:
    virtual ~Facility() = default;
    /// Which slot of ipf_host_api it fills.
    virtual Slot slot() const = 0;
    /// Puts its C table into the slot.
    virtual void fill(ipf_host_api& api) const = 0;
    /// SIGHUP: reload what it read at start. A failed reload keeps the old state.
    virtual void reload() {}
    /// Once a minute: drop what has expired.
    virtual void purge(int64_t /*now_s*/) {}
};

class FacilitySet {
public:
    /// Adds a facility; a second one for the same slot replaces the first.
    void add(std::unique_ptr<Facility> f);

    /// The facility of type T in its slot, or null. T names its slot as
    /// `static constexpr Slot kSlot`. Thread-safe (read-only after start).
    template <class T>
    T* get() const {
        return static_cast<T*>(by_slot_[static_cast<size_t>(T::kSlot)]);
    }
    bool has(Slot s) const { return by_slot_[static_cast<size_t>(s)] != nullptr; }
    /// True when a facility named `name` (slotName) is configured.
    bool has(const std::string& name) const;
    /// The names of the configured facilities, for messages.
    std::string names() const;
    /// The slot names of the configured facilities.
    std::vector<std::string> configured() const;

    /// Fills every configured facility's slot of `api`.
    void fill(ipf_host_api& api) const;
    void reload();
    void purge(int64_t now_s);

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
    void setClock(const pipeline::ServiceClock& clock) { clock_ = &clock; }
    const pipeline::ServiceClock& clock() const { return *clock_; }

private:
    const pipeline::ServiceClock* clock_ = &pipeline::ServiceClock::system();
    std::shared_ptr<UpstreamOutcomes> outcomes_ = std::make_shared<UpstreamOutcomes>();
    std::shared_ptr<const guard::AddressGuard> guard_;
    std::shared_ptr<const netdb::SpecialPurposeRegistry> registry_;
    std::vector<std::unique_ptr<Facility>> owned_;
    std::array<Facility*, static_cast<size_t>(Slot::Count)> by_slot_{};
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
