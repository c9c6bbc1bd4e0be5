// TcpRelay: one loopback port that forwards each connection to whichever
// backend port a test names, so a daemon configured with one port (the ssl
// plugin's `port`) can reach several test servers in turn. Listens on
// 127.0.0.1, port chosen by the kernel; every connection it accepts is
// counted, so a test can prove none was made.
#pragma once

#include <atomic>
#include <mutex>
#include <thread>
#include <vector>

namespace ipfacts::testing {

class TcpRelay {
public:
    TcpRelay();  // throws std::runtime_error when it cannot listen
    ~TcpRelay();
    TcpRelay(const TcpRelay&) = delete;
    TcpRelay& operator=(const TcpRelay&) = delete;

    int port() const { return port_; }
    /// Where connections accepted from now on go (127.0.0.1:`port`).
    void forwardTo(int port) { backend_.store(port); }
    /// Connections accepted so far.
    int accepted() const { return accepted_.load(); }

private:
    void acceptLoop();
    void pump(int client);

    int fd_ = -1;
    int port_ = 0;
    int wake_[2] = {-1, -1};  // written at destruction: every thread stops
    std::atomic<int> backend_{0};
    std::atomic<int> accepted_{0};
    std::mutex mutex_;
    std::vector<std::thread> pumps_;
    std::thread acceptor_;
};

}  // namespace ipfacts::testing
