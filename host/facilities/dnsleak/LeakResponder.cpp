#include "host/facilities/dnsleak/LeakResponder.h"

#include "host/facilities/dnsleak/DnsReply.h"

#include <spdlog/spdlog.h>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace ipfacts::facilities::dnsleak {
namespace {

constexpr size_t kMaxTcpMessage = 4096;  // a question is far smaller; more is not one
constexpr size_t kUdpReceive = 4096;
constexpr size_t kOurUdpLimit = 1232;
constexpr size_t kTcpLimit = 65535;
constexpr int kUdpBurst = 64;  // datagrams read per wake-up of one socket
constexpr int kReceiveBuffer = 1 << 20;

sockaddr_storage socketAddress(const std::string& text, int port, socklen_t& len) {
    sockaddr_storage ss{};
    auto a = net::IpAddress::parse(text);
    if (a->isV4()) {
        auto* s4 = reinterpret_cast<sockaddr_in*>(&ss);
        s4->sin_family = AF_INET;
        s4->sin_port = htons(static_cast<uint16_t>(port));
        std::memcpy(&s4->sin_addr, a->bytes(), 4);
        len = sizeof(sockaddr_in);
    } else {
        auto* s6 = reinterpret_cast<sockaddr_in6*>(&ss);
        s6->sin6_family = AF_INET6;
        s6->sin6_port = htons(static_cast<uint16_t>(port));
        std::memcpy(&s6->sin6_addr, a->bytes(), 16);
        len = sizeof(sockaddr_in6);
    }
    return ss;
}

int portOf(const sockaddr_storage& ss) {
    if (ss.ss_family == AF_INET) return ntohs(reinterpret_cast<const sockaddr_in*>(&ss)->sin_port);
    return ntohs(reinterpret_cast<const sockaddr_in6*>(&ss)->sin6_port);
}

int boundSocket(const std::string& address, int port, int type) {
    socklen_t len = 0;
    const sockaddr_storage ss = socketAddress(address, port, len);
    const int fd = ::socket(ss.ss_family, type | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) throw std::runtime_error(std::string("dnsleak: socket: ") + std::strerror(errno));
    const int one = 1;
    ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (ss.ss_family == AF_INET6) ::setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &one, sizeof one);
    // Room for a burst: what the kernel cannot queue is lost before the rate limit sees it.
    const int buffer = kReceiveBuffer;
    if (type == SOCK_DGRAM) ::setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &buffer, sizeof buffer);
    if (::bind(fd, reinterpret_cast<const sockaddr*>(&ss), len) != 0 ||
        (type == SOCK_STREAM && ::listen(fd, 128) != 0)) {
        const std::string why = std::strerror(errno);
        ::close(fd);
        throw std::runtime_error("dnsleak: cannot listen on " + address + " port " + std::to_string(port) + " (" +
                                 (type == SOCK_STREAM ? "tcp" : "udp") + "): " + why);
    }
    return fd;
}

}  // namespace

LeakResponder::LeakResponder(const DnsLeakConfig& config, const LeakZone& zone, SessionLog& log,
                             const ratelimit::ServiceClock& clock)
    : config_(config), zone_(zone), log_(log), clock_(clock), limit_(config.per_source_per_second, config.max_sources) {
    epoll_ = ::epoll_create1(EPOLL_CLOEXEC);
    stop_fd_ = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    try {
        if (epoll_ < 0 || stop_fd_ < 0) throw std::runtime_error("dnsleak: epoll or eventfd failed");
        bindAll();
    } catch (...) {
        for (int fd : udp_) ::close(fd);
        for (int fd : tcp_listeners_) ::close(fd);
        if (epoll_ >= 0) ::close(epoll_);
        if (stop_fd_ >= 0) ::close(stop_fd_);
        throw;
    }
    thread_ = std::thread([this] { run(); });
}

LeakResponder::~LeakResponder() {
    const uint64_t one = 1;
    if (::write(stop_fd_, &one, sizeof one) < 0) spdlog::warn("dnsleak: cannot wake the responder to stop it");
    thread_.join();
    for (auto& [fd, c] : tcp_) ::close(fd);
    for (int fd : udp_) ::close(fd);
    for (int fd : tcp_listeners_) ::close(fd);
    ::close(epoll_);
    ::close(stop_fd_);
}

void LeakResponder::bindAll() {
    auto watch = [this](int fd) {
        epoll_event ev{};
        ev.events = EPOLLIN;
        ev.data.fd = fd;
        if (::epoll_ctl(epoll_, EPOLL_CTL_ADD, fd, &ev) != 0) throw std::runtime_error("dnsleak: epoll_ctl failed");
    };
    watch(stop_fd_);
    for (const auto& a : config_.listen) {
        udp_.push_back(boundSocket(a, config_.port, SOCK_DGRAM));
        watch(udp_.back());
        tcp_listeners_.push_back(boundSocket(a, config_.port, SOCK_STREAM));
        watch(tcp_listeners_.back());
    }
}

ResponderCounts LeakResponder::counts() const {
    return {answered_.load(), refused_.load(), malformed_.load(), limited_.load(), turned_away_.load()};
}

void LeakResponder::run() {
    epoll_event events[64];
    for (;;) {
        const int n = ::epoll_wait(epoll_, events, 64, 250);
        for (int i = 0; i < n; ++i) {
            const int fd = events[i].data.fd;
            if (fd == stop_fd_) return;
            if (std::find(udp_.begin(), udp_.end(), fd) != udp_.end())
                readUdp(fd);
            else if (std::find(tcp_listeners_.begin(), tcp_listeners_.end(), fd) != tcp_listeners_.end())
                acceptTcp(fd);
            else
                readTcp(fd);
        }
        closeIdle();
    }
}

