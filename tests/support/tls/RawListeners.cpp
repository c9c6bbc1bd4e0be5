#include "tests/support/tls/RawListeners.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <stdexcept>

namespace ipfacts::testing {
namespace {

/// A TCP socket bound to 127.0.0.1 on a port the kernel chooses; `port` gets it.
int boundSocket(int& port) {
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof a;
    if (fd < 0 || bind(fd, reinterpret_cast<sockaddr*>(&a), len) != 0 ||
        getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) != 0) {
        if (fd >= 0) close(fd);
        throw std::runtime_error("cannot bind a loopback socket");
    }
    port = ntohs(a.sin_port);
    return fd;
}

}  // namespace

ClosingListener::ClosingListener(int group) {
    fd_ = boundSocket(port_);
    if (listen(fd_, 16) != 0) throw std::runtime_error("listen failed");
    thread_ = std::thread([this, group] {
        std::vector<int> waiting;
        for (;;) {
            int c = accept4(fd_, nullptr, nullptr, SOCK_CLOEXEC);
            if (c < 0) break;  // the listener was shut down
            ++accepted_;
            waiting.push_back(c);
            if (static_cast<int>(waiting.size()) < group) continue;
            for (int w : waiting) {
                shutdown(w, SHUT_WR);
                drains_.emplace_back([w] {
                    char buf[4096];
                    while (read(w, buf, sizeof buf) > 0) {
                    }
                    close(w);
                });
            }
            waiting.clear();
        }
        for (int w : waiting) close(w);
    });
}

ClosingListener::~ClosingListener() {
    shutdown(fd_, SHUT_RDWR);  // wakes accept
    thread_.join();
    for (auto& t : drains_) t.join();
    close(fd_);
}

SilentListener::SilentListener() {
    fd_ = boundSocket(port_);
    if (listen(fd_, 16) != 0) throw std::runtime_error("listen failed");
}

SilentListener::~SilentListener() { close(fd_); }

ClosedPort::ClosedPort() { fd_ = boundSocket(port_); }

ClosedPort::~ClosedPort() { close(fd_); }

AnsweringListener::AnsweringListener(std::string answer) : answer_(std::move(answer)) {
    fd_ = boundSocket(port_);
    if (listen(fd_, 16) != 0) throw std::runtime_error("listen failed");
    thread_ = std::thread([this] {
        for (;;) {
            int c = accept4(fd_, nullptr, nullptr, SOCK_CLOEXEC);
            if (c < 0) break;  // the listener was shut down
            std::string query;
            char buf[512];
            ssize_t n;
            while (query.find("\r\n") == std::string::npos && (n = read(c, buf, sizeof buf)) > 0) query.append(buf, n);
            {
                std::lock_guard<std::mutex> lock(mutex_);
                queries_.push_back(query);
            }
            for (size_t sent = 0; sent < answer_.size();) {
                ssize_t w = write(c, answer_.data() + sent, answer_.size() - sent);
                if (w <= 0) break;
                sent += static_cast<size_t>(w);
            }
            close(c);
        }
    });
}

AnsweringListener::~AnsweringListener() {
    shutdown(fd_, SHUT_RDWR);
    thread_.join();
    close(fd_);
}

std::vector<std::string> AnsweringListener::queries() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return queries_;
}

}  // namespace ipfacts::testing
