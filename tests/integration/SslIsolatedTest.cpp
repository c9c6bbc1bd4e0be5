// /api/v1/ssl with the default address guard, inside a network namespace
// that has nothing but loopback (ctest runs this under `unshare -n`; the
// main, tests/unit/http/IsolatedMain.cpp, refuses to run anywhere else and
// gives the process its own /etc/hosts). Names the suite's own unbound
// resolves to 10.0.0.1 and ::ffff:127.0.0.1, and `localhost`, must be
// refused with a clear error and never connected to: a listener on the
// plugin's port counts every connection, and must count none. A DoH resolver
// whose host resolves nowhere is named in /api/v1/dns's error.
#include "tests/integration/support/HttpClient.h"
#include "tests/integration/support/Json.h"
#include "tests/integration/support/Service.h"
#include "tests/support/tls/RawListeners.h"

#include <cppunit/extensions/HelperMacros.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <stdexcept>
#include <thread>

using namespace ipfacts::testing;
using Poco::JSON::Object;

namespace {

std::map<std::string, std::string> readEnvFile(const std::string& path) {
    std::ifstream in(path);
    std::map<std::string, std::string> out;
    for (std::string line; std::getline(in, line);)
        if (size_t eq = line.find('='); eq != std::string::npos) out[line.substr(0, eq)] = line.substr(eq + 1);
    return out;
}

/// The suite's world: unbound and NSD (tests/dns/servers.sh) and one
/// ipfactsd with the default guard, all inside this namespace; stopped at exit.
class IsolatedWorld {
public:
    IsolatedWorld() {
        state_ = Service::buildDir() + "/tests/ssl-isolated-state";
        std::filesystem::remove_all(state_ + "/daemon");
        runCommand(Service::sourceDir() + "/tests/dns/servers.sh start " + state_ + "/dns >/dev/null");
        dnsStarted_ = true;
        const auto ports = readEnvFile(state_ + "/dns/ports.env");
        // The http facility resolves through the system: names of its own
        // (the private /etc/hosts) so its guard is tested too.
        std::ofstream(std::getenv("IPFACTS_TEST_HOSTS"), std::ios::trunc)
            << "127.0.0.1 localhost\n10.0.0.1 private.ssl.example.test\n::ffff:127.0.0.1 mapped.ssl.example.test\n";
        std::filesystem::create_directories(state_ + "/daemon");
        const std::string manifest = state_ + "/daemon/ipfacts.yaml";
        std::ofstream(manifest)
            << "service: { host: ipfacts.test, edge: test1 }\n"
               "server: { threads: 1, workers: 2, queue: 16 }\n"
               "resolver: { servers: [\"127.0.0.1:"
            << ports.at("ALPHA_DNS_PORT")
            << "\"], timeout_ms: 1000, attempts: 2 }\n"
               "connect: { timeout_ms: 2000, max_timeout_ms: 3000, max_concurrent: 8 }\n"
               "http: { timeout_ms: 2000 }\n"
               // A DoH resolver whose own host name resolves nowhere (not in the
               // private /etc/hosts, and no DNS server is reachable from here).
               "doh: { timeout_ms: 2000, resolvers: [ { name: lost, url: \"https://doh.lost.example.test/dns-query\" } "
               "] }\n"
               "netdb: { special_purpose: "
            << Service::sourceDir()
            << "/etc/netdb/special-purpose.yaml }\n"
               "access_log: \"off\"\n"
               "plugin_dir: "
            << Service::buildDir()
            << "/plugins\n"
               "keys: { docs_url: https://ipfacts.test/docs/api-keys }\n"
               "rate_classes: { unmetered: { metered: false } }\n"
               "plugins:\n  ssl: { library: ssl, config: { port: "
            << listener_.port()
            << " } }\n"
               "  dns: { library: dns }\n"
               "routes:\n  - { path: /api/v1/ssl, handler: ssl.check, rate_class: unmetered, cache_control: "
               "\"no-store\" }\n"
               "  - { path: /api/v1/dns, handler: dns.query, rate_class: unmetered, cache_control: \"no-store\" }\n";
        start(manifest);
    }

    ~IsolatedWorld() {
        if (pid_ > 0) {
            ::kill(pid_, SIGTERM);
            ::waitpid(pid_, nullptr, 0);
        }
        if (dnsStarted_)
            std::system(
                (Service::sourceDir() + "/tests/dns/servers.sh stop " + state_ + "/dns >/dev/null 2>&1").c_str());
    }

    int port() const { return port_; }
    /// Connections made to the port the plugin checks.
    int connectionsToTheCheckedPort() const { return listener_.accepted(); }

private:
    void start(const std::string& manifest) {
        port_ = ClosedPort().port();  // free a moment ago; the daemon binds it at once
        const std::string daemon = Service::buildDir() + "/host/ipfactsd";
        const std::string log = state_ + "/daemon/ipfactsd.log";
        const std::string listen = "127.0.0.1:" + std::to_string(port_);
        pid_ = ::fork();
        if (pid_ == 0) {
            std::FILE* out = std::freopen(log.c_str(), "w", stdout);
            (void)out;
            ::dup2(STDOUT_FILENO, STDERR_FILENO);
            ::execl(daemon.c_str(), daemon.c_str(), "--config", manifest.c_str(), "--listen", listen.c_str(),
                    "--state-dir", (state_ + "/daemon").c_str(), static_cast<char*>(nullptr));
            std::_Exit(127);
        }
        for (int i = 0; i < 400; ++i) {
            try {
                HttpClient probe("127.0.0.1", port_);
                return;
            } catch (const std::exception&) {
                if (::waitpid(pid_, nullptr, WNOHANG) == pid_) {
                    pid_ = -1;
                    break;
                }
                std::this_thread::sleep_for(std::chrono::milliseconds(50));
            }
        }
        std::ifstream in(log);
        throw std::runtime_error("ipfactsd did not come up:\n" + std::string(std::istreambuf_iterator<char>(in), {}));
    }

