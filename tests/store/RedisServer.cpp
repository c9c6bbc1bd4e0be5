#include "tests/store/RedisServer.h"

#include "tests/integration/support/Service.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <thread>

namespace ipfacts::testing {
namespace {

/// True when 127.0.0.1:`port` answers PING with PONG.
bool answersPing(int port) {
    int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(static_cast<uint16_t>(port));
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    timeval tv{1, 0};
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    bool ok = false;
    if (::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0 && ::write(fd, "PING\r\n", 6) == 6) {
        char buf[16] = {};
        ok = ::read(fd, buf, sizeof buf - 1) >= 5 && std::string(buf, 5) == "+PONG";
    }
    ::close(fd);
    return ok;
}

}  // namespace

RedisServer::~RedisServer() { stop(); }

void RedisServer::start() {
    for (int attempt = 0; attempt < 5; ++attempt) {
        port_ = freeLoopbackPort();
        if (launch()) return;
    }
    throw std::runtime_error("redis-server did not start on a free port in five attempts");
}

void RedisServer::restart() {
    stop();
    if (!launch()) throw std::runtime_error("redis-server did not start again on port " + std::to_string(port_));
}

bool RedisServer::launch() {
    const std::string port = std::to_string(port_);
    pid_ = ::fork();
    if (pid_ == 0) {
        std::FILE* out = std::freopen("/dev/null", "w", stdout);
        (void)out;
        // No snapshot, no append-only file: nothing of a test run reaches the disk.
        ::execlp("redis-server", "redis-server", "--port", port.c_str(), "--bind", "127.0.0.1", "--save", "",
                 "--appendonly", "no", "--dir", "/tmp", static_cast<char*>(nullptr));
        std::_Exit(127);
    }
    for (int i = 0; i < 200; ++i) {
        if (answersPing(port_)) return true;
        int status;
        if (::waitpid(pid_, &status, WNOHANG) == pid_) {
            pid_ = -1;
            return false;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    stop();
    return false;
}

void RedisServer::stop() {
    if (pid_ <= 0) return;
    ::kill(pid_, SIGTERM);
    ::waitpid(pid_, nullptr, 0);
    pid_ = -1;
}

}  // namespace ipfacts::testing
