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

std::vector<PrefixTable::Interval> PrefixTable::flatten(const std::vector<Entry>& entries, bool v4) {
    // CIDR blocks are nested or disjoint. Sorted by start, outer before inner,
    // one sweep with a stack of the blocks that cover the cursor cuts them
    // into disjoint intervals, each carrying its most specific block's value:
    // O(n log n), for feeds of a few hundred thousand blocks too.
    const AddressKey top = AddressKey::max(v4);
    std::vector<const Entry*> order;
    order.reserve(entries.size());
    for (const Entry& e : entries) order.push_back(&e);
    std::stable_sort(order.begin(), order.end(), [](const Entry* a, const Entry* b) {
        if (a->prefix.first != b->prefix.first) return a->prefix.first < b->prefix.first;
        return a->prefix.length < b->prefix.length;
    });

    std::vector<Interval> out;
    auto emit = [&out](const AddressKey& first, const AddressKey& last, uint32_t value) {
        if (!out.empty() && out.back().value == value && out.back().last.next() == first)
            out.back().last = last;
        else
            out.push_back({first, last, value});
    };
    std::vector<const Entry*> open;  // blocks covering the cursor, outermost first
    AddressKey cursor{};
    bool exhausted = false;  // the cursor passed the family's last address
    auto close = [&](const Entry* e) {
        if (!exhausted && cursor <= e->prefix.last) emit(cursor, e->prefix.last, e->value);
        if (e->prefix.last == top)
            exhausted = true;
        else if (!exhausted && cursor <= e->prefix.last)
            cursor = e->prefix.last.next();
    };
    for (const Entry* e : order) {
        while (!open.empty() && open.back()->prefix.last < e->prefix.first) {
            close(open.back());
            open.pop_back();
        }
        // Of two equal blocks the first added wins (the sort is stable).
        if (!open.empty() && open.back()->prefix.first == e->prefix.first &&
            open.back()->prefix.length == e->prefix.length)
            continue;
        if (!open.empty() && cursor < e->prefix.first) emit(cursor, e->prefix.first.prev(), open.back()->value);
        cursor = e->prefix.first;
        open.push_back(e);
    }
    while (!open.empty()) {
        close(open.back());
        open.pop_back();
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
