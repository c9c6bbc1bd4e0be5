// The DNS leak test end to end (host/facilities/dnsleak): an ipfactsd of its
// own with a dnsleak: section and the three host routes. A real unbound on
// loopback, its stub zone pointing at the responder, resolves the session's
// names for dig, and the result lists it; expiry after 10 minutes on the
// node's manual clock; a bounded flood (random names, UDP from eight
// loopback sources, TCP) while a live session is still answered, with the
// daemon's resident memory before and after; two nodes on one PostgreSQL
// sharing sessions; and the default deployment's 404 not_implemented.
#include "tests/integration/support/HttpClient.h"
#include "tests/integration/support/Json.h"
#include "tests/integration/support/ManifestEdits.h"
#include "tests/integration/support/Service.h"
#include "tests/store/PostgresServer.h"
#include "tests/store/RedisServer.h"
#include "tests/support/DnsAsker.h"

#include <ipfacts/json.hpp>

#include <cppunit/extensions/HelperMacros.h>

#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <thread>

#include <sys/wait.h>

using namespace ipfacts::testing;
namespace fs = std::filesystem;

namespace {

constexpr const char* kZone = "leak.ipfacts.test";

/// The manifest edit turning the test on: the section on `dns_port` and the
/// three routes (the plugin's planned route replaced by the host's).
std::function<void(std::string&)> leakManifest(const int* dns_port, std::function<void(std::string&)> more = {}) {
    return [dns_port, more](std::string& m) {
        replace(
            m,
            "  - { path: \"/api/v1/dnsleak/{session}\", handler: dnsleak.session, rate_class: address, "
            "cache_control: \"private, no-store\" }\n",
            "  - { path: \"/api/v1/dnsleak/{session}\", handler: host.dnsleak_session, rate_class: address, "
            "cache_control: \"private, no-store\" }\n"
            "  - { path: /api/v1/dnsleak, handler: host.dnsleak_start, rate_class: address, cache_control: "
            "\"private, no-store\" }\n"
            "  - { path: /dnsleak, handler: host.dnsleak_page, rate_class: address, cache_control: \"no-store\" }\n");
        m += "\ndnsleak: { zone: " + std::string(kZone) +
             ", listen: [\"127.0.0.1\"], port: " + std::to_string(*dns_port) + ", answer_v4: 127.0.0.1 }\n";
        if (more) more(m);
    };
}

/// A node with the test on; its DNS port picked anew at each start attempt.
struct LeakNode {
    int dns_port = 0;
    std::unique_ptr<Service> service;
    LeakNode(const std::string& name, std::function<void(std::string&)> more = {}) {
        service = std::make_unique<Service>(name, [this, more](std::string& m) {
            dns_port = freeDnsPort();
            leakManifest(&dns_port, more)(m);
        });
        service->start();
    }
    int port() const { return service->port(); }
};

Poco::JSON::Object::Ptr call(int port, const std::string& target, int want = 200) {
    HttpClient c("127.0.0.1", port);
    auto r = c.get(target);
    CPPUNIT_ASSERT_EQUAL_MESSAGE(target + ": " + r.body, want, r.status);
    return parseJson(r.body);
}

std::string rawBody(int port, const std::string& target) {
    HttpClient c("127.0.0.1", port);
    return c.get(target).body;
}

/// Polls the result until `resolvers` has at least `n` entries (questions are written behind).
Poco::JSON::Object::Ptr resultWith(int port, const std::string& token, size_t n) {
    Poco::JSON::Object::Ptr r;
    for (int i = 0; i < 50; ++i) {
        r = call(port, "/api/v1/dnsleak/" + token);
        if (r->getArray("resolvers")->size() >= n) return r;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    return r;
}

long rssKb(int pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/status");
    std::string line;
    while (std::getline(in, line))
        if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
    return -1;
}

/// A real recursive resolver: unbound on a free loopback port, the leak zone a
/// stub zone at the responder, 0x20 randomisation on, EDNS Client Subnet sent.
class Unbound {
public:
    Unbound(const std::string& dir, int responder_port) : dir_(dir) {
        fs::remove_all(dir);
        fs::create_directories(dir);
        port_ = freeDnsPort();
        const std::string conf = dir + "/unbound.conf";
        std::ofstream(conf) << "server:\n"
                            << "    interface: 127.0.0.1\n    port: " << port_ << "\n"
                            << "    do-ip6: no\n    so-reuseport: no\n    username: \"\"\n    chroot: \"\"\n"
                            << "    directory: \"" << dir << "\"\n    pidfile: \"" << dir << "/unbound.pid\"\n"
                            << "    logfile: \"" << dir << "/unbound.log\"\n    use-syslog: no\n"
                            << "    do-daemonize: no\n    access-control: 127.0.0.0/8 allow\n"
                            << "    module-config: \"subnetcache iterator\"\n"
                            << "    send-client-subnet: 127.0.0.1\n    client-subnet-always-forward: yes\n"
                            << "    use-caps-for-id: yes\n    do-not-query-localhost: no\n"
                            << "    local-zone: \".\" refuse\n    local-zone: \"" << kZone << ".\" transparent\n"
                            << "remote-control:\n    control-enable: no\n"
                            << "stub-zone:\n    name: \"" << kZone << ".\"\n    stub-addr: 127.0.0.1@" << responder_port
                            << "\n";
        pid_ = ::fork();
        if (pid_ == 0) {
            ::execlp("unbound", "unbound", "-d", "-c", conf.c_str(), static_cast<char*>(nullptr));
            ::_exit(127);
        }
        for (int i = 0; i < 100; ++i) {
            if (dig(std::string(kZone) + " SOA").find("status: NOERROR") != std::string::npos) return;
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        }
        throw std::runtime_error("unbound did not come up: " + runCommand("cat " + dir + "/unbound.log"));
    }
    ~Unbound() {
        ::kill(pid_, SIGTERM);
        ::waitpid(pid_, nullptr, 0);
    }
    /// dig's full output for `args` against this unbound.
    std::string dig(const std::string& args) const {
        return runCommandStatus("dig @127.0.0.1 -p " + std::to_string(port_) + " +tries=1 +time=2 " + args).output;
    }

private:
    std::string dir_;
    int port_ = 0;
    int pid_ = -1;
};

/// Asks the live session's name as a resolver would: up to three tries of 500 ms.
bool askedLive(int port, const std::string& name, const std::string& source, long& first_try) {
    for (int attempt = 0; attempt < 3; ++attempt) {
        auto r = askUdp(port, dnsQuestion(static_cast<uint16_t>(7 + attempt), name, 1), source, 500);
        if (r && r->rcode == 0 && r->addresses.size() == 1) {
            if (attempt == 0) ++first_try;
            return true;
        }
    }
    return false;
}

LeakNode& node() {
    static LeakNode n("dnsleak");
    return n;
}

}  // namespace

class DnsLeakTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(DnsLeakTest);
    CPPUNIT_TEST(offByDefault);
    CPPUNIT_TEST(unboundResolvesTheNamesAndTheResultListsIt);
    CPPUNIT_TEST(thePageRunsWithItsOwnScriptOnly);
    CPPUNIT_TEST(aFloodStaysBounded);
    CPPUNIT_TEST(sessionsExpireAfterTenMinutes);
    CPPUNIT_TEST(twoNodesShareSessions);
    CPPUNIT_TEST(theDocumentAndTheBodiesValidate);
    CPPUNIT_TEST_SUITE_END();

public:
    void offByDefault() {
        // The suite's daemon: no dnsleak: section, the planned route as shipped.
        auto r = call(Service::instance().port(), "/api/v1/dnsleak/0123abcd", 404);
        CPPUNIT_ASSERT_EQUAL(std::string("not_implemented"), r->getValue<std::string>("error"));
    }

