// The guard inside the http core, aimed at addresses it must refuse. Runs
// only from IsolatedMain (a network namespace with nothing but loopback), so
// a guard bug shows as a failed test, not as traffic.
#include "host/facilities/http/HttpClient.h"
#include "tests/unit/http/HttpTestSupport.h"
#include "tests/unit/http/LoopbackServer.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cstdlib>
#include <fstream>
#include <thread>

namespace ipfacts::facilities::http {

using testing::fetch;
using testing::get;
using testing::LoopbackServer;

namespace {

/// Rewrites the namespace's /etc/hosts (a bind mount: written in place).
void hosts(const std::string& lines) {
    std::ofstream(std::getenv("IPFACTS_TEST_HOSTS"), std::ios::trunc) << "127.0.0.1 localhost\n" << lines;
}

/// fetch() on a thread of its own: a fresh multi handle, so no DNS cache
/// entry and no pooled connection carries over from earlier calls.
HttpResult fetchOnNewThread(const HttpClient& c, const HttpRequest& r) {
    HttpResult out;
    std::thread([&] { out = fetch(c, r); }).join();
    return out;
}

}  // namespace

class HttpClientIsolatedTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(HttpClientIsolatedTest);
    CPPUNIT_TEST(refusesLiteralTargets);
    CPPUNIT_TEST(refusesANameAtConnectTime);
    CPPUNIT_TEST(refusesRedirectsToRefusedAddresses);
    CPPUNIT_TEST(refusesARenamedHost);
    CPPUNIT_TEST(skipsTheRefusedAddressOfAName);
    CPPUNIT_TEST_SUITE_END();

public:
    void refusesLiteralTargets() {
        LoopbackServer loop("127.0.0.1", [](const std::string&) { return LoopbackServer::ok("leak"); });
        HttpClient client = testing::clientAllowing({});  // no allow list: production
        const std::string port = std::to_string(loop.port());
        const std::pair<std::string, std::string> cases[] = {
            {"http://127.0.0.1:" + port + "/", "refused: 127.0.0.1 is loopback (RFC 1122)"},
            {"https://127.0.0.1:" + port + "/", "refused: 127.0.0.1 is loopback (RFC 1122)"},
            {"http://10.0.0.1/", "refused: 10.0.0.1 is private (RFC 1918)"},
            {"http://[::1]:" + port + "/", "refused: ::1 is loopback (RFC 4291)"},
            {"http://[::ffff:10.0.0.1]/", "refused: ::ffff:10.0.0.1 embeds 10.0.0.1, private (RFC 1918)"},
            {"http://[::ffff:127.0.0.1]:" + port + "/",
             "refused: ::ffff:127.0.0.1 embeds 127.0.0.1, loopback (RFC 1122)"},
            {"http://[64:ff9b::7f00:1]/", "refused: 64:ff9b::7f00:1 embeds 127.0.0.1, loopback (RFC 1122)"},
            {"http://169.254.169.254/latest/meta-data/", "refused: 169.254.169.254 is link-local (RFC 3927)"},
            {"http://2130706433:" + port + "/", "refused: 127.0.0.1 is loopback (RFC 1122)"},  // decimal 127.0.0.1
        };
        for (const auto& [url, reason] : cases) {
            HttpResult r = fetch(client, get(url));
            CPPUNIT_ASSERT_EQUAL_MESSAGE(url, reason, r.error);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(url, std::string(), r.peer_address);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(url, 0L, r.connections_opened);
        }
        CPPUNIT_ASSERT_EQUAL(0, loop.connections());
    }

    void refusesANameAtConnectTime() {
        // "localhost" is no literal: the refusal comes from the connect-time
        // check (CURLOPT_OPENSOCKETFUNCTION), for each address libcurl tries.
        LoopbackServer loop("127.0.0.1", [](const std::string&) { return LoopbackServer::ok("leak"); });
        HttpClient client = testing::clientAllowing({});
        HttpResult r = fetch(client, get("http://localhost:" + std::to_string(loop.port()) + "/"));
        CPPUNIT_ASSERT_MESSAGE(r.error, r.error == "refused: 127.0.0.1 is loopback (RFC 1122)" ||
                                            r.error == "refused: ::1 is loopback (RFC 4291)");
        CPPUNIT_ASSERT_EQUAL(0, loop.connections());
    }

