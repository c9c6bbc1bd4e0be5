#include "host/server/SystemdNotify.h"

#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <cstdlib>
#include <cstring>

namespace ipfacts::server {

SystemdNotify::SystemdNotify() {
    if (const char* s = std::getenv("NOTIFY_SOCKET")) socket_ = s;
}

std::string SystemdNotify::send(const std::string& state) const {
    if (socket_.empty()) return "";
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    if (socket_.size() >= sizeof(addr.sun_path) || (socket_[0] != '/' && socket_[0] != '@'))
        return "NOTIFY_SOCKET is not a socket path or an abstract name: " + socket_;
    std::memcpy(addr.sun_path, socket_.data(), socket_.size());
    // "@name": the abstract namespace, whose names start with a NUL byte.
    if (addr.sun_path[0] == '@') addr.sun_path[0] = '\0';
    const auto len = static_cast<socklen_t>(offsetof(sockaddr_un, sun_path) + socket_.size());
    int fd = ::socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return std::string("socket: ") + std::strerror(errno);
    ssize_t sent = ::sendto(fd, state.data(), state.size(), MSG_NOSIGNAL, reinterpret_cast<sockaddr*>(&addr), len);
    int err = errno;
    ::close(fd);
    if (sent != static_cast<ssize_t>(state.size())) return "sendto " + socket_ + ": " + std::strerror(err);
    return "";
}

}  // namespace ipfacts::server
