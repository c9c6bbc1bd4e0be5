// RedisCluster: a real Redis Cluster of three masters (no replicas) for a
// test, on free loopback ports, each master in a temporary folder of its own
// (its nodes.conf lives there), joined by `redis-cli --cluster create`. The
// test takes one master away (SIGTERM or SIGKILL) and starts it again on the
// same port with the same nodes.conf: it comes back as the same node, serving
// the same slots, empty (no persistence). The masters run with
// cluster-require-full-coverage off, so the others keep serving their slots
// while one is away. See tests/store/README.md.
#pragma once

#include <string>
#include <vector>

namespace ipfacts::testing {

class RedisCluster {
public:
    RedisCluster() = default;
    ~RedisCluster();
    RedisCluster(const RedisCluster&) = delete;
    RedisCluster& operator=(const RedisCluster&) = delete;

    /// Starts `masters` redis-servers, creates the cluster and waits until
    /// every master says cluster_state:ok. Throws std::runtime_error when it
    /// does not come up.
    void start(int masters = 3);
    /// Ends master `i` with `signal` and waits for the process to end.
    void stop(size_t i, int signal);
    /// Starts master `i` again (same port, same nodes.conf) and waits until
    /// every master says cluster_state:ok.
    void restart(size_t i);

    size_t size() const { return nodes_.size(); }
    int port(size_t i) const { return nodes_[i].port; }
    /// "127.0.0.1:<port>" of every master, for a manifest's seed list.
    std::vector<std::string> seeds() const;
    /// What `redis-cli -p <port of i> <args>` prints, trailing newline cut.
    std::string cli(size_t i, const std::string& args) const;
    /// How many keys master `i` holds (DBSIZE).
    long long keys(size_t i) const;

private:
    struct Node {
        int port = 0;
        int bus_port = 0;
        int pid = -1;
        std::string dir;
    };
    bool launch(Node& n);  // false when it exited at once (a port was taken)
    void waitUntilOk() const;
    std::vector<Node> nodes_;
};

}  // namespace ipfacts::testing
