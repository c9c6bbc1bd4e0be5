#include "host/facilities/dns/StubQuery.h"

#include "host/facilities/dns/DnsMessage.h"

#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <random>

namespace ipfacts::facilities {
namespace {

constexpr size_t kHeader = 12;
constexpr size_t kMaxUdpAnswer = 65535;

uint16_t randomId() {
    thread_local std::mt19937 rng{std::random_device{}()};
    return static_cast<uint16_t>(rng());
}

/// The end of the question section of a query we built (one question).
size_t questionEnd(const std::string& wire) {
    size_t at = kHeader;
    while (at < wire.size() && wire[at] != 0) at += 1 + static_cast<unsigned char>(wire[at]);
    return at + 1 + 4;  // the root label, QTYPE, QCLASS
}

bool sameLetters(unsigned char a, unsigned char b) {
    auto lower = [](unsigned char c) { return c >= 'A' && c <= 'Z' ? static_cast<unsigned char>(c + 32) : c; };
    return lower(a) == lower(b);
}

std::string errnoText(int err) {
    if (err == ECONNREFUSED) return "connection refused";
    return std::strerror(err);
}

}  // namespace

StubQuery::StubQuery(std::string wire, const std::vector<ResolverServer>& servers, int timeout_ms, int attempts,
                     DnsAnswer& out, int64_t now_us)
    : wire_(std::move(wire)),
      servers_(servers),
      timeout_ms_(timeout_ms),
      attempts_left_(attempts > 0 ? attempts : 1),
      out_(out),
      started_us_(now_us) {
    if (servers_.empty()) {
        fail("no resolver server configured", now_us);
        return;
    }
    startAttempt(now_us);
}

StubQuery::~StubQuery() { closeSocket(); }

short StubQuery::events() const {
    switch (state_) {
        case State::TcpConnecting:
        case State::TcpWriting:
            return POLLOUT;
        case State::Done:
            return 0;
        default:
            return POLLIN;
    }
}

void StubQuery::startAttempt(int64_t now_us) {
    closeSocket();
    --attempts_left_;
    state_ = State::Udp;
    attempt_ends_us_ = now_us + int64_t(timeout_ms_) * 1000;
    const uint16_t id = randomId();
    wire_[0] = static_cast<char>(id >> 8);
    wire_[1] = static_cast<char>(id & 0xff);
    const ResolverServer& s = servers_[server_ % servers_.size()];
    fd_ = ::socket(s.address.ss_family, SOCK_DGRAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd_ < 0) return fail(std::string("socket: ") + std::strerror(errno), now_us);
    // Connected: the kernel drops datagrams from anyone but the server, and
    // an ICMP port-unreachable comes back as ECONNREFUSED.
    if (::connect(fd_, reinterpret_cast<const sockaddr*>(&s.address), s.length) != 0 ||
        ::send(fd_, wire_.data(), wire_.size(), 0) < 0)
        failAttempt(errnoText(errno), now_us);
}

/// This attempt is over: the next server, or the answer is `why`.
void StubQuery::failAttempt(const std::string& why, int64_t now_us) {
    if (attempts_left_ <= 0) return fail(why, now_us);
    ++server_;
    startAttempt(now_us);
}

void StubQuery::onReady(short revents, int64_t now_us) {
    switch (state_) {
        case State::Udp:
            return readUdp(now_us);
        case State::TcpConnecting:
            return finishConnect(now_us);
        case State::TcpWriting:
            return writeTcp(now_us);
        case State::TcpReading:
            return readTcp(now_us);
        case State::Done:
            return;
    }
    (void)revents;
}

void StubQuery::onTime(int64_t now_us) {
    if (state_ != State::Done) failAttempt("timeout", now_us);
}

void StubQuery::abandon(int64_t now_us) {
    if (state_ != State::Done) fail("timeout", now_us);
}

void StubQuery::readUdp(int64_t now_us) {
    unsigned char reply[kMaxUdpAnswer];
    while (true) {
        const ssize_t n = ::recv(fd_, reply, sizeof reply, 0);
        if (n < 0) {
            if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) return;
            return failAttempt(errnoText(errno), now_us);
        }
        if (!matches(reply, static_cast<size_t>(n))) continue;  // stray or spoofed: keep waiting
        if (reply[2] & 0x02) return startTcp(now_us);           // TC: the whole answer is over TCP
        return answer(reply, static_cast<size_t>(n), now_us);
    }
}

