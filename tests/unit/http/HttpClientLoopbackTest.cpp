// The http core against servers on 127.0.0.1, with the guard's allow list set
// to loopback as a test deployment would. Only loopback traffic: the suites
// that check refusals of other addresses run in HttpClientIsolatedTest, inside
// a network namespace.
#include "host/facilities/http/HttpClient.h"
#include "tests/unit/http/HttpTestSupport.h"
#include "tests/unit/http/LoopbackServer.h"
#include "tests/unit/http/NginxServer.h"

#include <cppunit/extensions/HelperMacros.h>

#include <memory>
#include <thread>

namespace ipfacts::facilities::http {

using testing::fetch;
using testing::get;
using testing::LoopbackServer;

class HttpClientLoopbackTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(HttpClientLoopbackTest);
    CPPUNIT_TEST(reusesTheConnection);
    CPPUNIT_TEST(fetchesInParallel);
    CPPUNIT_TEST(concurrentCallersEachGetTheirAnswers);
    CPPUNIT_TEST(timesOutOnASilentServer);
    CPPUNIT_TEST(capsTheBody);
    CPPUNIT_TEST(capsAChunkedBody);
    CPPUNIT_TEST(followsRedirectsUpToTheLimit);
    CPPUNIT_TEST(refusesPlainHttpUnlessAllowed);
    CPPUNIT_TEST(refusesARedirectToPlainHttp);
    CPPUNIT_TEST(malformedRequestsAreData);
    CPPUNIT_TEST(speaksHttp2WithNginx);
    CPPUNIT_TEST(failsTlsVerification);
    CPPUNIT_TEST(pinnedAddressesAreUsedAndStillGuarded);
    CPPUNIT_TEST_SUITE_END();

    static std::string route(const std::string& target) {
        if (target == "/big") return LoopbackServer::ok(std::string(5000, 'x'));
        if (target == "/chunked")
            return "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
                   "400\r\n" +
                   std::string(1024, 'y') + "\r\n400\r\n" + std::string(1024, 'y') + "\r\n0\r\n\r\n";
        if (target.rfind("/hop/", 0) == 0) {  // /hop/3 -> /hop/2 -> ... -> /hop/0 answers
            int n = std::stoi(target.substr(5));
            return n == 0 ? LoopbackServer::ok("landed") : LoopbackServer::redirect("/hop/" + std::to_string(n - 1));
        }
        return LoopbackServer::ok("hello " + target);
    }

    std::unique_ptr<LoopbackServer> server_;
    std::unique_ptr<HttpClient> client_;

public:
    void setUp() override {
        server_ = std::make_unique<LoopbackServer>("127.0.0.1", route);
        client_ = std::make_unique<HttpClient>(testing::guardAllowing({"127.0.0.0/8", "::1/128"}), HttpClientOptions{});
    }
    void tearDown() override {
        client_.reset();
        server_.reset();
    }

    // http.resolve: resolver hands libcurl the addresses through `pinned`
    // (CURLOPT_RESOLVE): a name no system resolver knows connects there, and
    // the guard still judges the pinned address at connect.
    void pinnedAddressesAreUsedAndStillGuarded() {
        HttpRequest r = get("http://mta-sts.pinned.invalid:" + std::to_string(server_->port()) + "/policy");
        r.pinned = {"127.0.0.1"};
        HttpResult ok = fetch(*client_, r);
        CPPUNIT_ASSERT_EQUAL(std::string(), ok.error);
        CPPUNIT_ASSERT_EQUAL(std::string("hello /policy"), ok.body);
        CPPUNIT_ASSERT_EQUAL(std::string("127.0.0.1"), ok.peer_address);
        HttpClient strict(testing::guardAllowing({"127.0.0.1/32"}), HttpClientOptions{});
        HttpRequest refused = get("http://other.pinned.invalid:" + std::to_string(server_->port()) + "/");
        refused.pinned = {"127.0.0.2"};
        HttpResult no = fetch(strict, refused);
        CPPUNIT_ASSERT_MESSAGE(no.error, no.error.find("refused: 127.0.0.2") != std::string::npos);
        CPPUNIT_ASSERT_EQUAL(0L, no.status);
    }

