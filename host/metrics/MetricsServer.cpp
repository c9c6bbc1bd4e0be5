#include "host/metrics/MetricsServer.h"

#include "host/metrics/MetricsRequest.h"
#include "host/server/Listener.h"

#include <netinet/in.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <spdlog/spdlog.h>

#include <chrono>
#include <stdexcept>

namespace ipfacts::metrics {
namespace {

int64_t nowMs() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

/// Reads until the blank line ending the head; empty when the client sends
/// more than kMaxRequestBytes, stops, or takes longer than kIoTimeoutMs.
std::string readHead(int fd) {
    std::string in;
    const int64_t deadline = nowMs() + MetricsServer::kIoTimeoutMs;
    char buf[2048];
    while (in.find("\r\n\r\n") == std::string::npos) {
        if (in.size() > MetricsServer::kMaxRequestBytes) return {};
        const int64_t left = deadline - nowMs();
        pollfd p{fd, POLLIN, 0};
        if (left <= 0 || ::poll(&p, 1, int(left)) <= 0) return {};
        ssize_t n = ::recv(fd, buf, sizeof buf, 0);
        if (n <= 0) return {};
        in.append(buf, size_t(n));
    }
    return in;
}

}  // namespace

void refuseSharedPorts(const std::vector<manifest::ListenAddress>& metrics,
                       const std::vector<manifest::ListenAddress>& public_listen) {
    for (const auto& a : metrics)
        for (const auto& p : public_listen)
            if (a.port != 0 && a.port == p.port)
                throw std::runtime_error("cannot listen on " + a.text + ": metrics.listen uses port " +
                                         std::to_string(a.port) + " of the public listener " + p.text +
                                         "; /metrics is never served on a public listener");
}

MetricsServer::MetricsServer(const std::vector<manifest::ListenAddress>& listen, std::function<std::string()> render)
    : render_(std::move(render)) {
    try {
        for (const auto& a : listen) {
            server::refuseIfHeld(a);
            listeners_.push_back(server::bindListener(a));
        }
    } catch (...) {
        for (int fd : listeners_) ::close(fd);
        throw;
    }
    wakefd_ = ::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    if (wakefd_ < 0) {
        for (int fd : listeners_) ::close(fd);
        throw std::runtime_error("metrics listener: eventfd failed");
    }
}

MetricsServer::~MetricsServer() {
    stop();
    for (int fd : listeners_) ::close(fd);
    ::close(wakefd_);
}

void MetricsServer::start() {
    if (!thread_.joinable()) thread_ = std::thread([this] { run(); });
}

void MetricsServer::stop() {
    if (!thread_.joinable()) return;
    uint64_t one = 1;
    [[maybe_unused]] ssize_t n = ::write(wakefd_, &one, sizeof one);
    thread_.join();
}

std::vector<uint16_t> MetricsServer::ports() const {
    std::vector<uint16_t> out;
    for (int fd : listeners_) {
        sockaddr_storage ss{};
        socklen_t len = sizeof ss;
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&ss), &len);
        out.push_back(ntohs(ss.ss_family == AF_INET6 ? reinterpret_cast<sockaddr_in6*>(&ss)->sin6_port
                                                     : reinterpret_cast<sockaddr_in*>(&ss)->sin_port));
    }
    return out;
}

void MetricsServer::run() {
    std::vector<pollfd> fds;
    for (int fd : listeners_) fds.push_back({fd, POLLIN, 0});
    fds.push_back({wakefd_, POLLIN, 0});
    while (true) {
        if (::poll(fds.data(), fds.size(), -1) < 0) continue;  // EINTR
        if (fds.back().revents) return;
        for (size_t i = 0; i + 1 < fds.size(); ++i) {
            if (!fds[i].revents) continue;
            int c = ::accept4(fds[i].fd, nullptr, nullptr, SOCK_CLOEXEC);
            if (c < 0) continue;
            serve(c);
            ::close(c);
        }
    }
}

void MetricsServer::serve(int fd) {
    timeval tv{kIoTimeoutMs / 1000, 0};
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    const std::string head = readHead(fd);
    if (head.empty()) return;
    std::string out;
    try {
        out = metricsResponse(head, render_);
    } catch (const std::exception& e) {
        spdlog::error("metrics: {}", e.what());
        return;
    }
    for (size_t sent = 0; sent < out.size();) {
        ssize_t n = ::send(fd, out.data() + sent, out.size() - sent, MSG_NOSIGNAL);
        if (n <= 0) return;
        sent += size_t(n);
    }
}

}  // namespace ipfacts::metrics
