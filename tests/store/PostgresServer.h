// PostgresServer: a real PostgreSQL for a test: a fresh cluster (initdb) in a
// folder of the build tree, served on a free loopback port (and a unix socket
// in that folder), trust authentication for the role `ipfacts`, fsync off
// (nothing here must survive a crash). PostgreSQL refuses to run as root, so
// when the tests run as root the cluster is made and served as the
// `postgres` system user (runuser). See tests/store/README.md.
#pragma once

#include <string>

namespace ipfacts::testing {

class PostgresServer {
public:
    explicit PostgresServer(std::string name) : name_(std::move(name)) {}
    ~PostgresServer();
    PostgresServer(const PostgresServer&) = delete;
    PostgresServer& operator=(const PostgresServer&) = delete;

    /// initdb, then starts the server and waits until it accepts connections.
    /// Throws std::runtime_error with the server's log when it does not.
    void start();
    void stop();
    /// Starts the same cluster again on the same port (after stop()).
    void restart();

    int port() const { return port_; }
    /// The libpq connection string of the database `postgres` as `ipfacts`.
    std::string conninfo() const;

private:
    std::string as_user(const std::string& cmd) const;
    bool launch();  // false when pg_ctl could not start it (the port was taken)
    std::string name_, dir_, bin_;
    int port_ = 0;
    bool running_ = false;
};

}  // namespace ipfacts::testing
