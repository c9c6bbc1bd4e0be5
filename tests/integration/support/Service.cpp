#include "tests/integration/support/Service.h"

#include "tests/integration/support/HttpClient.h"

#include <ipfacts/json.hpp>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace ipfacts::testing {
namespace {

namespace fs = std::filesystem;

/// Binds `fd` to 127.0.0.1 on a port the kernel picks; returns the port.
int bindLoopback(int fd) {
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a);
    socklen_t len = sizeof a;
    getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len);
    return ntohs(a.sin_port);
}

int freePort() {
    int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    int port = bindLoopback(fd);
    ::close(fd);
    return port;
}

std::string readFile(const std::string& path) {
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

std::string env(const char* name) {
    const char* v = std::getenv(name);
    if (!v) throw std::runtime_error(std::string(name) + " is not set; run the suite through ctest");
    return v;
}

}  // namespace

int freeLoopbackPort() { return freePort(); }

namespace {

/// KEY=value lines a fixture wrote once its servers listened.
std::map<std::string, std::string> readPortsEnv(const std::string& path, const std::string& fixture) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error("no " + path + ": the " + fixture + " fixture did not run");
    std::map<std::string, std::string> out;
    for (std::string line; std::getline(in, line);) {
        size_t eq = line.find('=');
        if (eq != std::string::npos) out[line.substr(0, eq)] = line.substr(eq + 1);
    }
    return out;
}

}  // namespace

std::map<std::string, std::string> Service::dnsServerPorts() {
    // Written by tests/dns/servers.sh, the dns_servers fixture.
    return readPortsEnv(buildDir() + "/tests/dns-state/ports.env", "dns_servers");
}

std::map<std::string, std::string> Service::rdapFakePorts() {
    // Written by tests/rdap/fake_registries.py, the rdap_fakes fixture.
    return readPortsEnv(buildDir() + "/tests/rdap-state/ports.env", "rdap_fakes");
}

int Service::openSilentListener() {
    // Accepts connections in the kernel's backlog and never answers: a
    // resolver that times out.
    if (silent_fd_ >= 0) ::close(silent_fd_);  // from an earlier attempt
    silent_fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    int port = bindLoopback(silent_fd_);
    ::listen(silent_fd_, 128);
    return port;
}

int Service::openSwitchSocket() {
    // Bound, so the port stays ours, and not listening, so connecting is refused.
    if (switch_fd_ >= 0) ::close(switch_fd_);
    switch_fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    return bindLoopback(switch_fd_);
}

CommandResult runCommandStatus(const std::string& cmd) {
    FILE* p = ::popen(cmd.c_str(), "r");
    if (!p) throw std::runtime_error("cannot run " + cmd);
    CommandResult r;
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, p)) > 0) r.output.append(buf, n);
    int status = ::pclose(p);
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return r;
}

std::string runCommand(const std::string& cmd) {
    CommandResult r = runCommandStatus(cmd);
    if (r.code != 0) throw std::runtime_error("command failed (" + std::to_string(r.code) + "): " + cmd);
    return r.output;
}

Service& Service::instance() {
    static Service s("integration");
    return s;
}

Service::Service(std::string name, std::function<void(std::string&)> edit, long nofile)
    : name_(std::move(name)), edit_(std::move(edit)), nofile_(nofile) {}

Service::~Service() {
    if (this != &instance() && pid_ > 0) stop();
    if (silent_fd_ >= 0) ::close(silent_fd_);
    if (switch_fd_ >= 0) ::close(switch_fd_);
}

std::string Service::buildDir() { return env("IPFACTS_BUILD_DIR"); }
std::string Service::sourceDir() { return env("IPFACTS_SOURCE_DIR"); }

void Service::start() {
    // A port found free can be taken before ipfactsd binds it (freePort closes
    // its probe socket): when the daemon cannot listen, try other ports.
    for (int attempt = 1;; ++attempt) {
        try {
            startOnce();
            return;
        } catch (const PortTaken& e) {
            if (attempt == 5) throw std::runtime_error(e.what());
        }
    }
}

