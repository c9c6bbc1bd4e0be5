// CommitCutter: a TCP relay on loopback between a test's PostgreSQL clients
// and the server (tests/store/PostgresServer) that, once armed, cuts a
// connection right after relaying its COMMIT: the server gets the COMMIT and
// applies it, the client never hears the reply. No real server does
// that on demand, hence this stand-in for a network that drops at the worst
// moment. It recognises the simple query libpq sends for PQexec("COMMIT")
// (message 'Q', length 11, "COMMIT\0"), which is how PgTransaction commits.
#pragma once

#include <atomic>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace ipfacts::testing {

class CommitCutter {
public:
    /// Listens on a port of 127.0.0.1 the kernel picks; relays to `server_port` there.
    explicit CommitCutter(int server_port);
    /// Stops accepting, closes every relayed connection and joins the threads.
    ~CommitCutter();
    CommitCutter(const CommitCutter&) = delete;
    CommitCutter& operator=(const CommitCutter&) = delete;

    int port() const { return port_; }
    /// Cuts the next `n` connections that relay a COMMIT (each right after
    /// the COMMIT went to the server); later COMMITs pass.
    void cutCommits(int n) { to_cut_ = n; }
    /// How many connections were cut so far.
    int cuts() const { return cuts_.load(); }

private:
    void acceptLoop();
    void relay(int client, int server);
    /// Drops the client's side at once and reads the server's reply to nothing.
    void swallowReply(int client, int server);
    /// True when this chunk from the client carries a COMMIT and a cut is still owed (takes it).
    bool takeCut(const char* data, size_t n);

    int server_port_;
    int listener_ = -1;
    int port_ = 0;
    std::atomic<bool> stopping_{false};
    std::atomic<int> to_cut_{0};
    std::atomic<int> cuts_{0};
    std::mutex mu_;
    std::vector<std::thread> relays_;
    std::thread acceptor_;
};

}  // namespace ipfacts::testing
