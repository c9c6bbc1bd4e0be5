#include "host/server/Listener.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstring>
#include <stdexcept>

namespace ipfacts::server {
namespace {

struct SocketAddress {
    sockaddr_storage ss{};
    socklen_t len = 0;
    bool v6 = false;
};

SocketAddress socketAddressOf(const manifest::ListenAddress& addr) {
    SocketAddress a;
    a.v6 = addr.host.find(':') != std::string::npos;
    if (a.v6) {
        auto* s6 = reinterpret_cast<sockaddr_in6*>(&a.ss);
        s6->sin6_family = AF_INET6;
        s6->sin6_port = htons(addr.port);
        inet_pton(AF_INET6, addr.host.c_str(), &s6->sin6_addr);
        a.len = sizeof(sockaddr_in6);
    } else {
        auto* s4 = reinterpret_cast<sockaddr_in*>(&a.ss);
        s4->sin_family = AF_INET;
        s4->sin_port = htons(addr.port);
        inet_pton(AF_INET, addr.host.c_str(), &s4->sin_addr);
        a.len = sizeof(sockaddr_in);
    }
    return a;
}

/// A stream socket for `a` with SO_REUSEADDR (a restart is not refused for
/// connections of the last run in TIME_WAIT) and v6-only for IPv6 ([::]:8080
/// and 0.0.0.0:8080 are separate listeners).
int openSocket(const manifest::ListenAddress& addr, const SocketAddress& a) {
    int fd = ::socket(a.ss.ss_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) throw std::runtime_error("socket for " + addr.text + ": " + std::strerror(errno));
    int one = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (a.v6) setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &one, sizeof one);
    return fd;
}

}  // namespace

void refuseIfHeld(const manifest::ListenAddress& addr) {
    if (addr.port == 0) return;
    const SocketAddress a = socketAddressOf(addr);
    // Without SO_REUSEPORT this bind fails while anyone listens on the
    // address, SO_REUSEPORT or not; SO_REUSEADDR alone never lets it share a
    // listening port.
    int fd = openSocket(addr, a);
    int rc = ::bind(fd, reinterpret_cast<const sockaddr*>(&a.ss), a.len);
    int err = errno;
    ::close(fd);
    if (rc == 0) return;
    if (err == EADDRINUSE)
        throw std::runtime_error("cannot listen on " + addr.text +
                                 ": another process already listens there (another ipfactsd? stop it, or "
                                 "choose another address)");
    throw std::runtime_error("cannot listen on " + addr.text + ": " + std::strerror(err));
}

int bindListener(const manifest::ListenAddress& addr) {
    const SocketAddress a = socketAddressOf(addr);
    int fd = openSocket(addr, a);
    int one = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEPORT, &one, sizeof one);
    if (::bind(fd, reinterpret_cast<const sockaddr*>(&a.ss), a.len) != 0 || ::listen(fd, 4096) != 0) {
        std::string why = std::strerror(errno);
        ::close(fd);
        throw std::runtime_error("cannot listen on " + addr.text + ": " + why);
    }
    return fd;
}

}  // namespace ipfacts::server