    void unboundResolvesTheNamesAndTheResultListsIt() {
        LeakNode& n = node();
        auto s = call(n.port(), "/api/v1/dnsleak");
        const std::string token = s->getValue<std::string>("session");
        CPPUNIT_ASSERT_EQUAL(size_t(56), token.size());
        CPPUNIT_ASSERT_EQUAL("/api/v1/dnsleak/" + token, s->getValue<std::string>("result"));
        auto names = s->getArray("names");
        CPPUNIT_ASSERT_EQUAL(size_t(4), names->size());
        auto none = call(n.port(), "/api/v1/dnsleak/" + token);
        CPPUNIT_ASSERT_EQUAL(std::string("no_questions_yet"),
                             none->getObject("verdict")->getValue<std::string>("status"));

        Unbound unbound(Service::buildDir() + "/tests/dnsleak-unbound", n.dns_port);
        for (unsigned i = 0; i < 2; ++i) {
            const std::string name = names->getElement<std::string>(i);
            const std::string out = unbound.dig(name + " A +subnet=198.51.100.0/24");
            std::printf("\n  dig %s A +subnet=198.51.100.0/24 (unbound):\n%s", name.c_str(), out.c_str());
            CPPUNIT_ASSERT_MESSAGE(out, out.find("status: NOERROR") != std::string::npos);
            const size_t answer = out.find("ANSWER SECTION");
            CPPUNIT_ASSERT_MESSAGE(out,
                                   answer != std::string::npos && out.find("127.0.0.1", answer) != std::string::npos);
        }
        auto r = resultWith(n.port(), token, 1);
        std::printf("\n  GET /api/v1/dnsleak/%s:\n  %s\n", token.c_str(),
                    rawBody(n.port(), "/api/v1/dnsleak/" + token).c_str());
        auto resolvers = r->getArray("resolvers");
        CPPUNIT_ASSERT_EQUAL(size_t(1), resolvers->size());
        auto one = resolvers->getObject(0);
        CPPUNIT_ASSERT_EQUAL(std::string("127.0.0.1"), one->getValue<std::string>("address"));
        CPPUNIT_ASSERT(one->getValue<int>("questions") >= 2);  // each name, and the token name when minimising
        CPPUNIT_ASSERT(r->getValue<int>("questions") >= 2);
        CPPUNIT_ASSERT_EQUAL(std::string("udp"), one->getArray("transports")->getElement<std::string>(0));
        CPPUNIT_ASSERT_EQUAL(std::string("198.51.100.0/24"), r->getArray("client_subnets")->getElement<std::string>(0));
        CPPUNIT_ASSERT_EQUAL(std::string("same_network"), r->getObject("verdict")->getValue<std::string>("status"));
        CPPUNIT_ASSERT_EQUAL(std::string("ipfacts.test"), r->getValue<std::string>("source"));
        CPPUNIT_ASSERT(!r->getValue<std::string>("checked_at").empty());
    }

