// SessionLog: the questions each session received, kept in the store
// facility's KvStore (namespace "dnsleak"), so with store.backend
// redis+postgres every node reads what any node's responder recorded. The
// responder's thread never waits on the store: it queues a question (at most
// `max_pending`; past that the question is answered but not recorded, and
// counted) and one writer thread of its own writes the queue. Per session:
// row "n:<token>" counts questions, "q:<token>:<i>" holds the i-th (at most
// `max_per_session` of them); both expire with the session.
#pragma once

#include "host/store/KvStore.h"

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace ipfacts::facilities::dnsleak {

/// One question as the responder saw it.
struct LeakQuestion {
    std::string token;
    std::string resolver;   // the asking address
    int port = 0;           // its source port
    std::string transport;  // "udp" or "tcp"
    int64_t at_unix = 0;
    int qtype = 0;
    std::string name;    // as asked, letter case kept
    std::string subnet;  // EDNS Client Subnet text, "" when none
    int64_t expires_unix = 0;

    /// One line of '|'-separated fields (names are LDH labels: no '|').
    std::string encode() const;
    /// The line back; false when it is not one encode() wrote.
    bool decode(const std::string& line);
};

/// What the store holds for a session: how many questions came, and the
/// first ones (up to the per-session cap), oldest first.
struct SessionQuestions {
    int64_t total = 0;
    std::vector<LeakQuestion> kept;
};

class SessionLog {
public:
    /// Starts the writer thread over `kv`, which outlives the log.
    SessionLog(ipfacts::store::KvStore& kv, int max_pending, int max_per_session);
    /// Writes what is queued, then stops the writer.
    ~SessionLog();
    SessionLog(const SessionLog&) = delete;
    SessionLog& operator=(const SessionLog&) = delete;

    /// Queues `q` for the store; false (and counted) when the queue is full.
    /// Never blocks on the store. Thread-safe.
    bool record(LeakQuestion q);

    /// The questions recorded for `token`. Blocks on the store: worker
    /// threads only. Throws ipfacts::store::KvStoreError.
    SessionQuestions read(const std::string& token) const;

    /// Blocks until the queue is written (tests). Thread-safe.
    void drain();

    uint64_t dropped() const { return dropped_.load(std::memory_order_relaxed); }
    uint64_t written() const { return written_.load(std::memory_order_relaxed); }

private:
    void run();
    void write(const LeakQuestion& q);

    ipfacts::store::KvStore& kv_;
    size_t max_pending_;
    int max_per_session_;
    mutable std::mutex mu_;
    std::condition_variable wake_;
    std::condition_variable drained_;
    std::deque<LeakQuestion> queue_;
    bool writing_ = false;
    bool stop_ = false;
    std::atomic<uint64_t> dropped_{0};
    std::atomic<uint64_t> written_{0};
    std::thread writer_;
};

}  // namespace ipfacts::facilities::dnsleak
