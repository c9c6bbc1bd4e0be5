#include "tests/store/CommitCutter.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstring>
#include <stdexcept>
#include <string_view>

namespace ipfacts::testing {
namespace {

// What libpq sends for PQexec("COMMIT"): 'Q', a length of 4 + 7, the text and its NUL.
constexpr std::string_view kCommit(
    "Q\0\0\0\x0b"
    "COMMIT\0",
    12);
constexpr int kPollMs = 50;  // how soon a relay notices the cutter is going

sockaddr_in loopback(int port) {
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(static_cast<uint16_t>(port));
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    return a;
}

/// Writes all of `n` bytes; false when the peer is gone.
bool sendAll(int fd, const char* p, size_t n) {
    while (n > 0) {
        ssize_t w = ::send(fd, p, n, MSG_NOSIGNAL);
        if (w <= 0) return false;
        p += w;
        n -= static_cast<size_t>(w);
    }
    return true;
}

}  // namespace

CommitCutter::CommitCutter(int server_port) : server_port_(server_port) {
    listener_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in a = loopback(0);
    socklen_t len = sizeof a;
    if (listener_ < 0 || ::bind(listener_, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0 ||
        ::listen(listener_, 64) != 0 || ::getsockname(listener_, reinterpret_cast<sockaddr*>(&a), &len) != 0)
        throw std::runtime_error(std::string("commit cutter: cannot listen: ") + std::strerror(errno));
    port_ = ntohs(a.sin_port);
    acceptor_ = std::thread([this] { acceptLoop(); });
}

CommitCutter::~CommitCutter() {
    stopping_ = true;
    acceptor_.join();
    ::close(listener_);
    std::lock_guard<std::mutex> lock(mu_);
    for (auto& t : relays_) t.join();
}

void CommitCutter::acceptLoop() {
    while (!stopping_) {
        pollfd p{listener_, POLLIN, 0};
        if (::poll(&p, 1, kPollMs) <= 0) continue;
        int client = ::accept4(listener_, nullptr, nullptr, SOCK_CLOEXEC);
        if (client < 0) continue;
        int server = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        sockaddr_in a = loopback(server_port_);
        if (server < 0 || ::connect(server, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
            if (server >= 0) ::close(server);
            ::close(client);
            continue;
        }
        std::lock_guard<std::mutex> lock(mu_);
        relays_.emplace_back([this, client, server] { relay(client, server); });
    }
}

bool CommitCutter::takeCut(const char* data, size_t n) {
    if (std::string_view(data, n).find(kCommit) == std::string_view::npos) return false;
    int owed = to_cut_.load();
    while (owed > 0)
        if (to_cut_.compare_exchange_weak(owed, owed - 1)) return true;
    return false;
}

void CommitCutter::swallowReply(int client, int server) {
    ::close(client);  // the client sees its connection break, its COMMIT unanswered
    // The server sees a client that sent COMMIT and left: it reads the COMMIT
    // (a FIN, unlike an RST, keeps what was sent before it), applies it and
    // answers into the void.
    ::shutdown(server, SHUT_WR);
    char buf[4096];
    pollfd p{server, POLLIN, 0};
    for (int waited = 0; waited < 2000 && !stopping_; waited += kPollMs)
        if (::poll(&p, 1, kPollMs) > 0 && ::recv(server, buf, sizeof buf, 0) <= 0) break;
    ::close(server);
}

void CommitCutter::relay(int client, int server) {
    char buf[16384];
    pollfd fds[2] = {{client, POLLIN, 0}, {server, POLLIN, 0}};
    while (!stopping_) {
        if (::poll(fds, 2, kPollMs) <= 0) continue;
        if (fds[0].revents) {
            ssize_t n = ::recv(client, buf, sizeof buf, 0);
            if (n <= 0 || !sendAll(server, buf, static_cast<size_t>(n))) break;
            if (takeCut(buf, static_cast<size_t>(n))) {
                ++cuts_;
                return swallowReply(client, server);
            }
        }
        if (fds[1].revents) {
            ssize_t n = ::recv(server, buf, sizeof buf, 0);
            if (n <= 0 || !sendAll(client, buf, static_cast<size_t>(n))) break;
        }
    }
    ::close(client);
    ::close(server);
}

}  // namespace ipfacts::testing
