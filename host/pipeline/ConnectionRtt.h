// ConnectionRtt: the kernel's smoothed round-trip time of one client
// connection (TCP_INFO tcpi_rtt), what /json reports as network.rtt_ms.
// Read with getsockopt at most once per kMaxAgeMs on a connection, not on
// every request: that was one system call per /json request, while the
// smoothed RTT (RFC 6298: an average that moves by an eighth of each new ACK
// sample) changes little within that time. The first request on a
// connection always reads it. The connection owns it; HTTP/1.1 answers one
// request at a time per connection, so it is never used by two threads at once.
#pragma once

#include <cstdint>

namespace ipfacts::pipeline {

class ConnectionRtt {
public:
    /// How old a reading may be before the next request reads it again.
    static constexpr int64_t kMaxAgeMs = 100;

    explicit ConnectionRtt(int fd) : fd_(fd) {}

    /// Microseconds; -1 when the kernel does not say (no TCP socket).
    int64_t micros();
    /// The same at `now_ms` of the coarse monotonic clock (tests give their own).
    int64_t micros(int64_t now_ms);

    /// The value read now from `fd`, without a connection to remember it.
    static int64_t readNow(int fd);

private:
    int fd_;
    int64_t value_us_ = -1;
    int64_t read_at_ms_ = 0;
    bool read_ = false;
};

}  // namespace ipfacts::pipeline
