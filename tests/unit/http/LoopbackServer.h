// LoopbackServer: a small HTTP/1.1 server on one loopback address for the
// http core's tests. It counts the connections it accepts (to prove reuse, or
// that the guard let none through) and answers each request with whatever the
// handler returns; a silent server accepts and never answers.
#pragma once

#include <atomic>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace ipfacts::testing {

class LoopbackServer {
public:
    /// The whole response (status line, headers, body) for a request target.
    using Handler = std::function<std::string(const std::string& target)>;

    /// Listens on `address` (127.x.y.z or ::1), on `port` or one the kernel chooses.
    LoopbackServer(const std::string& address, Handler handler, int port = 0);
    /// A server that accepts connections and never answers.
    explicit LoopbackServer(const std::string& address);
    ~LoopbackServer();
    LoopbackServer(const LoopbackServer&) = delete;
    LoopbackServer& operator=(const LoopbackServer&) = delete;

    int port() const { return port_; }
    int connections() const { return connections_.load(); }
    /// "http://127.0.0.2:41234" (brackets for IPv6).
    std::string base() const;

    static std::string ok(const std::string& body);
    static std::string redirect(const std::string& location);

private:
    void acceptLoop();
    void serve(int fd);

    std::string address_;
    Handler handler_;
    int listener_ = -1;
    int port_ = 0;
    std::atomic<bool> stop_{false};
    std::atomic<int> connections_{0};
    std::mutex mutex_;
    std::vector<std::thread> threads_;
    std::thread acceptor_;
};

}  // namespace ipfacts::testing
