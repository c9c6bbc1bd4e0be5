// What the facility fakes of ipfacts/testing share: the clock a test controls,
// batches handed out the way the host hands them out, and values copied out
// the way the cache and store give them. Header-only; see FakeHost.hpp.
#ifndef IPFACTS_TESTING_FAKESUPPORT_HPP
#define IPFACTS_TESTING_FAKESUPPORT_HPP

#include <ipfacts/plugin.hpp>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace ipfacts::testing {

/// 2026-11-22T18:51:11Z, where every fake clock starts: responses are stamped with it.
inline constexpr int64_t kFakeNowMs = 1795373471000;
inline constexpr const char* kFakeCheckedAt = "2026-11-22T18:51:11Z";

/// The fake host's wall clock (now_ms). It moves only when the test moves
/// it, so TTLs expire exactly when a test says.
struct FakeClock {
    int64_t nowMs = kFakeNowMs;
    void advance(std::chrono::milliseconds by) { nowMs += by.count(); }
    /// now as checked_at writes it.
    std::string checkedAt() const { return isoUtc(nowMs); }
};

namespace detail {

/// A batch as a fake facility hands it out (ipf_dns_batch*, ipf_http_batch*, ...):
/// the values and their C structs, and the count of batches not yet freed.
template <class Owned>
struct LentBatch {
    Marshalled<Owned> items;
    int* open;
};

template <class CBatch, class Owned>
CBatch* lend(std::vector<Owned> values, int& open) {
    ++open;
    return reinterpret_cast<CBatch*>(new LentBatch<Owned>{Marshalled<Owned>(std::move(values)), &open});
}

template <class CBatch, class Owned>
const LentBatch<Owned>& lentOf(const CBatch* b) {
    return *reinterpret_cast<const LentBatch<Owned>*>(b);
}

template <class CBatch, class Owned>
size_t lentSize(const CBatch* b) {
    return b ? lentOf<CBatch, Owned>(b).items.size() : 0;
}

template <class CBatch, class Owned>
const typename Owned::CStruct* lentItem(const CBatch* b, size_t i) {
    return b ? lentOf<CBatch, Owned>(b).items.at(i) : nullptr;
}

template <class CBatch, class Owned>
void lentFree(CBatch* b) {
    if (!b) return;
    auto* lent = reinterpret_cast<LentBatch<Owned>*>(b);
    --*lent->open;
    delete lent;
}

/// A malloc'd copy of `bytes` (never NULL), as the host's cache and store hand values out.
inline ipf_str copyOut(std::string_view bytes) {
    char* p = static_cast<char*>(std::malloc(bytes.size() ? bytes.size() : 1));
    if (!bytes.empty()) std::memcpy(p, bytes.data(), bytes.size());
    return ipf_str{p, bytes.size()};
}

inline void freeCopy(const char* p) { std::free(const_cast<char*>(p)); }

}  // namespace detail
}  // namespace ipfacts::testing

#endif
