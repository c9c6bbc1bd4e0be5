#include "tests/store/RedisCluster.h"

#include "tests/integration/support/Service.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <thread>

namespace ipfacts::testing {
namespace {

/// What `command` prints on stdout (a shell line of our own making: ports and fixed words only).
std::string output(const std::string& command) {
    std::string out;
    if (std::FILE* p = ::popen(command.c_str(), "r")) {
        char buf[4096];
        size_t n;
        while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
        ::pclose(p);
    }
    while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
    return out;
}

}  // namespace

RedisCluster::~RedisCluster() {
    for (size_t i = 0; i < nodes_.size(); ++i) {
        stop(i, SIGKILL);
        std::error_code ignored;
        std::filesystem::remove_all(nodes_[i].dir, ignored);
    }
}

void RedisCluster::start(int masters) {
    for (int i = 0; i < masters; ++i) {
        char dir[] = "/tmp/ipfacts-cluster-XXXXXX";
        if (!::mkdtemp(dir)) throw std::runtime_error("cannot make a folder for a cluster node");
        nodes_.push_back(Node{0, 0, -1, dir});
        bool up = false;
        for (int attempt = 0; attempt < 5 && !up; ++attempt) {
            nodes_.back().port = freeLoopbackPort();
            nodes_.back().bus_port = freeLoopbackPort();
            up = nodes_.back().bus_port != nodes_.back().port && launch(nodes_.back());
        }
        if (!up) throw std::runtime_error("a cluster node did not start on free ports in five attempts");
    }
    std::string create = "redis-cli --cluster create";
    for (const auto& seed : seeds()) create += " " + seed;
    const std::string said = output(create + " --cluster-replicas 0 --cluster-yes 2>&1");
    if (said.find("[OK] All 16384 slots covered") == std::string::npos)
        throw std::runtime_error("redis-cli --cluster create failed: " + said);
    waitUntilOk();
}

bool RedisCluster::launch(Node& n) {
    const std::string port = std::to_string(n.port), bus = std::to_string(n.bus_port);
    n.pid = ::fork();
    if (n.pid == 0) {
        std::FILE* out = std::freopen("/dev/null", "w", stdout);
        (void)out;
        // No snapshot, no append-only file: a restarted master comes back empty;
        // nodes.conf (its identity and slots) stays in its folder.
        ::execlp("redis-server", "redis-server", "--port", port.c_str(), "--cluster-port", bus.c_str(), "--bind",
                 "127.0.0.1", "--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf",
                 "--cluster-node-timeout", "2000", "--cluster-require-full-coverage", "no", "--save", "",
                 "--appendonly", "no", "--dir", n.dir.c_str(), static_cast<char*>(nullptr));
        std::_Exit(127);
    }
    for (int i = 0; i < 200; ++i) {
        if (output("redis-cli -p " + port + " PING 2>/dev/null") == "PONG") return true;
        int status;
        if (::waitpid(n.pid, &status, WNOHANG) == n.pid) {
            n.pid = -1;
            return false;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    ::kill(n.pid, SIGKILL);
    ::waitpid(n.pid, nullptr, 0);
    n.pid = -1;
    return false;
}

void RedisCluster::waitUntilOk() const {
    for (int i = 0; i < 300; ++i) {
        bool ok = true;
        for (size_t n = 0; n < nodes_.size() && ok; ++n)
            ok = cli(n, "CLUSTER INFO").find("cluster_state:ok") != std::string::npos;
        if (ok) return;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    throw std::runtime_error("the Redis cluster did not reach cluster_state:ok in 30 s");
}

void RedisCluster::stop(size_t i, int signal) {
    Node& n = nodes_[i];
    if (n.pid <= 0) return;
    ::kill(n.pid, signal);
    ::waitpid(n.pid, nullptr, 0);
    n.pid = -1;
}

void RedisCluster::restart(size_t i) {
    stop(i, SIGTERM);
    if (!launch(nodes_[i]))
        throw std::runtime_error("a cluster node did not start again on port " + std::to_string(nodes_[i].port));
    waitUntilOk();
}

std::vector<std::string> RedisCluster::seeds() const {
    std::vector<std::string> out;
    for (const auto& n : nodes_) out.push_back("127.0.0.1:" + std::to_string(n.port));
    return out;
}

std::string RedisCluster::cli(size_t i, const std::string& args) const {
    return output("redis-cli -p " + std::to_string(nodes_[i].port) + " " + args + " 2>&1");
}

long long RedisCluster::keys(size_t i) const { return std::atoll(cli(i, "DBSIZE").c_str()); }

}  // namespace ipfacts::testing
