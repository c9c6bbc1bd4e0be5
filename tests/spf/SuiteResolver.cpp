#include "tests/spf/SuiteResolver.h"

#include "tests/integration/support/Service.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <thread>

namespace ipfacts::testing::spf {
namespace {

namespace fs = std::filesystem;

// The zones unbound answers itself by default (RFC 6761, 6303, 7686): the
// suite has PTR records in some (192.168.218.40), and a scenario's zone
// data must be all that answers.
constexpr const char* kDefaultZonesServedHere[] = {
    "10.in-addr.arpa.",
    "16.172.in-addr.arpa.",
    "17.172.in-addr.arpa.",
    "18.172.in-addr.arpa.",
    "19.172.in-addr.arpa.",
    "20.172.in-addr.arpa.",
    "21.172.in-addr.arpa.",
    "22.172.in-addr.arpa.",
    "23.172.in-addr.arpa.",
    "24.172.in-addr.arpa.",
    "25.172.in-addr.arpa.",
    "26.172.in-addr.arpa.",
    "27.172.in-addr.arpa.",
    "28.172.in-addr.arpa.",
    "29.172.in-addr.arpa.",
    "30.172.in-addr.arpa.",
    "31.172.in-addr.arpa.",
    "168.192.in-addr.arpa.",
    "254.169.in-addr.arpa.",
    "0.in-addr.arpa.",
    "127.in-addr.arpa.",
    "2.0.192.in-addr.arpa.",
    "100.51.198.in-addr.arpa.",
    "113.0.203.in-addr.arpa.",
    "d.f.ip6.arpa.",
    "8.e.f.ip6.arpa.",
    "9.e.f.ip6.arpa.",
    "a.e.f.ip6.arpa.",
    "b.e.f.ip6.arpa.",
    "8.b.d.0.1.0.0.2.ip6.arpa.",
    "test.",
    "invalid.",
    "localhost.",
    "onion.",
    "home.arpa.",
};

}  // namespace

SuiteResolver::SuiteResolver(std::string dir) : dir_(std::move(dir)) {
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    writeFiles(scenarioZone(SuiteScenario{}, "start"));
    for (int attempt = 0; attempt < 5; ++attempt)
        if (startOnce()) return;
    throw std::runtime_error("unbound did not answer on loopback; see " + dir_ + "/unbound.log");
}

SuiteResolver::~SuiteResolver() {
    if (pid_ <= 0) return;
    ::kill(pid_, SIGTERM);
    for (int i = 0; i < 100; ++i) {
        if (::waitpid(pid_, nullptr, WNOHANG) == pid_) return;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
}

bool SuiteResolver::startOnce() {
    // Both ports were free a moment ago; unbound fails to start if one is taken
    // and the next attempt draws others. Control goes over loopback TCP, not a
    // socket in the build tree, whose path a deep checkout could push past 107 bytes.
    port_ = freeLoopbackPort();
    std::string conf =
        "server:\n"
        "  interface: 127.0.0.1\n"
        "  port: " +
        std::to_string(port_) +
        "\n"
        "  do-ip6: no\n"
        "  access-control: 127.0.0.0/8 allow\n"
        "  username: \"\"\n"
        "  chroot: \"\"\n"
        "  directory: \"" +
        dir_ +
        "\"\n"
        "  pidfile: \"" +
        dir_ +
        "/unbound.pid\"\n"
        "  logfile: \"" +
        dir_ +
        "/unbound.log\"\n"
        "  use-syslog: no\n"
        "  do-daemonize: no\n"
        "  module-config: \"iterator\"\n"
        "  do-not-query-localhost: yes\n"
        "  qname-minimisation: no\n";
    for (const char* zone : kDefaultZonesServedHere) conf += "  local-zone: \"" + std::string(zone) + "\" nodefault\n";
    conf += "  include: \"" + dir_ +
            "/scenario.conf\"\n"
            "auth-zone:\n"
            "  name: \".\"\n"
            "  zonefile: \"" +
            dir_ +
            "/root.zone\"\n"
            "  for-downstream: yes\n"
            "  for-upstream: no\n"
            "  fallback-enabled: no\n"
            "remote-control:\n"
            "  control-enable: yes\n"
            "  control-interface: 127.0.0.1\n"
            "  control-port: " +
            std::to_string(freeLoopbackPort()) +
            "\n"
            "  control-use-cert: no\n";
    std::ofstream(dir_ + "/unbound.conf") << conf;
    pid_ = ::fork();
    if (pid_ == 0) {
        const std::string out = dir_ + "/unbound.out";
        std::FILE* f = std::freopen(out.c_str(), "w", stdout);
        (void)f;
        ::dup2(STDOUT_FILENO, STDERR_FILENO);
        ::execlp("unbound", "unbound", "-d", "-c", (dir_ + "/unbound.conf").c_str(), static_cast<char*>(nullptr));
        std::_Exit(127);
    }
    for (int i = 0; i < 100; ++i) {
        if (answersMarker("start")) return true;
        if (::waitpid(pid_, nullptr, WNOHANG) == pid_) break;  // the port was taken: try another
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    if (::waitpid(pid_, nullptr, WNOHANG) == 0) {
        ::kill(pid_, SIGKILL);
        ::waitpid(pid_, nullptr, 0);
    }
    pid_ = -1;
    return false;
}

void SuiteResolver::writeFiles(const ScenarioZone& zone) {
    std::ofstream(dir_ + "/root.zone") << zone.zoneFile;
    std::ofstream(dir_ + "/scenario.conf") << zone.serverConf;
}

bool SuiteResolver::answersMarker(const std::string& marker) const {
    const CommandResult r = runCommandStatus("dig +short +tries=1 +time=1 -p " + std::to_string(port_) +
                                             " @127.0.0.1 scenario.spf-suite. TXT 2>/dev/null");
    return r.code == 0 && r.output == "\"" + marker + "\"\n";
}

void SuiteResolver::load(const ScenarioZone& zone, const std::string& marker) {
    writeFiles(zone);
    const CommandResult r = runCommandStatus("unbound-control -c " + dir_ + "/unbound.conf reload 2>&1");
    if (r.code != 0) throw std::runtime_error("unbound-control reload failed: " + r.output);
    for (int i = 0; i < 100; ++i) {
        if (answersMarker(marker)) return;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    throw std::runtime_error("unbound does not serve scenario '" + marker + "' (a zone file it cannot read?); see " +
                             dir_ + "/unbound.log");
}

}  // namespace ipfacts::testing::spf
