// FakeStore: the durable store (ipf_store_api) in memory, with the host's
// semantics: rows with an optional TTL on the fake clock (dead from the
// millisecond it ends; 0 keeps a row until it is overwritten), keys kept
// apart per plugin namespace, and incr that starts a new or dead counter at
// 0 with the TTL while a live one keeps its expiry (fixed windows). A
// non-integer value counts from its leading digits, as the host's SQL CAST
// does. Header-only; see FakeHost.hpp.
#ifndef IPFACTS_TESTING_FAKESTORE_HPP
#define IPFACTS_TESTING_FAKESTORE_HPP

#include <ipfacts/testing/FakeSupport.hpp>

#include <cstdint>
#include <cstdlib>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace ipfacts::testing {

class FakeStore {
public:
    explicit FakeStore(const FakeClock& clock) : clock_(clock) {}
    FakeStore(const FakeStore&) = delete;
    FakeStore& operator=(const FakeStore&) = delete;

    /// True: every call fails with IPF_ERROR, as a broken disk would.
    bool failing = false;
    int gets = 0;   ///< get calls
    int puts = 0;   ///< put calls
    int incrs = 0;  ///< incr calls

    /// The live value of `key` in the namespace `space` (the plugin's name).
    std::optional<std::string> peek(std::string_view space, std::string_view key) const {
        const Row* row = live(space, key);
        if (!row) return std::nullopt;
        return row->value;
    }
    /// When the row dies, Unix ms; nullopt when it never does or is not there.
    std::optional<int64_t> expiresAt(std::string_view space, std::string_view key) const {
        const Row* row = live(space, key);
        if (!row) return std::nullopt;
        return row->expiresMs;
    }
    /// Puts a row as a plugin would, before the plugin runs.
    void seed(std::string_view space, std::string_view key, std::string value, uint64_t ttlMs = 0) {
        rows_[{std::string(space), std::string(key)}] = Row{std::move(value), expiry(ttlMs)};
    }

    // ---- what the fake host's ipf_store_api calls --------------------------

    ipf_status get(std::string_view space, std::string_view key, ipf_str* out) {
        ++gets;
        *out = ipf_str{nullptr, 0};
        if (failing) return IPF_ERROR;
        const Row* row = live(space, key);
        if (!row) return IPF_NOT_FOUND;
        *out = detail::copyOut(row->value);
        return IPF_OK;
    }

    ipf_status put(std::string_view space, std::string_view key, std::string_view value, uint64_t ttlMs) {
        ++puts;
        if (failing) return IPF_ERROR;
        rows_[{std::string(space), std::string(key)}] = Row{std::string(value), expiry(ttlMs)};
        return IPF_OK;
    }

    ipf_status incr(std::string_view space, std::string_view key, int64_t delta, uint64_t ttlMs, int64_t* out) {
        ++incrs;
        if (failing) return IPF_ERROR;
        const std::pair<std::string, std::string> id{std::string(space), std::string(key)};
        auto it = rows_.find(id);
        if (it == rows_.end() || dead(it->second)) {
            rows_[id] = Row{std::to_string(delta), expiry(ttlMs)};
            *out = delta;
            return IPF_OK;
        }
        Row& row = it->second;  // live: counts on, keeping its expiry
        *out = std::strtoll(row.value.c_str(), nullptr, 10) + delta;
        row.value = std::to_string(*out);
        return IPF_OK;
    }

private:
    struct Row {
        std::string value;
        std::optional<int64_t> expiresMs;  // nullopt: never
    };

    std::optional<int64_t> expiry(uint64_t ttlMs) const {
        if (ttlMs == 0) return std::nullopt;
        return clock_.nowMs + static_cast<int64_t>(ttlMs);
    }
    bool dead(const Row& r) const { return r.expiresMs && *r.expiresMs <= clock_.nowMs; }

    const Row* live(std::string_view space, std::string_view key) const {
        auto it = rows_.find({std::string(space), std::string(key)});
        if (it == rows_.end() || dead(it->second)) return nullptr;
        return &it->second;
    }

    const FakeClock& clock_;
    std::map<std::pair<std::string, std::string>, Row> rows_;
};

}  // namespace ipfacts::testing

#endif
