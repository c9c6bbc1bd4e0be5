// StringPool: distinct strings stored once, back to back, addressed by a
// 32-bit index — 500k ASN ranges name about 120k distinct organisations.
// The index used to find duplicates lives only while the pool is filled.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace ipfacts::facilities::netdb {

class StringPool {
public:
    StringPool();

    /// The index of `s`, adding it when new. Not thread-safe; only while filling.
    uint32_t intern(std::string_view s);
    /// Drops the duplicate index and spare capacity; interning afterwards is an error.
    void freeze();

    /// Thread-safe.
    std::string_view at(uint32_t index) const {
        return std::string_view(text_).substr(offsets_[index], offsets_[index + 1] - offsets_[index]);
    }
    size_t size() const { return offsets_.size() - 1; }
    size_t bytes() const { return text_.capacity() + offsets_.capacity() * sizeof(uint32_t); }

private:
    std::string text_;
    std::vector<uint32_t> offsets_;  // size() + 1 entries; the last is text_.size()
    std::unique_ptr<std::unordered_map<std::string, uint32_t>> index_;
};

}  // namespace ipfacts::facilities::netdb
