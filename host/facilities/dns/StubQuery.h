// StubQuery: one question's exchange with the resolver servers: over UDP
// (a fresh connected socket and a fresh random ID per attempt, the servers
// taken in turn), over TCP when the UDP answer comes back truncated. It never
// blocks: the caller polls fd() for events() until wakeAt() and reports what
// happened, so one thread (or one request fiber) drives many questions at once
// and a question costs a socket and a few hundred bytes while it waits.
#pragma once

#include "host/facilities/dns/ResolverServers.h"

#include <ipfacts/plugin.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace ipfacts::facilities {

class StubQuery {
public:
    /// `wire` is the query (its ID is replaced per attempt); `out` receives
    /// the answer and must outlive the query.
    StubQuery(std::string wire, const std::vector<ResolverServer>& servers, int timeout_ms, int attempts,
              DnsAnswer& out, int64_t now_us);
    ~StubQuery();
    StubQuery(const StubQuery&) = delete;
    StubQuery& operator=(const StubQuery&) = delete;

    bool done() const { return state_ == State::Done; }
    int fd() const { return fd_; }
    short events() const;
    int64_t wakeAt() const { return attempt_ends_us_; }

    /// The descriptor reported `revents`.
    void onReady(short revents, int64_t now_us);
    /// Called once wakeAt() has passed: the attempt is over.
    void onTime(int64_t now_us);
    /// The caller's budget is over: answers "timeout" if not done.
    void abandon(int64_t now_us);

private:
    enum class State { Udp, TcpConnecting, TcpWriting, TcpReading, Done };

    void startAttempt(int64_t now_us);
    void failAttempt(const std::string& why, int64_t now_us);
    void readUdp(int64_t now_us);
    void startTcp(int64_t now_us);
    void finishConnect(int64_t now_us);
    void writeTcp(int64_t now_us);
    void readTcp(int64_t now_us);
    bool matches(const unsigned char* reply, size_t len) const;
    void answer(const unsigned char* reply, size_t len, int64_t now_us);
    void fail(const std::string& why, int64_t now_us);
    void closeSocket();

    std::string wire_;
    const std::vector<ResolverServer>& servers_;
    int timeout_ms_;
    int attempts_left_;
    size_t server_ = 0;
    DnsAnswer& out_;
    int64_t started_us_;
    State state_ = State::Udp;
    int fd_ = -1;
    int64_t attempt_ends_us_ = 0;
    std::string tcp_buffer_;  // the framed query going out, then the answer coming in
    size_t tcp_done_ = 0;
};

}  // namespace ipfacts::facilities
