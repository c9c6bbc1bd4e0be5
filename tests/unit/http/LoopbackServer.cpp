#include "tests/unit/http/LoopbackServer.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstring>
#include <stdexcept>

namespace ipfacts::testing {
namespace {

/// Waits up to 100 ms for `fd` to be readable, so loops can notice stop_.
bool readable(int fd) {
    pollfd p{fd, POLLIN, 0};
    return poll(&p, 1, 100) > 0;
}

size_t contentLength(const std::string& head) {
    const char* key = "\r\ncontent-length:";
    std::string lower = head;
    for (auto& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    size_t at = lower.find(key);
    return at == std::string::npos ? 0 : std::stoul(lower.substr(at + std::strlen(key)));
}

}  // namespace

LoopbackServer::LoopbackServer(const std::string& address, Handler handler, int port)
    : address_(address), handler_(std::move(handler)) {
    const bool v6 = address.find(':') != std::string::npos;
    sockaddr_storage ss{};
    socklen_t len = 0;
    if (v6) {
        auto* s6 = reinterpret_cast<sockaddr_in6*>(&ss);
        s6->sin6_family = AF_INET6;
        inet_pton(AF_INET6, address.c_str(), &s6->sin6_addr);
        s6->sin6_port = htons(static_cast<uint16_t>(port));
        len = sizeof *s6;
    } else {
        auto* s4 = reinterpret_cast<sockaddr_in*>(&ss);
        s4->sin_family = AF_INET;
        inet_pton(AF_INET, address.c_str(), &s4->sin_addr);
        s4->sin_port = htons(static_cast<uint16_t>(port));
        len = sizeof *s4;
    }
    // Loopback only: a test server never listens anywhere else.
    if ((v6 && address != "::1") || (!v6 && address.rfind("127.", 0) != 0))
        throw std::logic_error("LoopbackServer: " + address + " is not a loopback address");
    listener_ = socket(ss.ss_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
    int one = 1;
    setsockopt(listener_, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (bind(listener_, reinterpret_cast<sockaddr*>(&ss), len) != 0 || listen(listener_, 64) != 0)
        throw std::runtime_error("LoopbackServer: cannot listen on " + address + ": " + std::strerror(errno));
    getsockname(listener_, reinterpret_cast<sockaddr*>(&ss), &len);
    port_ = ntohs(v6 ? reinterpret_cast<sockaddr_in6*>(&ss)->sin6_port : reinterpret_cast<sockaddr_in*>(&ss)->sin_port);
    acceptor_ = std::thread([this] { acceptLoop(); });
}

LoopbackServer::LoopbackServer(const std::string& address) : LoopbackServer(address, Handler{}) {}

LoopbackServer::~LoopbackServer() {
    stop_ = true;
    acceptor_.join();
    std::lock_guard<std::mutex> lock(mutex_);
    for (auto& t : threads_) t.join();
    close(listener_);
}

std::string LoopbackServer::base() const {
    const bool v6 = address_.find(':') != std::string::npos;
    return "http://" + (v6 ? "[" + address_ + "]" : address_) + ":" + std::to_string(port_);
}

std::string LoopbackServer::ok(const std::string& body) {
    return "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: " + std::to_string(body.size()) +
           "\r\n\r\n" + body;
}

std::string LoopbackServer::redirect(const std::string& location) {
    return "HTTP/1.1 302 Found\r\nLocation: " + location + "\r\nContent-Length: 0\r\n\r\n";
}

void LoopbackServer::acceptLoop() {
    while (!stop_) {
        if (!readable(listener_)) continue;
        int fd = accept4(listener_, nullptr, nullptr, SOCK_CLOEXEC);
        if (fd < 0) continue;
        ++connections_;
        std::lock_guard<std::mutex> lock(mutex_);
        threads_.emplace_back([this, fd] { serve(fd); });
    }
}

void LoopbackServer::serve(int fd) {
    std::string buffer;
    char chunk[4096];
    while (!stop_) {
        if (!readable(fd)) continue;
        ssize_t n = read(fd, chunk, sizeof chunk);
        if (n <= 0) break;
        if (!handler_) continue;  // silent: read and never answer
        buffer.append(chunk, static_cast<size_t>(n));
        size_t end;
        while ((end = buffer.find("\r\n\r\n")) != std::string::npos) {
            const std::string head = buffer.substr(0, end);
            const size_t total = end + 4 + contentLength(head);
            if (buffer.size() < total) break;
            buffer.erase(0, total);
            const size_t sp1 = head.find(' '), sp2 = head.find(' ', sp1 + 1);
            const std::string reply = handler_(head.substr(sp1 + 1, sp2 - sp1 - 1));
            if (write(fd, reply.data(), reply.size()) < 0) break;
        }
    }
    close(fd);
}

}  // namespace ipfacts::testing
