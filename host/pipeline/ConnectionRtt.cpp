#include "host/pipeline/ConnectionRtt.h"

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

#include <ctime>

namespace ipfacts::pipeline {
namespace {

/// Milliseconds of the coarse monotonic clock: a vDSO read, no system call,
/// and a resolution (a few ms) far finer than kMaxAgeMs.
int64_t coarseMillis() {
    timespec ts{};
    clock_gettime(CLOCK_MONOTONIC_COARSE, &ts);
    return static_cast<int64_t>(ts.tv_sec) * 1000 + ts.tv_nsec / 1000000;
}

}  // namespace

int64_t ConnectionRtt::readNow(int fd) {
    if (fd < 0) return -1;
    tcp_info info{};
    socklen_t len = sizeof info;
    if (getsockopt(fd, IPPROTO_TCP, TCP_INFO, &info, &len) != 0) return -1;
    return static_cast<int64_t>(info.tcpi_rtt);
}

int64_t ConnectionRtt::micros() { return micros(coarseMillis()); }

int64_t ConnectionRtt::micros(int64_t now) {
    if (!read_ || now - read_at_ms_ >= kMaxAgeMs) {
        value_us_ = readNow(fd_);
        read_at_ms_ = now;
        read_ = true;
    }
    return value_us_;
}

}  // namespace ipfacts::pipeline
