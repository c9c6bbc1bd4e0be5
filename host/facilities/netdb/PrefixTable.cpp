#include "host/facilities/netdb/PrefixTable.h"

#include <algorithm>

namespace ipfacts::facilities::netdb {

void PrefixTable::add(const AddressPrefix& prefix, uint32_t value) {
    (prefix.v4 ? pending_v4_ : pending_v6_).push_back({prefix, value});
}

void PrefixTable::build() {
    v4_ = flatten(pending_v4_, true);
    v6_ = flatten(pending_v6_, false);
    pending_v4_ = {};
    pending_v6_ = {};
}

const PrefixTable::Entry* PrefixTable::mostSpecific(const std::vector<Entry>& entries, const AddressKey& k) {
    const Entry* best = nullptr;
    for (const Entry& e : entries)
        if (e.prefix.contains(k) && (!best || e.prefix.length > best->prefix.length)) best = &e;
    return best;
}

std::vector<PrefixTable::Interval> PrefixTable::flatten(const std::vector<Entry>& entries, bool v4) {
    // Every point where the set of covering blocks can change starts an
    // elementary interval; within one, the most specific block is constant.
    // Block counts are small (hundreds), so the quadratic scan is cheap.
    const AddressKey top = AddressKey::max(v4);
    std::vector<AddressKey> bounds;
    for (const Entry& e : entries) {
        bounds.push_back(e.prefix.first);
        if (e.prefix.last != top) bounds.push_back(e.prefix.last.next());
    }
    std::sort(bounds.begin(), bounds.end());
    bounds.erase(std::unique(bounds.begin(), bounds.end()), bounds.end());

    std::vector<Interval> out;
    for (size_t i = 0; i < bounds.size(); ++i) {
        const Entry* e = mostSpecific(entries, bounds[i]);
        if (!e) continue;
        const AddressKey last = i + 1 < bounds.size() ? bounds[i + 1].prev() : top;
        if (!out.empty() && out.back().value == e->value && out.back().last.next() == bounds[i])
            out.back().last = last;
        else
            out.push_back({bounds[i], last, e->value});
    }
    return out;
}

std::optional<uint32_t> PrefixTable::find(const net::IpAddress& a) const {
    const auto& table = a.isV4() ? v4_ : v6_;
    const AddressKey k = AddressKey::of(a);
    auto it = std::upper_bound(table.begin(), table.end(), k,
                               [](const AddressKey& key, const Interval& iv) { return key < iv.first; });
    if (it == table.begin()) return std::nullopt;
    --it;
    if (k <= it->last) return it->value;
    return std::nullopt;
}

}  // namespace ipfacts::facilities::netdb
