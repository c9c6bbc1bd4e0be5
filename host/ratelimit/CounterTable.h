// CounterTable: request counts by caller for one time window, in one flat
// open-addressing array (24 bytes a slot, no allocation per caller), so a
// day's worth of distinct callers stays compact and is given back whole when
// the window ends. Not thread-safe: RateLimiter guards each table with its
// stripe's lock.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace ipfacts::ratelimit {

/// Who is counted: an address block (16 bytes, v4 zero-padded) or a key id hash.
struct CounterKey {
    std::array<uint8_t, 18> bytes{};  // [0] rate class index, [1] kind (never 0), [2..17] identity
    bool operator==(const CounterKey& o) const { return bytes == o.bytes; }
};

struct CounterKeyHash {
    size_t operator()(const CounterKey& k) const noexcept;
};

class CounterTable {
public:
    /// The count of `key`, 0 when absent (no slot is used for it).
    uint32_t get(const CounterKey& key, size_t hash) const;
    /// The count of `key`, inserted at 0 when absent.
    uint32_t& at(const CounterKey& key, size_t hash);
    /// Marks `key` (present) as changed since the last write-behind; true when
    /// it was not marked yet, so the caller lists it once.
    bool markChanged(const CounterKey& key, size_t hash);
    /// Takes the mark off `key` (present) and returns its count.
    uint32_t takeChanged(const CounterKey& key, size_t hash);
    /// Forgets every count and returns the memory to the allocator.
    void clear();

    size_t size() const { return size_; }
    /// Bytes held by the table's array.
    size_t bytes() const { return slots_.capacity() * sizeof(Slot); }

private:
    struct Slot {
        CounterKey key;        // key.bytes[1] == 0: empty
        bool changed = false;  // counted since the write-behind last took it (in the padding: no extra bytes)
        uint32_t count = 0;
    };
    static_assert(sizeof(Slot) == 24, "a slot stays 24 bytes");
    size_t find(const CounterKey& key, size_t hash) const;
    void grow();

    std::vector<Slot> slots_;  // size a power of two, or empty
    size_t size_ = 0;
};

}  // namespace ipfacts::ratelimit
