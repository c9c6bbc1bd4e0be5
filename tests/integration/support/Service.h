// Service: the ipfactsd under test — started once for the whole suite on
// free loopback ports (IPv4, IPv6 and a TLS port), with its own state folder,
// and stopped with SIGTERM at the end. Every JSON body the suite sees is
// recorded for validation against the served OpenAPI document.
#pragma once

#include <fstream>
#include <functional>
#include <map>
#include <mutex>
#include <stdexcept>
#include <string>

#include <unistd.h>

namespace ipfacts::testing {

struct HttpReply;
class HttpClient;

class Service {
public:
    /// The suite's shared ipfactsd.
    static Service& instance();

    /// A further ipfactsd of its own, for tests that stop it or starve it:
    /// state under tests/<name>-state, the suite's manifest passed through
    /// `edit`, and (when not 0) its descriptor limit set to `nofile`.
    Service(std::string name, std::function<void(std::string&)> edit = {}, long nofile = 0);
    ~Service();
    Service(const Service&) = delete;
    Service& operator=(const Service&) = delete;

    /// Starts ipfactsd; throws std::runtime_error when it does not come up.
    void start();
    int pid() const { return pid_; }
    /// Sends SIGTERM and waits; returns the exit status (-1 if it had to be killed).
    int stop();
    /// Stops (as stop()) and starts again on new ports, keeping the state
    /// folder (the SQLite file) of the run before; returns stop()'s status.
    int restart();
    /// Takes `other`'s server secret and restarts: nodes of one deployment share it
    /// (docs/operations.md), so a key or an address hashes alike on each.
    void shareSecretOf(const Service& other);

    int port() const { return port_; }
    /// Sends `sig` to ipfactsd; false when it is not running.
    bool signal(int sig) const;
    int tlsPort() const { return tls_port_; }
    /// True for this service's ports: only its exchanges are checked against its document
    /// (other nodes a test starts may route paths this one does not).
    bool serves(int port) const { return port == port_ || port == tls_port_; }
    /// A socket bound to 127.0.0.1 and not listening (connections refused):
    /// the manifest's {{SWITCH_PORT}}. A test may listen() on it, and close it.
    int switchFd() const { return switch_fd_; }
    /// Closes it: the port refuses again, and is no longer held.
    void closeSwitch() {
        if (switch_fd_ >= 0) ::close(switch_fd_);
        switch_fd_ = -1;
    }
    const std::string& stateDir() const { return state_dir_; }
    const std::string& manifest() const { return manifest_; }
    /// Everything ipfactsd wrote to stdout and stderr so far.
    std::string log() const;
    /// The access log file's contents so far (flushed within about two seconds).
    std::string accessLog() const;
    /// Requests `marker_target` on `c` and returns the access log once that
    /// request's line is in it: the lines of `c`'s earlier requests (logged by
    /// the same event loop, in order) are then in it too. Waits up to 10 s.
    std::string accessLogThrough(HttpClient& c, const std::string& marker_target);

    /// Issues a key with the admin command; returns the key once the daemon's
    /// key cache holds it (its /readyz "keys" version moved).
    std::string issueKey(const std::string& account);
    /// Revokes a key (or a key id) with the admin command; true on success, once
    /// the daemon's key cache has reloaded.
    bool revokeKey(const std::string& key);
    /// Runs `ipfacts key <args>` on this service's manifest and state; its output and exit code.
    std::pair<std::string, int> admin(const std::string& args);
    /// The key cache's version in /readyz's "keys" check (-1 when absent).
    long long keysVersion();
    /// Waits (up to 5 s) until keysVersion() differs from `before`; false if it never did.
    bool awaitKeysVersionAfter(long long before);

    /// Appends a JSON body to the exchanges file for OpenAPI validation.
    void record(const std::string& method, const std::string& target, const HttpReply& reply);

    static std::string buildDir();
    static std::string sourceDir();
    /// RDAP_PORT, WHOIS_IANA_PORT, WHOIS_REGISTRY_PORT, RDAP_STATE of the fake
    /// registries (tests/rdap/fake_registries.py, the rdap_fakes fixture).
    static std::map<std::string, std::string> rdapFakePorts();
    /// The keys of tests/dns-state/ports.env (written by tests/dns/servers.sh).
    static std::map<std::string, std::string> dnsServerPorts();

private:
    struct PortTaken : std::runtime_error {
        using std::runtime_error::runtime_error;
    };
    void startOnce();

    std::string name_ = "integration";
    std::function<void(std::string&)> edit_;
    long nofile_ = 0;
    int openSilentListener();
    int silent_fd_ = -1;
    int switch_fd_ = -1;
    int openSwitchSocket();
    int pid_ = -1;
    bool keep_state_ = false;  // restart(): the next start keeps the state folder
    int port_ = 0;
    int tls_port_ = 0;
    std::string state_dir_;
    std::string manifest_;
    std::mutex record_mu_;
    std::ofstream exchanges_;
};

/// A TCP port of 127.0.0.1 free a moment ago (another process may take it before
/// the test binds it: a daemon that cannot listen says "cannot listen", and
/// Service::start then tries again, calling the manifest edit anew).
int freeLoopbackPort();

/// Runs a shell command, returning its standard output; throws on failure.
std::string runCommand(const std::string& cmd);

/// What a shell command printed on standard output and its exit code (-1 when killed).
struct CommandResult {
    int code = -1;
    std::string output;
};
/// Runs a shell command whatever its exit code; throws only when it cannot start.
CommandResult runCommandStatus(const std::string& cmd);

}  // namespace ipfacts::testing
