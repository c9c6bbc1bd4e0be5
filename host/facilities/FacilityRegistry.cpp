#include "host/facilities/FacilityRegistry.h"

#include <algorithm>
#include <stdexcept>

namespace ipfacts::facilities {
namespace {

/// Depth-first: `e` after everything it needs. `path` holds the needs being
/// followed, so a need met again on it closes a cycle.
void visit(const FacilityRegistry& r, const FacilityEntry& e, std::vector<const FacilityEntry*>& path,
           std::vector<const FacilityEntry*>& out) {
    if (std::find(out.begin(), out.end(), &e) != out.end()) return;
    if (std::find(path.begin(), path.end(), &e) != path.end()) {
        std::string cycle;
        for (auto it = std::find(path.begin(), path.end(), &e); it != path.end(); ++it) cycle += (*it)->name + " -> ";
        throw std::logic_error("facilities need each other: " + cycle + e.name);
    }
    path.push_back(&e);
    for (const auto& need : e.needs) {
        const FacilityEntry* n = r.find(need);
        if (!n) throw std::logic_error("facility '" + e.name + "' needs '" + need + "', which no facility registers");
        visit(r, *n, path, out);
    }
    path.pop_back();
    out.push_back(&e);
}

}  // namespace

void FacilityRegistry::add(FacilityEntry e) {
    if (e.name.empty()) throw std::logic_error("a facility is registered without a name");
    if (find(e.name)) throw std::logic_error("facility '" + e.name + "' is registered twice");
    if (!e.start) throw std::logic_error("facility '" + e.name + "' is registered without a start");
    for (const auto& other : entries_)
        if (!e.section.key.empty() && other.section.key == e.section.key)
            throw std::logic_error("facilities '" + other.name + "' and '" + e.name + "' both read the manifest's " +
                                   e.section.key + ": section");
    entries_.push_back(std::move(e));
}

std::vector<const FacilityEntry*> FacilityRegistry::ordered() const {
    std::vector<const FacilityEntry*> out, path;
    for (const auto& e : entries_) visit(*this, e, path, out);
    return out;
}

const FacilityEntry* FacilityRegistry::find(const std::string& name) const {
    auto it = std::find_if(entries_.begin(), entries_.end(), [&name](const auto& e) { return e.name == name; });
    return it == entries_.end() ? nullptr : &*it;
}

std::vector<std::string> FacilityRegistry::readinessChecks() const {
    std::vector<std::string> out;
    for (const FacilityEntry* e : ordered())
        if (e->readiness) out.push_back(e->name);
    return out;
}

std::vector<manifest::SectionReader> FacilityRegistry::sections() const {
    std::vector<manifest::SectionReader> out;
    for (const auto& e : entries_)
        if (!e.section.key.empty()) out.push_back(e.section);
    return out;
}

bool FacilityRegistry::configured(const FacilityEntry& e, const manifest::Manifest& m) {
    if (e.configured) return e.configured(m);
    return !e.section.key.empty() && m.sections.has(e.section.key);
}

const FacilityRegistry& builtinFacilities() {
    static const FacilityRegistry registry = [] {
        FacilityRegistry r;
        registerBuiltinFacilities(r);
        r.ordered();  // a need nobody registers fails here, at the first use
        return r;
    }();
    return registry;
}

}  // namespace ipfacts::facilities

namespace ipfacts::manifest {

std::vector<SectionReader> registeredSections() { return facilities::builtinFacilities().sections(); }

}  // namespace ipfacts::manifest