    void reusesTheConnection() {
        HttpResult first = fetch(*client_, get(server_->base() + "/one"));
        HttpResult second = fetch(*client_, get(server_->base() + "/two"));
        CPPUNIT_ASSERT_EQUAL(std::string(), first.error + second.error);
        CPPUNIT_ASSERT_EQUAL(std::string("hello /two"), second.body);
        CPPUNIT_ASSERT_EQUAL(1, server_->connections());
        CPPUNIT_ASSERT_EQUAL(1L, first.connections_opened);
        CPPUNIT_ASSERT_EQUAL(0L, second.connections_opened);
        CPPUNIT_ASSERT_EQUAL(std::string("127.0.0.1"), second.peer_address);
        CPPUNIT_ASSERT_EQUAL(static_cast<long>(server_->port()), second.peer_port);
        CPPUNIT_ASSERT_EQUAL(std::string("1.1"), second.http_version);
    }

    void fetchesInParallel() {
        std::vector<HttpRequest> batch = {get(server_->base() + "/a"), get(server_->base() + "/b"),
                                          get(server_->base() + "/c")};
        auto results = client_->fetchAll(batch);
        CPPUNIT_ASSERT_EQUAL(size_t(3), results.size());
        CPPUNIT_ASSERT_EQUAL(std::string("hello /a"), results[0].body);
        CPPUNIT_ASSERT_EQUAL(std::string("hello /b"), results[1].body);
        CPPUNIT_ASSERT_EQUAL(std::string("hello /c"), results[2].body);
        CPPUNIT_ASSERT_EQUAL(200L, results[2].status);
    }

    void concurrentCallersEachGetTheirAnswers() {
        // One client, four threads: each thread has its own multi handle and pool.
        std::vector<std::string> bodies(4);
        std::vector<std::thread> threads;
        for (size_t i = 0; i < bodies.size(); ++i)
            threads.emplace_back([&, i] {
                for (int k = 0; k < 5; ++k)
                    bodies[i] = fetch(*client_, get(server_->base() + "/t" + std::to_string(i))).body;
            });
        for (auto& t : threads) t.join();
        for (size_t i = 0; i < bodies.size(); ++i) CPPUNIT_ASSERT_EQUAL("hello /t" + std::to_string(i), bodies[i]);
        CPPUNIT_ASSERT(server_->connections() <= 4);  // at most one per thread, reused five times
    }

    void timesOutOnASilentServer() {
        LoopbackServer silent("127.0.0.1");
        HttpRequest r = get(silent.base() + "/");
        r.timeout_ms = 300;
        HttpResult res = fetch(*client_, r);
        CPPUNIT_ASSERT_EQUAL(std::string("timeout after 300 ms"), res.error);
        CPPUNIT_ASSERT(res.elapsed_ms >= 250 && res.elapsed_ms < 1500);
        CPPUNIT_ASSERT_EQUAL(1, silent.connections());
    }

    void capsTheBody() {
        HttpRequest r = get(server_->base() + "/big");
        r.max_body_bytes = 4096;
        CPPUNIT_ASSERT_EQUAL(std::string("body over 4096 bytes"), fetch(*client_, r).error);
        r.max_body_bytes = 5000;
        CPPUNIT_ASSERT_EQUAL(size_t(5000), fetch(*client_, r).body.size());
    }

    void capsAChunkedBody() {
        // No Content-Length: the cap is enforced while the body arrives.
        HttpRequest r = get(server_->base() + "/chunked");
        r.max_body_bytes = 1500;
        HttpResult res = fetch(*client_, r);
        CPPUNIT_ASSERT_EQUAL(std::string("body over 1500 bytes"), res.error);
        CPPUNIT_ASSERT(res.body.empty());
    }

