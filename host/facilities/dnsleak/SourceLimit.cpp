#include "host/facilities/dnsleak/SourceLimit.h"

namespace ipfacts::facilities::dnsleak {

bool SourceLimit::admit(const net::IpAddress& source, int64_t now_s) {
    if (now_s != second_) {
        second_ = now_s;
        counts_.clear();
        shared_ = 0;
    }
    const net::IpAddress block = source.unmapped().callerBlock(64);
    std::string key(reinterpret_cast<const char*>(block.bytes()), block.size());
    auto it = counts_.find(key);
    if (it == counts_.end()) {
        if (counts_.size() >= max_sources_) return ++shared_ <= per_second_;
        it = counts_.emplace(std::move(key), 0).first;
    }
    return ++it->second <= per_second_;
}

}  // namespace ipfacts::facilities::dnsleak
