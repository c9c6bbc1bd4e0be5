#include "host/facilities/dnsleak/SessionLog.h"

#include <spdlog/spdlog.h>

#include <chrono>
#include <sstream>

namespace ipfacts::facilities::dnsleak {
namespace {

constexpr std::string_view kNamespace = "dnsleak";
// Rows outlive the session a little, so a read at its last second finds them;
// a node whose clock is moved (tests) still judges expiry by the token.
constexpr int64_t kRowGraceS = 60;

std::vector<std::string> split(const std::string& line) {
    std::vector<std::string> out;
    std::string field;
    std::istringstream in(line);
    while (std::getline(in, field, '|')) out.push_back(field);
    if (!line.empty() && line.back() == '|') out.emplace_back();
    return out;
}

int64_t rowTtlMs(const LeakQuestion& q) {
    const int64_t left = q.expires_unix - q.at_unix;
    return (left > 0 ? left : 0) * 1000 + kRowGraceS * 1000;
}

}  // namespace

std::string LeakQuestion::encode() const {
    return resolver + "|" + std::to_string(port) + "|" + transport + "|" + std::to_string(at_unix) + "|" +
           std::to_string(qtype) + "|" + name + "|" + subnet;
}

bool LeakQuestion::decode(const std::string& line) {
    const auto f = split(line);
    if (f.size() != 7) return false;
    try {
        resolver = f[0];
        port = std::stoi(f[1]);
        transport = f[2];
        at_unix = std::stoll(f[3]);
        qtype = std::stoi(f[4]);
        name = f[5];
        subnet = f[6];
    } catch (const std::exception&) {
        return false;
    }
    return true;
}

SessionLog::SessionLog(ipfacts::store::KvStore& kv, int max_pending, int max_per_session)
    : kv_(kv), max_pending_(static_cast<size_t>(max_pending)), max_per_session_(max_per_session) {
    writer_ = std::thread([this] { run(); });
}

SessionLog::~SessionLog() {
    {
        std::lock_guard<std::mutex> lock(mu_);
        stop_ = true;
    }
    wake_.notify_all();
    writer_.join();
}

bool SessionLog::record(LeakQuestion q) {
    {
        std::lock_guard<std::mutex> lock(mu_);
        if (queue_.size() >= max_pending_) {
            dropped_.fetch_add(1, std::memory_order_relaxed);
            return false;
        }
        queue_.push_back(std::move(q));
    }
    wake_.notify_one();
    return true;
}

void SessionLog::drain() {
    std::unique_lock<std::mutex> lock(mu_);
    drained_.wait(lock, [this] { return queue_.empty() && !writing_; });
}

void SessionLog::run() {
    std::unique_lock<std::mutex> lock(mu_);
    for (;;) {
        wake_.wait(lock, [this] { return stop_ || !queue_.empty(); });
        if (queue_.empty()) return;  // stopping, everything written
        LeakQuestion q = std::move(queue_.front());
        queue_.pop_front();
        writing_ = true;
        lock.unlock();
        write(q);
        lock.lock();
        writing_ = false;
        if (queue_.empty()) drained_.notify_all();
    }
}

void SessionLog::write(const LeakQuestion& q) {
    try {
        const int64_t ttl = rowTtlMs(q);
        const int64_t n = kv_.incr(kNamespace, "n:" + q.token, 1, ttl);
        if (n <= max_per_session_) kv_.put(kNamespace, "q:" + q.token + ":" + std::to_string(n), q.encode(), ttl);
        written_.fetch_add(1, std::memory_order_relaxed);
    } catch (const std::exception& e) {
        dropped_.fetch_add(1, std::memory_order_relaxed);
        spdlog::warn("dnsleak: recording a question failed: {}", e.what());
    }
}

SessionQuestions SessionLog::read(const std::string& token) const {
    SessionQuestions out;
    const auto count = kv_.get(kNamespace, "n:" + token);
    if (!count) return out;
    int64_t n = 0;
    try {
        n = std::stoll(*count);
    } catch (const std::exception&) {
        return out;
    }
    out.total = n;
    if (n > max_per_session_) n = max_per_session_;
    for (int64_t i = 1; i <= n; ++i) {
        const auto row = kv_.get(kNamespace, "q:" + token + ":" + std::to_string(i));
        LeakQuestion q;
        if (row && q.decode(*row)) {
            q.token = token;
            out.kept.push_back(std::move(q));
        }
    }
    return out;
}

}  // namespace ipfacts::facilities::dnsleak
