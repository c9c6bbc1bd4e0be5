// FacilityRegistry: every facility the host can start, each registered once
// beside its code, in its folder's Registration.cpp: its name (the slot
// plugins require), the facilities it needs started before it, its manifest
// section and how it starts. The manifest reader reads the sections listed
// here, startFacilities starts what the manifest configures in the order of
// the needs (FacilitySet stops them in reverse), --check-config names them.
// The host's table of registrations is generated from the folders holding a
// Registration.cpp (host/facilities/FacilityTable.cmake): a new facility adds
// its folder and touches no file here.
#pragma once

#include "host/facilities/FacilitySet.h"
#include "host/manifest/Manifest.h"

#include <functional>
#include <string>
#include <vector>

namespace ipfacts::pipeline {
struct HostHandlerDef;
}

namespace ipfacts::facilities {

struct FacilityEntry {
    /// The slot name plugins require it by, its class's kName ("privacy").
    std::string name;
    /// Facilities started before it when the manifest configures them
    /// (privacy: http, netdb, resolver, tasks); each must be registered.
    std::vector<std::string> needs;
    /// It connects out: the address guard is made before it starts.
    bool outbound = false;
    /// Its manifest section (key and reader); an empty key: it reads none.
    manifest::SectionReader section;
    /// Whether this manifest turns it on; unset: when its section is present.
    std::function<bool(const manifest::Manifest&)> configured;
    /// Adds it to the set; called only when configured, after its needs.
    /// Throws when it cannot start.
    std::function<void(FacilitySet&, const manifest::Manifest&)> start;
    /// Its class answers /readyz (Facility::readiness) with a check named
    /// after it, which the Readiness schema of the OpenAPI document lists.
    bool readiness = false;
    /// The host handlers it serves (routes' `handler: host.<name>`), with the
    /// started set, or null when only their declarations are wanted (the
    /// manifest check). Unset: it serves none.
    std::function<std::vector<pipeline::HostHandlerDef>(const FacilitySet*)> handlers = nullptr;
};

class FacilityRegistry {
public:
    /// Registers a facility. Throws std::logic_error when its name or its
    /// section's key is registered already, or it has no start.
    void add(FacilityEntry e);

    /// Every entry, each after the ones it needs (registration order
    /// otherwise). Throws std::logic_error naming a need no facility
    /// registers, or facilities that need each other.
    std::vector<const FacilityEntry*> ordered() const;

    /// The entry named `name`, or null.
    const FacilityEntry* find(const std::string& name) const;

    /// The names of the /readyz checks the facilities add, in start order.
    std::vector<std::string> readinessChecks() const;

    /// The manifest sections the facilities read, in registration order.
    std::vector<manifest::SectionReader> sections() const;

    /// Whether `m` turns on entry `e`.
    static bool configured(const FacilityEntry& e, const manifest::Manifest& m);

private:
    std::vector<FacilityEntry> entries_;
};

/// Calls every host facility folder's register<Folder> function; defined by
/// the generated table (FacilityTable.cmake).
void registerBuiltinFacilities(FacilityRegistry& r);

/// The host's facilities, registered and checked once (the first call throws
/// std::logic_error when the registrations disagree). Thread-safe.
const FacilityRegistry& builtinFacilities();

}  // namespace ipfacts::facilities
