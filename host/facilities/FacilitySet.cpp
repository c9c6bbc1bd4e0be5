#include "host/facilities/FacilitySet.h"

#include <algorithm>
#include <mutex>

namespace ipfacts::facilities {

size_t facilityIndex(std::string_view name) {
    static std::mutex mutex;
    static std::vector<std::string> names;
    std::lock_guard<std::mutex> lock(mutex);
    auto it = std::find(names.begin(), names.end(), name);
    if (it != names.end()) return static_cast<size_t>(it - names.begin());
    names.emplace_back(name);
    return names.size() - 1;
}

FacilitySet::~FacilitySet() {
    while (!owned_.empty()) owned_.pop_back();
}

void FacilitySet::add(std::unique_ptr<Facility> f) {
    const size_t index = facilityIndex(f->name());
    if (index >= by_index_.size()) by_index_.resize(index + 1, nullptr);
    if (Facility* old = by_index_[index])
        owned_.erase(std::find_if(owned_.begin(), owned_.end(), [old](const auto& o) { return o.get() == old; }));
    by_index_[index] = f.get();
    owned_.push_back(std::move(f));
}

bool FacilitySet::has(const std::string& name) const {
    return std::any_of(owned_.begin(), owned_.end(), [&name](const auto& f) { return name == f->name(); });
}

std::string FacilitySet::names() const {
    std::string out;
    for (const auto& f : owned_) out += (out.empty() ? "" : ", ") + std::string(f->name());
    return out.empty() ? "none" : out;
}

std::vector<std::string> FacilitySet::configured() const {
    std::vector<std::string> out;
    for (const auto& f : owned_) out.emplace_back(f->name());
    return out;
}

void FacilitySet::fill(ipf_host_api& api) const {
    for (const auto& f : owned_) f->fill(api);
}

void FacilitySet::reload() {
    for (const auto& f : owned_) f->reload();
}

void FacilitySet::purge(int64_t now_s) {
    for (const auto& f : owned_) f->purge(now_s);
}

std::vector<std::pair<std::string, FacilityHealth>> FacilitySet::readiness() const {
    std::vector<std::pair<std::string, FacilityHealth>> out;
    for (const auto& f : owned_)
        if (auto health = f->readiness()) out.emplace_back(f->name(), std::move(*health));
    return out;
}

std::vector<MetricFamily> FacilitySet::metrics(int64_t now_unix) const {
    std::vector<MetricFamily> out;
    for (const auto& f : owned_) {
        auto families = f->metrics(now_unix);
        std::move(families.begin(), families.end(), std::back_inserter(out));
    }
    return out;
}

}  // namespace ipfacts::facilities