    void thePageRunsWithItsOwnScriptOnly() {
        const std::string cmd = "node " + Service::sourceDir() +
                                "/tests/browser/dnsleak-page.mjs http://127.0.0.1:" + std::to_string(node().port()) +
                                " " + Service::buildDir() + "/tests/browser " + std::to_string(node().dns_port) + " " +
                                kZone + " 2>&1";
        const CommandResult run = runCommandStatus(cmd);
        std::printf("\n  %s", run.output.c_str());
        CPPUNIT_ASSERT_MESSAGE(run.output, run.code == 0 && run.output.find("dnsleak page: ok") != std::string::npos);
        HttpClient c("127.0.0.1", node().port());
        auto r = c.get("/dnsleak");
        CPPUNIT_ASSERT_EQUAL(200, r.status);
        const std::string csp = *r.header("Content-Security-Policy");
        CPPUNIT_ASSERT(csp.find("default-src 'none'; script-src 'sha256-") == 0);
        CPPUNIT_ASSERT(csp.find("img-src 'self' data: http://*.leak.ipfacts.test") != std::string::npos);
        CPPUNIT_ASSERT(r.body.find("<script>") != std::string::npos && r.body.find("src=\"http") == std::string::npos);
    }

    void aFloodStaysBounded() {
        LeakNode& n = node();
        const std::string live = call(n.port(), "/api/v1/dnsleak")->getArray("names")->getElement<std::string>(0);
        std::mt19937 random(1);
        auto randomName = [&random](int i) {
            std::string label;
            for (int k = 0; k < 56; ++k) label.push_back("0123456789abcdef"[random() % 16]);
            return i % 3 == 0 ? "x" + label.substr(0, 12) + ".example.org" : "1." + label + "." + kZone;
        };
        const long before = rssKb(n.service->pid());
        // UDP: eight sources, 4000 questions each, sent at once; then the replies are read.
        constexpr int kSources = 8, kPerSource = 4000;
        long sent = 0, answered = 0, refused = 0, live_answered = 0, live_asked = 0, live_first_try = 0;
        std::vector<int> fds;
        for (int s = 0; s < kSources; ++s) {
            const int fd = ::socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
            sockaddr_in from{};
            from.sin_family = AF_INET;
            inet_pton(AF_INET, ("127.0." + std::to_string(10 + s) + "." + std::to_string(1 + s)).c_str(),
                      &from.sin_addr);
            ::bind(fd, reinterpret_cast<sockaddr*>(&from), sizeof from);
            int big = 4 << 20;
            ::setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &big, sizeof big);
            fds.push_back(fd);
        }
        sockaddr_in to{};
        to.sin_family = AF_INET;
        to.sin_port = htons(static_cast<uint16_t>(n.dns_port));
        inet_pton(AF_INET, "127.0.0.1", &to.sin_addr);
        auto drain = [&](int fd) {
            char buf[2048];
            ssize_t got;
            while ((got = ::recv(fd, buf, sizeof buf, 0)) > 0) {
                auto reply = readDnsReply(std::string(buf, static_cast<size_t>(got)));
                if (!reply) continue;
                ++answered;
                if (reply->rcode == 5) ++refused;
            }
        };
        for (int i = 0; i < kPerSource; ++i) {
            for (int s = 0; s < kSources; ++s) {
                const std::string q = dnsQuestion(static_cast<uint16_t>(i), randomName(i + s), i % 2 ? 1 : 28);
                if (::sendto(fds[s], q.data(), q.size(), 0, reinterpret_cast<sockaddr*>(&to), sizeof to) > 0) ++sent;
            }
            if (i % 500 == 0) {
                for (int fd : fds) drain(fd);
                ++live_asked;
                if (askedLive(n.dns_port, live, "127.0.1.1", live_first_try)) ++live_answered;
            }
        }
        // TCP: 200 connections of five random questions each.
        long tcp_sent = 0, tcp_answered = 0;
        for (int c = 0; c < 200; ++c) {
            for (int k = 0; k < 5; ++k) {
                ++tcp_sent;
                if (askTcp(n.dns_port, dnsQuestion(static_cast<uint16_t>(k), randomName(c * 5 + k), 1), 200))
                    ++tcp_answered;
            }
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        for (int fd : fds) {
            drain(fd);
            ::close(fd);
        }
        ++live_asked;
        if (askedLive(n.dns_port, live, "127.0.1.2", live_first_try)) ++live_answered;
        const long after = rssKb(n.service->pid());
        std::printf(
            "\n  flood: UDP %ld questions sent from %d sources, %ld answered (%ld REFUSED), %ld unanswered (rate "
            "limit or kernel drops); TCP %ld sent, %ld answered; live session asked %ld times during it: %ld answered "
            "at the first try, %ld within three tries (a resolver retries); ipfactsd RSS %ld kB before, %ld kB "
            "after\n",
            sent, kSources, answered, refused, sent - answered, tcp_sent, tcp_answered, live_asked, live_first_try,
            live_answered, before, after);
        CPPUNIT_ASSERT_EQUAL(long(kSources * kPerSource), sent);
        CPPUNIT_ASSERT(answered > 0 && answered < sent);  // the per-source limit dropped most
        CPPUNIT_ASSERT_EQUAL(live_asked, live_answered);
        CPPUNIT_ASSERT(tcp_answered > 0);
        CPPUNIT_ASSERT_MESSAGE("RSS grew by " + std::to_string(after - before) + " kB", after - before < 16 * 1024);
    }

