#include "host/ratelimit/CounterTable.h"

#include <cstring>

namespace ipfacts::ratelimit {

size_t CounterKeyHash::operator()(const CounterKey& k) const noexcept {
    // The 18 bytes as two words and a tail, each multiplied by an odd
    // constant and folded (a murmur-style finaliser): every input bit reaches
    // the high bits the stripe is chosen by and the low bits the slot is,
    // in a dozen instructions where byte-wise FNV-1a took about a hundred.
    uint64_t a, b;
    std::memcpy(&a, k.bytes.data(), 8);
    std::memcpy(&b, k.bytes.data() + 8, 8);
    const uint64_t c = uint64_t{k.bytes[16]} | uint64_t{k.bytes[17]} << 8;
    uint64_t h = a * 0x9E3779B97F4A7C15ull ^ b * 0xC2B2AE3D27D4EB4Full ^ c * 0x165667B19E3779F9ull;
    h ^= h >> 33;
    h *= 0xFF51AFD7ED558CCDull;
    h ^= h >> 33;
    return static_cast<size_t>(h);
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
        s.changed = false;
        s.count = 0;
        ++size_;
    }
    return s.count;
}

bool CounterTable::markChanged(const CounterKey& key, size_t hash) {
    Slot& s = slots_[find(key, hash)];
    const bool first = !s.changed;
    s.changed = true;
    return first;
}

uint32_t CounterTable::takeChanged(const CounterKey& key, size_t hash) {
    if (slots_.empty()) return 0;
    Slot& s = slots_[find(key, hash)];
    s.changed = false;
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

}  // namespace ipfacts::ratelimit
