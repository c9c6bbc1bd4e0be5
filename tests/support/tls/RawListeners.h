// Loopback peers that misbehave at the TCP level, for the connect facility's
// failure cases. Each binds 127.0.0.1 port 0 (the kernel's choice), so the
// port is theirs from the start.
#pragma once

#include <atomic>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace ipfacts::testing {

/// Accepts connections and closes its side (FIN before any byte), then reads
/// and drops what the client sent until it closes too: the client sees
/// end-of-file, never a reset. With `group` > 1 it closes only once that
/// many connections are open at the same time, so clients that each wait
/// for their answer get it only if they connected concurrently.
class ClosingListener {
public:
    explicit ClosingListener(int group = 1);
    ~ClosingListener();
    ClosingListener(const ClosingListener&) = delete;
    ClosingListener& operator=(const ClosingListener&) = delete;
    int port() const { return port_; }
    int accepted() const { return accepted_.load(); }

private:
    int fd_ = -1;
    int port_ = 0;
    std::atomic<int> accepted_{0};
    std::thread thread_;
    std::vector<std::thread> drains_;
};

/// Listens and never accepts: the kernel completes the TCP handshake and
/// keeps what the client sends in its queue, unanswered.
class SilentListener {
public:
    SilentListener();
    ~SilentListener();
    SilentListener(const SilentListener&) = delete;
    SilentListener& operator=(const SilentListener&) = delete;
    int port() const { return port_; }

private:
    int fd_ = -1;
    int port_ = 0;
};

/// A port bound but not listening: a connect to it is refused.
class ClosedPort {
public:
    ClosedPort();
    ~ClosedPort();
    ClosedPort(const ClosedPort&) = delete;
    ClosedPort& operator=(const ClosedPort&) = delete;
    int port() const { return port_; }

private:
    int fd_ = -1;
    int port_ = 0;
};

/// A line-protocol server as WHOIS is (RFC 3912): accepts one connection at
/// a time, reads the query up to "\r\n", writes `answer` and closes. Keeps
/// every query it read, in order.
class AnsweringListener {
public:
    explicit AnsweringListener(std::string answer);
    ~AnsweringListener();
    AnsweringListener(const AnsweringListener&) = delete;
    AnsweringListener& operator=(const AnsweringListener&) = delete;
    int port() const { return port_; }
    std::vector<std::string> queries() const;

private:
    int fd_ = -1;
    int port_ = 0;
    std::string answer_;
    mutable std::mutex mutex_;
    std::vector<std::string> queries_;
    std::thread thread_;
};

}  // namespace ipfacts::testing