std::string LeakResponder::handle(const uint8_t* data, size_t size, const net::IpAddress& peer, int port, bool tcp) {
    if (!limit_.admit(peer, clock_.now())) {
        count(limited_);
        return "";
    }
    QueryReading r = readQuery(data, size);
    if (r.status == QueryStatus::Ignore) {
        count(malformed_);
        return "";
    }
    if (r.status != QueryStatus::Ok) {
        count(malformed_);
        return DnsReply::headerOnly(r.query.id, r.query.recursion_desired,
                                    r.status == QueryStatus::NotImp ? rcode::kNotImp : rcode::kFormErr);
    }
    const DnsQuery& q = r.query;
    const int64_t now = clock_.now();
    const size_t limit = tcp ? kTcpLimit : std::min<size_t>(q.udp_size, kOurUdpLimit);
    ZoneAnswer a = zone_.answer(q, now, limit);
    if (a.kind == ZoneAnswer::Kind::Session) {
        LeakQuestion lq;
        lq.token = a.token;
        lq.resolver = peer.toString();
        lq.port = port;
        lq.transport = tcp ? "tcp" : "udp";
        lq.at_unix = now;
        lq.qtype = q.qtype;
        lq.name = q.name;
        lq.subnet = q.subnet ? q.subnet->text() : "";
        lq.expires_unix = now + config_.lifetime_s;
        log_.record(std::move(lq));
    }
    count(a.kind == ZoneAnswer::Kind::Session || a.kind == ZoneAnswer::Kind::Apex ? answered_ : refused_);
    return std::move(a.reply);
}

void LeakResponder::readUdp(int fd) {
    uint8_t buf[kUdpReceive];
    for (int i = 0; i < kUdpBurst; ++i) {
        sockaddr_storage from{};
        socklen_t len = sizeof from;
        const ssize_t got = ::recvfrom(fd, buf, sizeof buf, 0, reinterpret_cast<sockaddr*>(&from), &len);
        if (got < 0) return;  // EAGAIN: read everything that was there
        auto peer = net::IpAddress::fromSockaddr(reinterpret_cast<const sockaddr*>(&from));
        if (!peer) continue;
        const std::string reply = handle(buf, static_cast<size_t>(got), peer->unmapped(), portOf(from), false);
        if (!reply.empty())
            ::sendto(fd, reply.data(), reply.size(), MSG_DONTWAIT, reinterpret_cast<const sockaddr*>(&from), len);
    }
}

void LeakResponder::acceptTcp(int listener) {
    for (;;) {
        sockaddr_storage from{};
        socklen_t len = sizeof from;
        const int fd = ::accept4(listener, reinterpret_cast<sockaddr*>(&from), &len, SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (fd < 0) return;
        auto peer = net::IpAddress::fromSockaddr(reinterpret_cast<const sockaddr*>(&from));
        if (!peer || tcp_.size() >= static_cast<size_t>(config_.max_tcp_connections)) {
            count(turned_away_);
            ::close(fd);
            continue;
        }
        epoll_event ev{};
        ev.events = EPOLLIN | EPOLLRDHUP;
        ev.data.fd = fd;
        if (::epoll_ctl(epoll_, EPOLL_CTL_ADD, fd, &ev) != 0) {
            ::close(fd);
            continue;
        }
        tcp_[fd] = Connection{peer->unmapped(), portOf(from), {}, clock_.monotonicMicros()};
        open_tcp_.store(tcp_.size(), std::memory_order_relaxed);
    }
}

void LeakResponder::readTcp(int fd) {
    auto it = tcp_.find(fd);
    if (it == tcp_.end()) return;
    Connection& c = it->second;
    char buf[2048];
    const ssize_t got = ::recv(fd, buf, sizeof buf, 0);
    if (got <= 0) {
        if (got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return;
        closeTcp(fd);
        return;
    }
    c.in.append(buf, static_cast<size_t>(got));
    c.last_us = clock_.monotonicMicros();
    while (c.in.size() >= 2) {
        const size_t len = static_cast<unsigned char>(c.in[0]) << 8 | static_cast<unsigned char>(c.in[1]);
        if (len > kMaxTcpMessage) return closeTcp(fd);
        if (c.in.size() < 2 + len) {
            if (c.in.size() > 2 + kMaxTcpMessage) return closeTcp(fd);
            return;
        }
        const std::string reply = handle(reinterpret_cast<const uint8_t*>(c.in.data() + 2), len, c.peer, c.port, true);
        c.in.erase(0, 2 + len);
        if (reply.empty()) return closeTcp(fd);  // over the limit, or not a query
        std::string framed{static_cast<char>(reply.size() >> 8), static_cast<char>(reply.size() & 0xFF)};
        framed += reply;
        // A reply is small: one send takes it, or the peer is not reading and goes.
        if (::send(fd, framed.data(), framed.size(), MSG_NOSIGNAL | MSG_DONTWAIT) !=
            static_cast<ssize_t>(framed.size()))
            return closeTcp(fd);
    }
}

void LeakResponder::closeTcp(int fd) {
    ::epoll_ctl(epoll_, EPOLL_CTL_DEL, fd, nullptr);
    ::close(fd);
    tcp_.erase(fd);
    open_tcp_.store(tcp_.size(), std::memory_order_relaxed);
}

void LeakResponder::closeIdle() {
    const int64_t now = clock_.monotonicMicros();
    const int64_t idle_us = int64_t(config_.tcp_idle_ms) * 1000;
    std::vector<int> idle;
    for (const auto& [fd, c] : tcp_)
        if (now - c.last_us > idle_us) idle.push_back(fd);
    for (int fd : idle) closeTcp(fd);
}

}  // namespace ipfacts::facilities::dnsleak
