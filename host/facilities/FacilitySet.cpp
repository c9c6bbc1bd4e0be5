#include "host/facilities/FacilitySet.h"

namespace ipfacts::facilities {

const char* slotName(Slot s) {
    switch (s) {
        case Slot::NetDb:
            return "netdb";
        case Slot::Resolver:
            return "resolver";
        case Slot::Doh:
            return "doh";
        case Slot::Meters:
            return "meters";
        case Slot::Http:
            return "http";
        case Slot::Cache:
            return "cache";
        case Slot::Store:
            return "store";
        case Slot::Connect:
            return "connect";
        case Slot::Tasks:
            return "tasks";
        case Slot::Privacy:
            return "privacy";
        case Slot::Count:
            break;
    }
    return "?";
}

void FacilitySet::add(std::unique_ptr<Facility> f) {
    by_slot_[static_cast<size_t>(f->slot())] = f.get();
    owned_.push_back(std::move(f));
}

bool FacilitySet::has(const std::string& name) const {
    for (size_t i = 0; i < by_slot_.size(); ++i)
        if (by_slot_[i] && name == slotName(static_cast<Slot>(i))) return true;
    return false;
}

std::string FacilitySet::names() const {
    std::string out;
    for (size_t i = 0; i < by_slot_.size(); ++i)
        if (by_slot_[i]) out += (out.empty() ? "" : ", ") + std::string(slotName(static_cast<Slot>(i)));
    return out.empty() ? "none" : out;
}

std::vector<std::string> FacilitySet::configured() const {
    std::vector<std::string> out;
    for (size_t i = 0; i < by_slot_.size(); ++i)
        if (by_slot_[i]) out.push_back(slotName(static_cast<Slot>(i)));
    return out;
}

void FacilitySet::fill(ipf_host_api& api) const {
    for (const Facility* f : by_slot_)
        if (f) f->fill(api);
}

void FacilitySet::reload() {
    for (Facility* f : by_slot_)
        if (f) f->reload();
}

void FacilitySet::purge(int64_t now_s) {
    for (Facility* f : by_slot_)
        if (f) f->purge(now_s);
}

}  // namespace ipfacts::facilities
