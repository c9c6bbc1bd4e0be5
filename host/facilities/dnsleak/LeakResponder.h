// LeakResponder: the authoritative DNS responder of the leak test, UDP and
// TCP on each configured address, one thread of its own (an epoll loop),
// answering as LeakZone decides and recording session questions in the
// SessionLog. Bounded whatever arrives: a rate limit per source
// (SourceLimit: past it a UDP question gets no reply, a TCP connection is
// closed), at most max_tcp_connections open (more are closed at accept), a
// TCP message at most 4096 bytes, idle connections closed, and the log's
// queue capped. Every socket is ours; it connects nowhere.
#pragma once

#include "host/facilities/dnsleak/DnsLeakConfig.h"
#include "host/facilities/dnsleak/LeakZone.h"
#include "host/facilities/dnsleak/SessionLog.h"
#include "host/facilities/dnsleak/SourceLimit.h"
#include "host/net/IpAddress.h"
#include "host/ratelimit/ServiceClock.h"

#include <atomic>
#include <cstdint>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

namespace ipfacts::facilities::dnsleak {

/// What the responder counted since it started.
struct ResponderCounts {
    uint64_t answered = 0;         // a live session's name or the apex
    uint64_t refused = 0;          // REFUSED (and BADVERS)
    uint64_t malformed = 0;        // FORMERR, NOTIMP, or not a query at all
    uint64_t limited = 0;          // over a source's rate: no reply
    uint64_t tcp_turned_away = 0;  // connections closed at accept: too many open
};

class LeakResponder {
public:
    /// Binds UDP and TCP on every listen address; throws std::runtime_error
    /// naming the address when it cannot. Starts its thread.
    LeakResponder(const DnsLeakConfig& config, const LeakZone& zone, SessionLog& log,
                  const ratelimit::ServiceClock& clock);
    /// Stops the thread and closes every socket.
    ~LeakResponder();
    LeakResponder(const LeakResponder&) = delete;
    LeakResponder& operator=(const LeakResponder&) = delete;

    ResponderCounts counts() const;
    /// TCP connections open now.
    size_t openConnections() const { return open_tcp_.load(std::memory_order_relaxed); }

private:
    struct Connection {
        net::IpAddress peer;
        int port = 0;
        std::string in;
        int64_t last_us = 0;
    };

    void bindAll();
    void run();
    void readUdp(int fd);
    void acceptTcp(int fd);
    void readTcp(int fd);
    void closeTcp(int fd);
    void closeIdle();
    /// The reply to one message, or "" for none; records a session question.
    std::string handle(const uint8_t* data, size_t size, const net::IpAddress& peer, int port, bool tcp);
    void count(std::atomic<uint64_t>& c) { c.fetch_add(1, std::memory_order_relaxed); }

    const DnsLeakConfig& config_;
    const LeakZone& zone_;
    SessionLog& log_;
    const ratelimit::ServiceClock& clock_;
    SourceLimit limit_;     // the thread's alone
    std::vector<int> udp_;  // one per listen address
    std::vector<int> tcp_listeners_;
    std::unordered_map<int, Connection> tcp_;  // the thread's alone
    int epoll_ = -1;
    int stop_fd_ = -1;  // an eventfd: written to stop the thread
    std::atomic<size_t> open_tcp_{0};
    std::atomic<uint64_t> answered_{0}, refused_{0}, malformed_{0}, limited_{0}, turned_away_{0};
    std::thread thread_;
};

}  // namespace ipfacts::facilities::dnsleak
