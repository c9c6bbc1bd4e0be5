// Sections: the manifest sections read by a reader registered outside the
// manifest (each facility's <Name>Config, host/facilities/FacilityRegistry.h),
// held by their type so the manifest names none of them. A section that was
// absent is not held.
#pragma once

#include <any>
#include <map>
#include <set>
#include <string>
#include <typeindex>

namespace ipfacts::manifest {

class Sections {
public:
    /// The section read as T, or null when the manifest has none.
    template <class T>
    const T* get() const {
        auto it = by_type_.find(std::type_index(typeid(T)));
        return it == by_type_.end() ? nullptr : std::any_cast<T>(&it->second);
    }

    /// True when the manifest has the section of top-level key `key`.
    bool has(const std::string& key) const { return keys_.count(key) != 0; }

    /// Holds the section of top-level key `key`, read; found by its type (one
    /// section per type).
    void put(const std::string& key, std::any section) {
        keys_.insert(key);
        const std::type_index type(section.type());
        by_type_.insert_or_assign(type, std::move(section));
    }

private:
    std::set<std::string> keys_;
    std::map<std::type_index, std::any> by_type_;
};

}  // namespace ipfacts::manifest