void StubQuery::startTcp(int64_t now_us) {
    closeSocket();
    attempt_ends_us_ = now_us + int64_t(timeout_ms_) * 1000;
    const ResolverServer& s = servers_[server_ % servers_.size()];
    fd_ = ::socket(s.address.ss_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd_ < 0) return fail(std::string("socket: ") + std::strerror(errno), now_us);
    tcp_buffer_.clear();
    tcp_buffer_ += static_cast<char>(wire_.size() >> 8);
    tcp_buffer_ += static_cast<char>(wire_.size() & 0xff);
    tcp_buffer_ += wire_;
    tcp_done_ = 0;
    state_ = State::TcpConnecting;
    if (::connect(fd_, reinterpret_cast<const sockaddr*>(&s.address), s.length) == 0) return writeTcp(now_us);
    if (errno != EINPROGRESS) failAttempt(errnoText(errno), now_us);
}

void StubQuery::finishConnect(int64_t now_us) {
    int err = 0;
    socklen_t len = sizeof err;
    ::getsockopt(fd_, SOL_SOCKET, SO_ERROR, &err, &len);
    if (err != 0) return failAttempt(errnoText(err), now_us);
    state_ = State::TcpWriting;
    writeTcp(now_us);
}

void StubQuery::writeTcp(int64_t now_us) {
    state_ = State::TcpWriting;
    while (tcp_done_ < tcp_buffer_.size()) {
        const ssize_t n = ::send(fd_, tcp_buffer_.data() + tcp_done_, tcp_buffer_.size() - tcp_done_, MSG_NOSIGNAL);
        if (n < 0) {
            if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) return;
            return failAttempt(errnoText(errno), now_us);
        }
        tcp_done_ += static_cast<size_t>(n);
    }
    tcp_buffer_.clear();
    state_ = State::TcpReading;
}

void StubQuery::readTcp(int64_t now_us) {
    char chunk[16384];
    while (true) {
        const ssize_t n = ::recv(fd_, chunk, sizeof chunk, 0);
        if (n < 0) {
            if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) return;
            return failAttempt(errnoText(errno), now_us);
        }
        if (n == 0) return failAttempt("connection closed", now_us);
        tcp_buffer_.append(chunk, static_cast<size_t>(n));
        if (tcp_buffer_.size() < 2) continue;
        const size_t want =
            (static_cast<unsigned char>(tcp_buffer_[0]) << 8) | static_cast<unsigned char>(tcp_buffer_[1]);
        if (tcp_buffer_.size() < 2 + want) continue;
        const auto* reply = reinterpret_cast<const unsigned char*>(tcp_buffer_.data() + 2);
        if (!matches(reply, want)) return failAttempt("answer does not match the question", now_us);
        return answer(reply, want, now_us);
    }
}

/// Our ID, a response, and our question echoed (letter case aside).
bool StubQuery::matches(const unsigned char* reply, size_t len) const {
    const size_t end = questionEnd(wire_);
    if (len < end || !(reply[2] & 0x80)) return false;
    if (reply[0] != static_cast<unsigned char>(wire_[0]) || reply[1] != static_cast<unsigned char>(wire_[1]))
        return false;
    if (reply[4] != 0 || reply[5] != 1) return false;  // QDCOUNT 1
    for (size_t i = kHeader; i < end; ++i)
        if (!sameLetters(reply[i], static_cast<unsigned char>(wire_[i]))) return false;
    return true;
}

void StubQuery::answer(const unsigned char* reply, size_t len, int64_t now_us) {
    parseResponse(reply, len, out_);
    out_.elapsed_us = now_us - started_us_;
    state_ = State::Done;
    closeSocket();
}

void StubQuery::fail(const std::string& why, int64_t now_us) {
    out_.rcode = -1;
    out_.error = why;
    out_.elapsed_us = now_us - started_us_;
    state_ = State::Done;
    closeSocket();
}

void StubQuery::closeSocket() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
}

}  // namespace ipfacts::facilities