    void sessionsExpireAfterTenMinutes() {
        LeakNode& n = node();
        auto s = call(n.port(), "/api/v1/dnsleak");
        const std::string token = s->getValue<std::string>("session");
        const std::string name = s->getArray("names")->getElement<std::string>(0);
        call(n.port(), "/test/account/clock?advance_s=590");  // the test's own seconds pass too
        CPPUNIT_ASSERT_EQUAL(0, askUdp(n.dns_port, dnsQuestion(1, name, 1), "127.0.2.1")->rcode);
        CPPUNIT_ASSERT_EQUAL(size_t(1), resultWith(n.port(), token, 1)->getArray("resolvers")->size());
        call(n.port(), "/test/account/clock?advance_s=10");
        auto gone = call(n.port(), "/api/v1/dnsleak/" + token, 404);
        CPPUNIT_ASSERT_EQUAL(std::string("session_not_found"), gone->getValue<std::string>("error"));
        CPPUNIT_ASSERT_EQUAL(5, askUdp(n.dns_port, dnsQuestion(2, name, 1), "127.0.2.1")->rcode);
        std::printf("\n  after 600 s on the node's clock: %s\n", rawBody(n.port(), "/api/v1/dnsleak/" + token).c_str());
    }

    void twoNodesShareSessions() {
        RedisServer redis;
        redis.start();
        PostgresServer pg("dnsleak-postgres");
        pg.start();
        const std::string store = "\nstore: { backend: redis+postgres, redis: { port: " + std::to_string(redis.port()) +
                                  " }, postgres: { conninfo: \"" + pg.conninfo() + "\", pool: 2 } }\n";
        LeakNode a("dnsleak-a", [store](std::string& m) { m += store; });
        // Nodes sharing a store share the server secret file (host/store/ServerSecret.h).
        const std::string secret = a.service->stateDir() + "/server-secret";
        LeakNode b("dnsleak-b", [store, secret](std::string& m) {
            m += store;
            const fs::path to = Service::buildDir() + "/tests/dnsleak-b-state/server-secret";
            fs::copy_file(secret, to, fs::copy_options::overwrite_existing);
            fs::permissions(to, fs::perms::owner_read | fs::perms::owner_write);
        });
        const std::string token = call(a.port(), "/api/v1/dnsleak")->getValue<std::string>("session");
        const std::string name = "2." + token + "." + kZone;
        auto reply = askUdp(b.dns_port, dnsQuestion(1, name, 1), "127.0.3.1");  // the resolver reached node b
        CPPUNIT_ASSERT(reply && reply->rcode == 0);
        auto r = resultWith(a.port(), token, 1);  // read on node a
        CPPUNIT_ASSERT_EQUAL(std::string("127.0.3.1"),
                             r->getArray("resolvers")->getObject(0)->getValue<std::string>("address"));
        auto on_b = resultWith(b.port(), token, 1);
        CPPUNIT_ASSERT_EQUAL(1, on_b->getValue<int>("questions"));
    }

