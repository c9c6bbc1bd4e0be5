#include "tests/support/tls/TcpRelay.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <stdexcept>

namespace ipfacts::testing {
namespace {

sockaddr_in loopback(int port) {
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = htons(static_cast<uint16_t>(port));
    return a;
}

// Copies what is readable on `from` to `to`; false at end of file or error.
bool copyOnce(int from, int to) {
    char buf[16384];
    const ssize_t n = ::read(from, buf, sizeof buf);
    if (n <= 0) return false;
    for (ssize_t sent = 0; sent < n;) {
        const ssize_t w = ::send(to, buf + sent, static_cast<size_t>(n - sent), MSG_NOSIGNAL);
        if (w <= 0) return false;
        sent += w;
    }
    return true;
}

}  // namespace

TcpRelay::TcpRelay() {
    if (::pipe2(wake_, O_CLOEXEC) != 0) throw std::runtime_error("pipe2 failed");
    fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in a = loopback(0);
    socklen_t len = sizeof a;
    if (fd_ < 0 || ::bind(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0 || ::listen(fd_, 64) != 0 ||
        ::getsockname(fd_, reinterpret_cast<sockaddr*>(&a), &len) != 0)
        throw std::runtime_error("the relay cannot listen on 127.0.0.1");
    port_ = ntohs(a.sin_port);
    acceptor_ = std::thread([this] { acceptLoop(); });
}

TcpRelay::~TcpRelay() {
    (void)!::write(wake_[1], "x", 1);
    acceptor_.join();
    for (std::thread& t : pumps_) t.join();
    ::close(fd_);
    ::close(wake_[0]);
    ::close(wake_[1]);
}

void TcpRelay::acceptLoop() {
    for (;;) {
        pollfd p[2] = {{fd_, POLLIN, 0}, {wake_[0], POLLIN, 0}};
        if (::poll(p, 2, -1) < 0 || p[1].revents) return;
        const int client = ::accept4(fd_, nullptr, nullptr, SOCK_CLOEXEC);
        if (client < 0) continue;
        ++accepted_;
        std::lock_guard<std::mutex> lock(mutex_);
        pumps_.emplace_back([this, client] { pump(client); });
    }
}

void TcpRelay::pump(int client) {
    const int server = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    const sockaddr_in a = loopback(backend_.load());
    if (server >= 0 && ::connect(server, reinterpret_cast<const sockaddr*>(&a), sizeof a) == 0) {
        for (bool open = true; open;) {
            pollfd p[3] = {{client, POLLIN, 0}, {server, POLLIN, 0}, {wake_[0], POLLIN, 0}};
            if (::poll(p, 3, -1) < 0 || p[2].revents) break;
            if (p[0].revents) open = copyOnce(client, server);
            if (open && p[1].revents) open = copyOnce(server, client);
        }
    }
    if (server >= 0) ::close(server);
    ::close(client);
}

}  // namespace ipfacts::testing
