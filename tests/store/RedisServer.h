// RedisServer: a real redis-server for a test, on a free loopback port, with
// no persistence (nothing written to disk), started and stopped by the test
// itself so it can take the server away mid-run and bring it back on the same
// port. See tests/store/README.md.
#pragma once

#include <string>

namespace ipfacts::testing {

class RedisServer {
public:
    RedisServer() = default;
    ~RedisServer();
    RedisServer(const RedisServer&) = delete;
    RedisServer& operator=(const RedisServer&) = delete;

    /// Starts redis-server on a free port and waits until it answers PING.
    /// Throws std::runtime_error when it does not come up.
    void start();
    /// Stops it (SIGTERM) and waits for the process to end: the port refuses.
    void stop();
    /// Starts it again on the same port, empty.
    void restart();

    int port() const { return port_; }
    bool running() const { return pid_ > 0; }

private:
    bool launch();  // false when it exited at once (the port was taken)
    int port_ = 0;
    int pid_ = -1;
};

}  // namespace ipfacts::testing
