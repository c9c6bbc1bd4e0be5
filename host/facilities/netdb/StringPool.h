// StringPool: distinct strings stored once, back to back, addressed by a
// 32-bit index — 500k ASN ranges name about 80k distinct organisations.
// Duplicates are found through an open-addressing table of (hash, index)
// slots that exists only while the pool is filled.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ipfacts::facilities::netdb {

class StringPool {
public:
    StringPool();

    /// The index of `s`, adding it when new. Not thread-safe; only while filling.
    uint32_t intern(std::string_view s);
    /// Drops the duplicate table and spare capacity; interning afterwards is an error.
    void freeze();

    /// Thread-safe.
    std::string_view at(uint32_t index) const {
        return std::string_view(text_).substr(offsets_[index], offsets_[index + 1] - offsets_[index]);
    }
    size_t size() const { return offsets_.size() - 1; }
    size_t bytes() const { return text_.capacity() + offsets_.capacity() * sizeof(uint32_t); }

private:
    uint32_t add(std::string_view s);
    void grow();

    std::string text_;
    std::vector<uint32_t> offsets_;  // size() + 1 entries; the last is text_.size()
    // Slot: hash in the high 32 bits, index + 1 in the low (0: empty).
    std::vector<uint64_t> slots_;
    bool frozen_ = false;
    uint32_t last_ = 0;  // the index intern returned last
};

}  // namespace ipfacts::facilities::netdb
