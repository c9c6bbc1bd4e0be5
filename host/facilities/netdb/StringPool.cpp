#include "host/facilities/netdb/StringPool.h"

#include <stdexcept>

namespace ipfacts::facilities::netdb {

StringPool::StringPool() : offsets_{0}, index_(std::make_unique<std::unordered_map<std::string, uint32_t>>()) {}

uint32_t StringPool::intern(std::string_view s) {
    if (!index_) throw std::logic_error("StringPool::intern after freeze");
    auto [it, added] = index_->try_emplace(std::string(s), static_cast<uint32_t>(size()));
    if (added) {
        if (text_.size() + s.size() > UINT32_MAX) throw std::length_error("string pool over 4 GiB");
        text_.append(s);
        offsets_.push_back(static_cast<uint32_t>(text_.size()));
    }
    return it->second;
}

void StringPool::freeze() {
    index_.reset();
    text_.shrink_to_fit();
    offsets_.shrink_to_fit();
}

}  // namespace ipfacts::facilities::netdb
