#include "host/pipeline/CounterTable.h"

namespace ipfacts::pipeline {

size_t CounterKeyHash::operator()(const CounterKey& k) const noexcept {
    // FNV-1a over 18 bytes: cheap and well spread for addresses.
    uint64_t h = 1469598103934665603ull;
    for (uint8_t b : k.bytes) h = (h ^ b) * 1099511628211ull;
    return static_cast<size_t>(h ^ (h >> 29));
}

size_t CounterTable::find(const CounterKey& key, size_t hash) const {
    // Linear probing: the slot holding `key`, or the empty slot where it would go.
    const size_t mask = slots_.size() - 1;
    for (size_t i = hash & mask;; i = (i + 1) & mask)
        if (slots_[i].key.bytes[1] == 0 || slots_[i].key == key) return i;
}

uint32_t CounterTable::get(const CounterKey& key, size_t hash) const {
    if (slots_.empty()) return 0;
    return slots_[find(key, hash)].count;
}

uint32_t& CounterTable::at(const CounterKey& key, size_t hash) {
    // Grow at 80 % full, so a probe always ends at an empty slot.
    if ((size_ + 1) * 5 > slots_.size() * 4) grow();
    Slot& s = slots_[find(key, hash)];
    if (s.key.bytes[1] == 0) {
        s.key = key;
        s.count = 0;
        ++size_;
    }
    return s.count;
}

void CounterTable::grow() {
    std::vector<Slot> old;
    old.swap(slots_);
    slots_.resize(old.empty() ? 64 : old.size() * 2);
    CounterKeyHash hasher;
    for (const Slot& s : old)
        if (s.key.bytes[1] != 0) slots_[find(s.key, hasher(s.key))] = s;
}

void CounterTable::clear() {
    std::vector<Slot>().swap(slots_);
    size_ = 0;
}

}  // namespace ipfacts::pipeline
