#include "host/facilities/netdb/StringPool.h"

#include <stdexcept>

namespace ipfacts::facilities::netdb {

namespace {

uint32_t hashOf(std::string_view s) {
    // FNV-1a, folded to 32 bits: names are short and this runs once per CSV row.
    uint64_t h = 1469598103934665603ull;
    for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
    return static_cast<uint32_t>(h ^ (h >> 32));
}

}  // namespace

StringPool::StringPool() : offsets_{0}, slots_(1 << 10, 0) {}

uint32_t StringPool::add(std::string_view s) {
    if (text_.size() + s.size() > UINT32_MAX) throw std::length_error("string pool over 4 GiB");
    text_.append(s);
    offsets_.push_back(static_cast<uint32_t>(text_.size()));
    return static_cast<uint32_t>(size() - 1);
}

void StringPool::grow() {
    std::vector<uint64_t> old(slots_.size() * 2, 0);
    old.swap(slots_);
    const size_t mask = slots_.size() - 1;
    for (uint64_t slot : old) {
        if (!slot) continue;
        size_t i = (slot >> 32) & mask;
        while (slots_[i]) i = (i + 1) & mask;
        slots_[i] = slot;
    }
}

uint32_t StringPool::intern(std::string_view s) {
    if (frozen_) throw std::logic_error("StringPool::intern after freeze");
    // Sorted range files repeat a name row after row; skip the hash for those.
    if (size() > 0 && s == at(last_)) return last_;
    const uint32_t h = hashOf(s);
    const size_t mask = slots_.size() - 1;
    size_t i = h & mask;
    for (; slots_[i]; i = (i + 1) & mask) {
        const auto index = static_cast<uint32_t>(slots_[i]) - 1;
        if ((slots_[i] >> 32) == h && at(index) == s) return last_ = index;
    }
    last_ = add(s);
    slots_[i] = (uint64_t(h) << 32) | (uint64_t(last_) + 1);
    if (size() * 2 > slots_.size()) grow();  // keep probes short: at most half full
    return last_;
}

void StringPool::freeze() {
    frozen_ = true;
    slots_ = {};
    text_.shrink_to_fit();
    offsets_.shrink_to_fit();
}

}  // namespace ipfacts::facilities::netdb
