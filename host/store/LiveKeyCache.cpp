#include "host/store/LiveKeyCache.h"

#include <openssl/evp.h>
#include <spdlog/spdlog.h>

#include <chrono>
#include <cstring>

namespace ipfacts::store {

namespace {

std::atomic<uint64_t> instances{0};

/// 64 hex digits as 32 bytes; false when they are not.
bool digestOfHex(const std::string& hex, std::array<unsigned char, 32>& out) {
    if (hex.size() != 64) return false;
    auto nibble = [](char c) { return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1; };
    for (size_t i = 0; i < 32; ++i) {
        const int hi = nibble(hex[2 * i]), lo = nibble(hex[2 * i + 1]);
        if (hi < 0 || lo < 0) return false;
        out[i] = static_cast<unsigned char>(hi << 4 | lo);
    }
    return true;
}

/// SHA-256 of `text` with this thread's own digest context: no allocation per call.
bool sha256Of(std::string_view text, std::array<unsigned char, 32>& out) {
    static EVP_MD* const md = EVP_MD_fetch(nullptr, "SHA2-256", nullptr);
    thread_local std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> ctx(EVP_MD_CTX_new(), &EVP_MD_CTX_free);
    unsigned int len = 0;
    return md && ctx && EVP_DigestInit_ex2(ctx.get(), md, nullptr) == 1 &&
           EVP_DigestUpdate(ctx.get(), text.data(), text.size()) == 1 &&
           EVP_DigestFinal_ex(ctx.get(), out.data(), &len) == 1 && len == out.size();
}

}  // namespace

size_t LiveKeyCache::DigestHash::operator()(const Digest& d) const {
    size_t h;
    std::memcpy(&h, d.data(), sizeof h);
    return h;
}

LiveKeyCache::LiveKeyCache(AccountStore& store, std::function<int64_t()> now, unsigned refresh_ms)
    : store_(store),
      now_(std::move(now)),
      refresh_ms_(refresh_ms),
      snapshot_(std::make_shared<const Snapshot>()),
      instance_(++instances) {}

LiveKeyCache::~LiveKeyCache() { stop(); }

void LiveKeyCache::start() {
    refreshNow();
    thread_ = std::thread([this] { run(); });
}

void LiveKeyCache::stop() {
    {
        std::lock_guard<std::mutex> lock(stop_mu_);
        if (stopping_) return;
        stopping_ = true;
    }
    stop_cv_.notify_all();
    if (thread_.joinable()) thread_.join();
    flushUsage();
}

const LiveKeyCache::Snapshot& LiveKeyCache::current() const {
    struct Seen {
        uint64_t instance = 0;
        uint64_t generation = 0;
        std::shared_ptr<const Snapshot> snapshot;
    };
    thread_local Seen seen;
    const uint64_t g = generation_.load(std::memory_order_acquire);
    if (seen.instance != instance_ || seen.generation != g || !seen.snapshot) {
        seen.snapshot = std::atomic_load(&snapshot_);
        seen.instance = instance_;
        seen.generation = g;
    }
    return *seen.snapshot;
}

std::shared_ptr<const CachedKey> LiveKeyCache::findKey(std::string_view key) const {
    Digest d;
    if (!sha256Of(key, d)) return nullptr;
    const Snapshot& snap = current();
    auto it = snap.by_hash.find(d);
    return it == snap.by_hash.end() ? nullptr : it->second;
}

size_t LiveKeyCache::size() const { return std::atomic_load(&snapshot_)->by_hash.size(); }

int64_t LiveKeyCache::unwritten(std::string_view id) const {
    auto snap = std::atomic_load(&snapshot_);
    auto it = snap->by_id.find(std::string(id));
    return it == snap->by_id.end() ? 0 : it->second->unwritten.load(std::memory_order_relaxed);
}

void LiveKeyCache::refreshNow() {
    std::lock_guard<std::mutex> lock(reload_mu_);
    try {
        reloadIfMoved();
        reload_failures_.succeeded();
    } catch (const StoreUnavailable& e) {
        // The last snapshot stays in force: keys keep working, revocations wait.
        reload_failures_.failed(
            "store unavailable, keeping " + std::to_string(size()) + " keys of version " + std::to_string(version()),
            e.what());
    }
}

void LiveKeyCache::reloadIfMoved() {
    const int64_t v = store_.keysVersion();
    if (loaded_ && v == version_) return;
    auto old = std::atomic_load(&snapshot_);
    auto fresh = std::make_shared<Snapshot>();
    for (auto& k : store_.liveKeys()) {
        Digest d;
        if (!digestOfHex(k.hash, d)) continue;  // not a SHA-256: no key can match it
        auto it = old->by_hash.find(d);
        std::shared_ptr<const CachedKey> key;
        if (it != old->by_hash.end()) {
            key = it->second;  // the same object: its unwritten count carries over
        } else {
            auto fresh_key = std::make_shared<CachedKey>();
            fresh_key->id = k.id;
            fresh_key->account = k.account;
            key = std::move(fresh_key);
        }
        fresh->by_id[k.id] = key;
        fresh->by_hash[d] = std::move(key);
    }
    for (const auto& [digest, key] : old->by_hash)
        if (!fresh->by_hash.count(digest)) retired_.push_back(key);
    std::atomic_store(&snapshot_, std::shared_ptr<const Snapshot>(std::move(fresh)));
    generation_.fetch_add(1, std::memory_order_release);  // after the store: a reader that sees it finds the new set
    version_ = v;
    loaded_ = true;
}

void LiveKeyCache::flushUsage() {
    std::lock_guard<std::mutex> lock(reload_mu_);
    std::map<std::string, int64_t> counts;
    counts.swap(failed_);
    auto take = [&counts](const CachedKey& k) {
        if (int64_t n = k.unwritten.exchange(0, std::memory_order_relaxed)) counts[k.id] += n;
    };
    for (const auto& [hash, key] : std::atomic_load(&snapshot_)->by_hash) take(*key);
    for (const auto& key : retired_) take(*key);
    retired_.clear();
    if (counts.empty()) return;
    const int64_t now = now_();
    try {
        store_.addUsage(utcDay(now), counts, now);
        usage_failures_.succeeded();
    } catch (const StoreUnavailable& e) {
        usage_failures_.failed(std::to_string(counts.size()) + " keys' counts kept for the next write", e.what());
        failed_ = std::move(counts);
    }
}

void LiveKeyCache::run() {
    std::unique_lock<std::mutex> lock(stop_mu_);
    while (!stop_cv_.wait_for(lock, std::chrono::milliseconds(refresh_ms_), [this] { return stopping_; })) {
        lock.unlock();
        refreshNow();
        flushUsage();
        lock.lock();
    }
}

}  // namespace ipfacts::store