    std::string state_;
    bool dnsStarted_ = false;
    ClosingListener listener_;  // on the plugin's port: counts what reaches it
    int pid_ = -1;
    int port_ = 0;
};

IsolatedWorld& world() {
    static IsolatedWorld w;
    return w;
}

HttpReply askPath(const std::string& target) {
    HttpClient c("127.0.0.1", world().port());
    c.sendRaw("GET " + target + " HTTP/1.1\r\nHost: ipfacts.test\r\n\r\n");
    auto r = c.read(false, std::chrono::seconds(15));
    if (!r) throw std::runtime_error("no answer for " + target);
    return *r;
}

HttpReply ask(const std::string& host) {
    HttpClient c("127.0.0.1", world().port());
    c.sendRaw("GET /api/v1/ssl?host=" + urlEncode(host) + " HTTP/1.1\r\nHost: ipfacts.test\r\n\r\n");
    auto r = c.read(false, std::chrono::seconds(15));
    if (!r) throw std::runtime_error("no answer for " + host);
    return *r;
}

Object::Ptr refusedCheck(const std::string& host) {
    const HttpReply r = ask(host);
    CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 200, r.status);
    auto body = parseJson(r.body);
    CPPUNIT_ASSERT(body->isNull("certificate"));
    CPPUNIT_ASSERT(body->isNull("connected_address"));
    CPPUNIT_ASSERT(body->isNull("chain"));
    return body;
}

bool startsWith(const std::string& s, const std::string& prefix) { return s.rfind(prefix, 0) == 0; }

}  // namespace

class SslIsolatedTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(SslIsolatedTest);
    CPPUNIT_TEST(privateAddressIsRefused);
    CPPUNIT_TEST(mappedLoopbackIsRefused);
    CPPUNIT_TEST(localhostIsRefused);
    CPPUNIT_TEST(nothingReachedTheCheckedPort);
    CPPUNIT_TEST(unresolvableDohResolverIsNamed);
    CPPUNIT_TEST_SUITE_END();

public:
    void privateAddressIsRefused() {
        auto body = refusedCheck("private.ssl.example.test");
        CPPUNIT_ASSERT_EQUAL(std::string("10.0.0.1"),
                             body->getArray("addresses")->getObject(0)->getValue<std::string>("address"));
        const std::string error = body->getObject("probe")->getValue<std::string>("error");
        CPPUNIT_ASSERT_EQUAL(std::string("refused: 10.0.0.1 is private (RFC 1918)"), error);
        CPPUNIT_ASSERT_EQUAL("the TLS 1.2 handshake failed: " + error,
                             body->getObject("reasons")->getValue<std::string>("certificate"));
        CPPUNIT_ASSERT_EQUAL(error, body->getObject("tls13")->getValue<std::string>("error"));
        const std::string https = body->getObject("https")->getValue<std::string>("error");
        CPPUNIT_ASSERT_MESSAGE(https, startsWith(https, "refused: 10.0.0.1"));
    }

    void mappedLoopbackIsRefused() {
        auto body = refusedCheck("mapped.ssl.example.test");
        auto address = body->getArray("addresses")->getObject(0);
        CPPUNIT_ASSERT_EQUAL(std::string("::ffff:127.0.0.1"), address->getValue<std::string>("address"));
        CPPUNIT_ASSERT_EQUAL(std::string("IPv6"), address->getValue<std::string>("family"));
        const std::string error = body->getObject("probe")->getValue<std::string>("error");
        CPPUNIT_ASSERT_MESSAGE(error, startsWith(error, "refused: ::ffff:127.0.0.1"));
        const std::string https = body->getObject("https")->getValue<std::string>("error");
        CPPUNIT_ASSERT_MESSAGE(https, startsWith(https, "refused: "));
    }

    void localhostIsRefused() {
        for (const char* name : {"localhost", "localhost.", "LOCALHOST"}) {
            const HttpReply r = ask(name);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(name, 400, r.status);
            auto body = parseJson(r.body);
            CPPUNIT_ASSERT_EQUAL(std::string("invalid_host"), body->getValue<std::string>("error"));
            const std::string message = body->getValue<std::string>("message");
            CPPUNIT_ASSERT_MESSAGE(message, message.find("single-label") != std::string::npos);
        }
    }

    void nothingReachedTheCheckedPort() {
        refusedCheck("private.ssl.example.test");
        refusedCheck("mapped.ssl.example.test");
        CPPUNIT_ASSERT_EQUAL(0, world().connectionsToTheCheckedPort());
    }

    // A DoH failure to resolve names the resolver's own host, never the name asked.
    void unresolvableDohResolverIsNamed() {
        const HttpReply r = askPath("/api/v1/dns?name=www.example.test&type=A");
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 200, r.status);
        auto answer = parseJson(r.body)->getArray("answers")->getObject(0);
        CPPUNIT_ASSERT_EQUAL(std::string("lost"), answer->getValue<std::string>("resolver"));
        CPPUNIT_ASSERT(answer->isNull("status"));
        CPPUNIT_ASSERT_EQUAL(std::string("cannot resolve the DoH resolver's host name doh.lost.example.test"),
                             answer->getValue<std::string>("error"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(SslIsolatedTest);