    void refusesRedirectsToRefusedAddresses() {
        // The allow list names 127.0.0.2 only; 127.0.0.3 stands for private space.
        LoopbackServer target("127.0.0.3", [](const std::string&) { return LoopbackServer::ok("leak"); });
        LoopbackServer origin("127.0.0.2", [&](const std::string& path) {
            if (path == "/to-private") return LoopbackServer::redirect("http://10.0.0.1/");
            if (path == "/to-metadata") return LoopbackServer::redirect("http://[64:ff9b::a9fe:a9fe]/latest/");
            return LoopbackServer::redirect(target.base() + "/");
        });
        HttpClient client = testing::clientAllowing({"127.0.0.2/32"});
        CPPUNIT_ASSERT_EQUAL(std::string("refused: 127.0.0.3 is loopback (RFC 1122)"),
                             fetch(client, get(origin.base() + "/")).error);
        CPPUNIT_ASSERT_EQUAL(std::string("refused: 10.0.0.1 is private (RFC 1918)"),
                             fetch(client, get(origin.base() + "/to-private")).error);
        CPPUNIT_ASSERT_EQUAL(std::string("refused: 64:ff9b::a9fe:a9fe embeds 169.254.169.254, link-local (RFC 3927)"),
                             fetch(client, get(origin.base() + "/to-metadata")).error);
        CPPUNIT_ASSERT_EQUAL(0, target.connections());
        CPPUNIT_ASSERT(origin.connections() >= 1);
    }

    void refusesARenamedHost() {
        // DNS rebinding: rebind.test first resolves to the allowed 127.0.0.2,
        // then, same name and port, to 127.0.0.3. The second connection is
        // judged by the address it would really go to.
        LoopbackServer allowed("127.0.0.2", [](const std::string&) { return LoopbackServer::ok("fine"); });
        LoopbackServer refused(
            "127.0.0.3", [](const std::string&) { return LoopbackServer::ok("leak"); }, allowed.port());
        HttpClient client = testing::clientAllowing({"127.0.0.2/32"});
        const std::string url = "http://rebind.test:" + std::to_string(allowed.port()) + "/";
        hosts("127.0.0.2 rebind.test\n");
        HttpResult first = fetchOnNewThread(client, get(url));
        CPPUNIT_ASSERT_EQUAL(std::string(), first.error);
        CPPUNIT_ASSERT_EQUAL(std::string("fine"), first.body);
        hosts("127.0.0.3 rebind.test\n");
        HttpResult second = fetchOnNewThread(client, get(url));
        CPPUNIT_ASSERT_EQUAL(std::string("refused: 127.0.0.3 is loopback (RFC 1122)"), second.error);
        hosts("10.0.0.1 rebind.test\n");
        HttpResult third = fetchOnNewThread(client, get(url));
        CPPUNIT_ASSERT_EQUAL(std::string("refused: 10.0.0.1 is private (RFC 1918)"), third.error);
        CPPUNIT_ASSERT_EQUAL(0, refused.connections());
    }

    void skipsTheRefusedAddressOfAName() {
        // A name with a refused and an allowed address reaches only the allowed one.
        LoopbackServer allowed("127.0.0.2", [](const std::string&) { return LoopbackServer::ok("fine"); });
        LoopbackServer refused(
            "127.0.0.3", [](const std::string&) { return LoopbackServer::ok("leak"); }, allowed.port());
        HttpClient client = testing::clientAllowing({"127.0.0.2/32"});
        hosts("127.0.0.3 both.test\n127.0.0.2 both.test\n");
        HttpResult r = fetchOnNewThread(client, get("http://both.test:" + std::to_string(allowed.port()) + "/"));
        CPPUNIT_ASSERT_EQUAL(std::string(), r.error);
        CPPUNIT_ASSERT_EQUAL(std::string("127.0.0.2"), r.peer_address);
        CPPUNIT_ASSERT_EQUAL(0, refused.connections());
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(HttpClientIsolatedTest);

}  // namespace ipfacts::facilities::http