    void theDocumentAndTheBodiesValidate() {
        // The node's document with the three routes, and its answers against it (tests/openapi).
        LeakNode& n = node();
        const std::string dir = Service::buildDir() + "/tests/dnsleak-openapi";
        fs::create_directories(dir);
        std::ofstream(dir + "/openapi.json") << rawBody(n.port(), "/api/openapi.json");
        std::ofstream jsonl(dir + "/exchanges.jsonl");
        HttpClient c("127.0.0.1", n.port());
        auto exchange = [&](const std::string& path, int want) {
            auto r = c.get(path);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(path + ": " + r.body, want, r.status);
            ipfacts::JsonWriter w;
            w.beginObject().field("method", "GET").field("path", path).field("status", r.status);
            w.field("contentType", *r.header("Content-Type")).field("body", r.body).endObject();
            jsonl << w.str() << "\n";
            return parseJson(r.body);
        };
        const auto s = exchange("/api/v1/dnsleak", 200);
        const std::string token = s->getValue<std::string>("session");
        CPPUNIT_ASSERT_EQUAL(
            0,
            askUdp(n.dns_port, dnsQuestion(1, s->getArray("names")->getElement<std::string>(0), 1, "203.0.113.1", 24),
                   "127.0.4.1")
                ->rcode);
        resultWith(n.port(), token, 1);
        exchange("/api/v1/dnsleak/" + token, 200);
        exchange("/api/v1/dnsleak/" + std::string(56, '0'), 404);
        jsonl.close();
        // The token reads the session: the access log holds its first 8 characters only.
        const std::string log = n.service->accessLogThrough(c, "/api/v1/ua");
        CPPUNIT_ASSERT(log.find("/api/v1/dnsleak/" + token.substr(0, 8) + "...") != std::string::npos);
        CPPUNIT_ASSERT(log.find(token) == std::string::npos);
        const std::string validator = "node " + Service::sourceDir() + "/tests/openapi/";
        for (const std::string& cmd :
             {validator + "validate-doc.mjs " + dir + "/openapi.json",
              validator + "validate-bodies.mjs " + dir + "/openapi.json " + dir + "/exchanges.jsonl"}) {
            const CommandResult run = runCommandStatus(cmd + " 2>&1");
            CPPUNIT_ASSERT_MESSAGE(cmd + "\n" + run.output, run.code == 0);
        }
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(DnsLeakTest);
