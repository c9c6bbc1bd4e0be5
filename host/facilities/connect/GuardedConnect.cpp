#include "host/facilities/connect/GuardedConnect.h"

#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>

#include <cerrno>
#include <cstring>

namespace ipfacts::facilities::connect {
namespace {

/// The socket address of `a` at `port`; IPv6 (mapped forms included) stays IPv6.
socklen_t toSockaddr(const net::IpAddress& a, uint16_t port, sockaddr_storage& out) {
    std::memset(&out, 0, sizeof out);
    if (a.isV4()) {
        auto* in = reinterpret_cast<sockaddr_in*>(&out);
        in->sin_family = AF_INET;
        in->sin_port = htons(port);
        std::memcpy(&in->sin_addr, a.bytes(), 4);
        return sizeof(sockaddr_in);
    }
    auto* in6 = reinterpret_cast<sockaddr_in6*>(&out);
    in6->sin6_family = AF_INET6;
    in6->sin6_port = htons(port);
    std::memcpy(&in6->sin6_addr, a.bytes(), 16);
    return sizeof(sockaddr_in6);
}

/// A failed connect in the words a user reads.
std::string connectFailure(int err) {
    switch (err) {
        case ECONNREFUSED:
            return "connection refused";
        case ENETUNREACH:
            return "network unreachable";
        case EHOSTUNREACH:
            return "host unreachable";
        case ETIMEDOUT:
            return "connection timed out";
        default:
            return std::string("connection failed: ") + std::strerror(err);
    }
}

}  // namespace

GuardedConnect::GuardedConnect(const guard::AddressGuard& guard, std::vector<net::IpAddress> candidates, uint16_t port)
    : guard_(guard), candidates_(std::move(candidates)), port_(port) {}

Wait GuardedConnect::advance(short revents) {
    if (connected() || !error_.empty()) return Wait::none();
    if (pending_) return revents ? finishPending() : Wait{pending_.get(), POLLOUT};
    return tryNext();
}

Wait GuardedConnect::tryNext() {
    while (next_ < candidates_.size()) {
        const net::IpAddress& a = candidates_[next_++];
        sockaddr_storage sa;
        socklen_t len = toSockaddr(a, port_, sa);
        // Judged before a socket exists: a refused address is never contacted.
        auto verdict = guard_.check(reinterpret_cast<const sockaddr*>(&sa));
        if (!verdict) {
            if (refusal_.empty()) refusal_ = verdict.reason();
            continue;
        }
        UniqueFd fd(::socket(sa.ss_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0));
        if (!fd) {
            fail(errno);
            continue;
        }
        ++attempts_;
        peer_address_ = a.toString();
        if (::connect(fd.get(), reinterpret_cast<const sockaddr*>(&sa), len) == 0) {
            pending_ = std::move(fd);
            return finishPending();
        }
        if (errno == EINPROGRESS) {
            pending_ = std::move(fd);
            return Wait{pending_.get(), POLLOUT};
        }
        fail(errno);
    }
    error_ = !failure_.empty() ? failure_ : !refusal_.empty() ? refusal_ : "no address to connect to";
    peer_address_.clear();
    return Wait::none();
}

Wait GuardedConnect::finishPending() {
    int err = 0;
    socklen_t len = sizeof err;
    if (::getsockopt(pending_.get(), SOL_SOCKET, SO_ERROR, &err, &len) != 0) err = errno;
    if (err != 0) {
        pending_.reset();
        fail(err);
        return tryNext();
    }
    if (!peerPasses()) {
        pending_.reset();
        return tryNext();
    }
    socket_ = std::move(pending_);
    return Wait::none();
}

bool GuardedConnect::peerPasses() {
    // The kernel's word on where the connection went, judged again: nothing
    // between the first check and the connect may have changed the target.
    sockaddr_storage peer{};
    socklen_t len = sizeof peer;
    if (::getpeername(pending_.get(), reinterpret_cast<sockaddr*>(&peer), &len) != 0) {
        fail(errno);
        return false;
    }
    auto verdict = guard_.check(reinterpret_cast<const sockaddr*>(&peer));
    if (!verdict) {
        failure_ = verdict.reason();
        return false;
    }
    return true;
}

void GuardedConnect::fail(int err) { failure_ = connectFailure(err); }

}  // namespace ipfacts::facilities::connect