    void followsRedirectsUpToTheLimit() {
        HttpRequest r = get(server_->base() + "/hop/3");
        r.max_redirects = 3;
        HttpResult ok = fetch(*client_, r);
        CPPUNIT_ASSERT_EQUAL(std::string(), ok.error);
        CPPUNIT_ASSERT_EQUAL(std::string("landed"), ok.body);
        r.url = server_->base() + "/hop/5";
        CPPUNIT_ASSERT_EQUAL(std::string("too many redirects (limit 3)"), fetch(*client_, r).error);
        r.max_redirects = 0;  // not followed: the 302 is the answer
        HttpResult raw = fetch(*client_, r);
        CPPUNIT_ASSERT_EQUAL(302L, raw.status);
        CPPUNIT_ASSERT_EQUAL(std::string(), raw.error);
    }

    void refusesPlainHttpUnlessAllowed() {
        HttpResult res = fetch(*client_, get(server_->base() + "/", false));
        CPPUNIT_ASSERT_EQUAL(std::string("http is not allowed for this upstream"), res.error);
        CPPUNIT_ASSERT_EQUAL(0, server_->connections());
    }

    void refusesARedirectToPlainHttp() {
        // An https upstream may not send the client to http (nginx answers
        // /to-http with a 302 to http://127.0.0.1:<its port>/).
        testing::NginxServer nginx;
        HttpClient tls(testing::guardAllowing({"127.0.0.0/8"}), HttpClientOptions{nginx.caFile(), "ipfacts", 65536});
        HttpResult res = fetch(tls, get(nginx.trusted() + "/to-http", false));
        CPPUNIT_ASSERT_EQUAL(std::string("http is not allowed for this upstream"), res.error);
    }

    void malformedRequestsAreData() {
        HttpRequest r = get("not a url");
        CPPUNIT_ASSERT_EQUAL(std::string("malformed URL 'not a url'"), fetch(*client_, r).error);
        r.url = "https://bad host/v2/8.8.8.8?key=SECRET&vpn=1";  // the key never reaches the error
        CPPUNIT_ASSERT_EQUAL(std::string("malformed URL 'https://bad host/v2/8.8.8.8'"), fetch(*client_, r).error);
        r = get("ftp://127.0.0.1/");
        CPPUNIT_ASSERT_EQUAL(std::string("scheme 'ftp' is not allowed (http and https only)"),
                             fetch(*client_, r).error);
        r = get(server_->base() + "/");
        r.headers = {{"X-Evil", "a\r\nHost: elsewhere"}};
        CPPUNIT_ASSERT_EQUAL(std::string("header X-Evil holds a line break or NUL"), fetch(*client_, r).error);
        r.headers = {};
        r.method = "CONNECT";
        CPPUNIT_ASSERT_EQUAL(std::string("method 'CONNECT' is not supported"), fetch(*client_, r).error);
        CPPUNIT_ASSERT_EQUAL(0, server_->connections());
    }

    void speaksHttp2WithNginx() {
        testing::NginxServer nginx;
        HttpClient tls(testing::guardAllowing({"127.0.0.0/8"}), HttpClientOptions{nginx.caFile(), "ipfacts", 65536});
        HttpResult first = fetch(tls, get(nginx.trusted() + "/", false));
        HttpResult second = fetch(tls, get(nginx.trusted() + "/again", false));
        CPPUNIT_ASSERT_EQUAL(std::string(), first.error + second.error);
        CPPUNIT_ASSERT_EQUAL(std::string("2"), first.http_version);
        CPPUNIT_ASSERT_EQUAL(std::string("hello over HTTP/2.0\n"), second.body);
        CPPUNIT_ASSERT_EQUAL(0L, second.connections_opened);  // the HTTP/2 connection was kept
    }

    void failsTlsVerification() {
        testing::NginxServer nginx;
        HttpClient tls(testing::guardAllowing({"127.0.0.0/8"}), HttpClientOptions{nginx.caFile(), "ipfacts", 65536});
        HttpResult res = fetch(tls, get(nginx.untrusted() + "/", false));
        CPPUNIT_ASSERT_MESSAGE(res.error, res.error.rfind("TLS: certificate verify failed", 0) == 0);
        CPPUNIT_ASSERT(res.body.empty());
        CPPUNIT_ASSERT_EQUAL(0L, res.status);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(HttpClientLoopbackTest);

}  // namespace ipfacts::facilities::http
