// FakeCache: the cache facility (ipf_cache_api) in memory, with the host's
// semantics: bytes with a TTL on the fake clock (an entry is dead from the
// millisecond its TTL ends), keys kept apart per plugin namespace, ttl 0
// refused, and, when a test sets a bound, least recently used entries
// dropped past it and a value larger than the bound refused. Header-only;
// see FakeHost.hpp.
#ifndef IPFACTS_TESTING_FAKECACHE_HPP
#define IPFACTS_TESTING_FAKECACHE_HPP

#include <ipfacts/testing/FakeSupport.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace ipfacts::testing {

class FakeCache {
public:
    explicit FakeCache(const FakeClock& clock) : clock_(clock) {}
    FakeCache(const FakeCache&) = delete;
    FakeCache& operator=(const FakeCache&) = delete;

    /// Bytes (keys and values) the cache holds at most; 0: no bound.
    size_t maxBytes = 0;
    int gets = 0;  ///< get calls
    int hits = 0;  ///< get calls that found a live value
    int puts = 0;  ///< put calls, refused ones included

    /// The live value of `key` in the namespace `space` (the plugin's name),
    /// without counting as a use.
    std::optional<std::string> peek(std::string_view space, std::string_view key) const {
        auto it = entries_.find({std::string(space), std::string(key)});
        if (it == entries_.end() || dead(it->second)) return std::nullopt;
        return it->second.value;
    }
    /// Live entries, every namespace.
    size_t size() const {
        size_t n = 0;
        for (const auto& kv : entries_) n += dead(kv.second) ? 0 : 1;
        return n;
    }
    void clear() { entries_.clear(); }

    // ---- what the fake host's ipf_cache_api calls --------------------------

    ipf_status get(std::string_view space, std::string_view key, ipf_str* out) {
        ++gets;
        *out = ipf_str{nullptr, 0};
        auto it = entries_.find({std::string(space), std::string(key)});
        if (it == entries_.end()) return IPF_NOT_FOUND;
        if (dead(it->second)) {
            entries_.erase(it);
            return IPF_NOT_FOUND;
        }
        ++hits;
        it->second.lastUse = ++uses_;
        *out = detail::copyOut(it->second.value);
        return IPF_OK;
    }

    ipf_status put(std::string_view space, std::string_view key, std::string_view value, uint32_t ttlMs) {
        ++puts;
        if (ttlMs == 0) return IPF_INVALID;
        const std::pair<std::string, std::string> id{std::string(space), std::string(key)};
        entries_.erase(id);
        const size_t cost = key.size() + value.size();
        if (maxBytes && cost > maxBytes) return IPF_ERROR;  // too large to keep; the old value is gone
        makeRoom(cost);
        entries_[id] = Entry{std::string(value), clock_.nowMs + ttlMs, ++uses_};
        return IPF_OK;
    }

private:
    struct Entry {
        std::string value;
        int64_t expiresMs = 0;
        uint64_t lastUse = 0;
    };

    bool dead(const Entry& e) const { return clock_.nowMs >= e.expiresMs; }

    size_t bytes() const {
        size_t n = 0;
        for (const auto& [id, e] : entries_) n += id.second.size() + e.value.size();
        return n;
    }

    // Dead entries go first, then the least recently used, until `cost` fits.
    void makeRoom(size_t cost) {
        if (!maxBytes) return;
        for (auto it = entries_.begin(); it != entries_.end();) it = dead(it->second) ? entries_.erase(it) : ++it;
        while (!entries_.empty() && bytes() + cost > maxBytes) {
            auto oldest = entries_.begin();
            for (auto it = entries_.begin(); it != entries_.end(); ++it)
                if (it->second.lastUse < oldest->second.lastUse) oldest = it;
            entries_.erase(oldest);
        }
    }

    const FakeClock& clock_;
    std::map<std::pair<std::string, std::string>, Entry> entries_;
    uint64_t uses_ = 0;
};

}  // namespace ipfacts::testing

#endif