void Service::startOnce() {
    state_dir_ = buildDir() + "/tests/" + name_ + "-state";
    if (!keep_state_) fs::remove_all(state_dir_);
    fs::create_directories(state_dir_ + "/tls");
    port_ = freePort();
    tls_port_ = freePort();

    runCommand(
        "openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 -subj /CN=localhost"
        " -keyout " +
        state_dir_ + "/tls/server.key -out " + state_dir_ + "/tls/server.pem 2>/dev/null");
    std::string text = readFile(buildDir() + "/tests/etc/integration.yaml");
    auto values = dnsServerPorts();
    for (const auto& [key, value] : rdapFakePorts()) values[key] = value;
    values["TLS_PORT"] = std::to_string(tls_port_);
    values["TEST_DIR"] = state_dir_;
    values["SILENT_PORT"] = std::to_string(openSilentListener());
    values["SWITCH_PORT"] = std::to_string(openSwitchSocket());
    values["PORT"] = std::to_string(port_);
    for (const auto& [key, value] : values) {
        std::string from = "{{" + key + "}}";
        for (size_t at; (at = text.find(from)) != std::string::npos;) text.replace(at, from.size(), value);
    }
    std::smatch left;
    if (std::regex_search(text, left, std::regex("\\{\\{[A-Z_]+\\}\\}")))
        throw std::runtime_error("the test manifest still has the placeholder " + left.str());
    if (edit_) edit_(text);
    manifest_ = state_dir_ + "/ipfacts.yaml";
    std::ofstream(manifest_) << text;
    if (this == &instance()) exchanges_.open(buildDir() + "/tests/exchanges.jsonl", std::ios::trunc);

    std::string daemon = buildDir() + "/host/ipfactsd";
    std::string log = state_dir_ + "/ipfactsd.log";
    pid_ = ::fork();
    if (pid_ == 0) {
        std::FILE* out = std::freopen(log.c_str(), "w", stdout);
        (void)out;
        ::dup2(STDOUT_FILENO, STDERR_FILENO);
        if (nofile_ > 0) {
            rlimit lim{static_cast<rlim_t>(nofile_), static_cast<rlim_t>(nofile_)};
            ::setrlimit(RLIMIT_NOFILE, &lim);
        }
        std::string v4 = "127.0.0.1:" + std::to_string(port_), v6 = "[::1]:" + std::to_string(port_);
        ::execl(daemon.c_str(), daemon.c_str(), "--config", manifest_.c_str(), "--listen", v4.c_str(), "--listen",
                v6.c_str(), "--state-dir", state_dir_.c_str(), static_cast<char*>(nullptr));
        std::_Exit(127);
    }
    // Up when every listener answers: IPv4, IPv6 and TLS.
    for (int i = 0; i < 600; ++i) {
        try {
            HttpClient v4("127.0.0.1", port_);
            HttpClient v6("::1", port_);
            HttpClient tls("127.0.0.1", tls_port_, true);
            return;
        } catch (const std::exception&) {
            int status;
            if (::waitpid(pid_, &status, WNOHANG) == pid_) {
                pid_ = -1;
                std::string log = this->log();
                if (log.find("cannot listen") != std::string::npos)
                    throw PortTaken("ipfactsd could not listen:\n" + log);
                throw std::runtime_error("ipfactsd exited at start:\n" + log);
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
    }
    throw std::runtime_error("ipfactsd did not listen within 30 s:\n" + this->log());
}

int Service::stop() {
    if (pid_ <= 0) return -1;
    ::kill(pid_, SIGTERM);
    for (int i = 0; i < 200; ++i) {
        int status;
        if (::waitpid(pid_, &status, WNOHANG) == pid_) {
            pid_ = -1;
            return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
    pid_ = -1;
    return -1;
}

int Service::restart() {
    const int status = stop();
    keep_state_ = true;
    try {
        start();
    } catch (...) {
        keep_state_ = false;
        throw;
    }
    keep_state_ = false;
    return status;
}

void Service::shareSecretOf(const Service& other) {
    std::filesystem::copy_file(other.stateDir() + "/server-secret", stateDir() + "/server-secret",
                               std::filesystem::copy_options::overwrite_existing);
    restart();
}

bool Service::signal(int sig) const { return pid_ > 0 && ::kill(pid_, sig) == 0; }

std::string Service::log() const { return readFile(state_dir_ + "/ipfactsd.log"); }
std::string Service::accessLog() const { return readFile(state_dir_ + "/access.log"); }

std::string Service::accessLogThrough(HttpClient& c, const std::string& marker_target) {
    c.get(marker_target);
    std::string log;
    for (int i = 0; i < 200; ++i) {
        log = accessLog();
        if (log.find(" " + marker_target + " ") != std::string::npos) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return log;
}

std::string Service::issueKey(const std::string& account) {
    const long long before = keysVersion();
    std::string out = runCommand(buildDir() + "/host/ipfacts key add --config " + manifest_ + " --state-dir " +
                                 state_dir_ + " --account " + account);
    while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
    if (!awaitKeysVersionAfter(before)) throw std::runtime_error("the daemon never loaded the new key");
    return out;
}

bool Service::revokeKey(const std::string& key) {
    const long long before = keysVersion();
    if (admin("revoke " + key).second != 0) return false;
    return awaitKeysVersionAfter(before);
}

std::pair<std::string, int> Service::admin(const std::string& args) {
    CommandResult r = runCommandStatus(buildDir() + "/host/ipfacts key " + args + " --config " + manifest_ +
                                       " --state-dir " + state_dir_ + " 2>&1");
    return {r.output, r.code};
}

long long Service::keysVersion() {
    HttpClient c("127.0.0.1", port_);
    auto r = c.get("/readyz");
    static const std::regex version(R"re("name":"keys"[^}]*version (\d+))re");
    std::smatch m;
    return std::regex_search(r.body, m, version) ? std::stoll(m[1]) : -1;
}

bool Service::awaitKeysVersionAfter(long long before) {
    // Polls what the daemon shows (its /readyz), not a sleep standing in for the reload.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    while (std::chrono::steady_clock::now() < deadline) {
        if (keysVersion() != before) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return false;
}

void Service::record(const std::string& method, const std::string& target, const HttpReply& reply) {
    auto ct = reply.header("Content-Type");
    if (!ct || ct->find("application/json") == std::string::npos || method == "HEAD") return;
    // The path without its query, but for the host's `fields` parameter: an answer cut to
    // some members is validated as that projection (tests/openapi/README.md).
    std::string path = target.substr(0, target.find('?'));
    const size_t q = target.find('?');
    for (size_t at = q; at != std::string::npos && at + 1 < target.size(); at = target.find('&', at + 1))
        if (target.compare(at + 1, 7, "fields=") == 0) {
            path += "?" + target.substr(at + 1, target.find('&', at + 1) - at - 1);
            break;
        }
    JsonWriter w;
    w.beginObject()
        .field("method", method)
        .field("path", path)
        .field("status", reply.status)
        .field("contentType", *ct)
        .field("body", reply.body)
        .endObject();
    std::lock_guard<std::mutex> lock(record_mu_);
    if (!exchanges_.is_open()) return;
    exchanges_ << w.str() << "\n";
    exchanges_.flush();
}

}  // namespace ipfacts::testing
