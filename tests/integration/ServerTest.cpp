// The transport: addresses, keep-alive, pipelining, HEAD, limits, timeouts, TLS.
#include "tests/integration/support/HttpClient.h"
#include "tests/integration/support/Json.h"
#include "tests/integration/support/Service.h"

#include <cppunit/extensions/HelperMacros.h>

#include <signal.h>

#include <chrono>
#include <cstdio>
#include <thread>

using namespace ipfacts::testing;

class ServerTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(ServerTest);
    CPPUNIT_TEST(ipAnswersTheCallerOverIpv4);
    CPPUNIT_TEST(ipAnswersTheCallerOverIpv6);
    CPPUNIT_TEST(headHasGetLengthAndNoBody);
    CPPUNIT_TEST(pipelinedRequestsAnswerInOrder);
    CPPUNIT_TEST(workerHandlersKeepOrderWhenPipelined);
    CPPUNIT_TEST(unreadPipelineIsThrottledNotDropped);
    CPPUNIT_TEST(http10ClosesUnlessKeepAlive);
    CPPUNIT_TEST(connectionCloseIsHonoured);
    CPPUNIT_TEST(malformedRequestGets400AndClose);
    CPPUNIT_TEST(overlongTargetGets414);
    CPPUNIT_TEST(tooManyHeadersGets431);
    CPPUNIT_TEST(largeBodyGets413);
    CPPUNIT_TEST(slowRequestTimesOutWith408);
    CPPUNIT_TEST(idleKeepAliveIsClosed);
    CPPUNIT_TEST(tlsListenerReportsTheNegotiatedVersion);
    CPPUNIT_TEST(tls12IsReportedAsSuch);
    CPPUNIT_TEST(secondDaemonOnTheSamePortRefusesToStart);
    CPPUNIT_TEST(accessLogIsReopenedOnSigusr1);
    CPPUNIT_TEST_SUITE_END();

public:
    // logrotate's way: rename the file, then SIGUSR1; what follows goes to a
    // new file at the old path, and the service keeps answering.
    void accessLogIsReopenedOnSigusr1() {
        Service s("reopen");
        s.start();
        HttpClient c("127.0.0.1", s.port());
        CPPUNIT_ASSERT(s.accessLogThrough(c, "/ip?_=before").find(" /ip?_=before ") != std::string::npos);
        const std::string path = s.stateDir() + "/access.log";
        CPPUNIT_ASSERT_EQUAL(0, std::rename(path.c_str(), (path + ".1").c_str()));
        CPPUNIT_ASSERT(s.signal(SIGUSR1));
        std::string log;
        for (int i = 0; i < 100 && log.find("SIGUSR1: access log reopened") == std::string::npos; ++i) {
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
            log = s.log();
        }
        CPPUNIT_ASSERT_MESSAGE(log, log.find("SIGUSR1: access log reopened") != std::string::npos);
        const std::string fresh = s.accessLogThrough(c, "/ip?_=after");
        CPPUNIT_ASSERT_MESSAGE(fresh, fresh.find(" /ip?_=after ") != std::string::npos);
        CPPUNIT_ASSERT(fresh.find(" /ip?before ") == std::string::npos);
        CPPUNIT_ASSERT_EQUAL(0, s.stop());
    }

    // The suite's ipfactsd listens with SO_REUSEPORT, which would let a second
    // one bind the same port and take half its connections: the second one
    // must exit at once, non-zero, saying why, and the first keep answering.
    void secondDaemonOnTheSamePortRefusesToStart() {
        Service& s = Service::instance();
        const std::string address = "127.0.0.1:" + std::to_string(s.port());
        const std::string state = s.stateDir() + "/second";
        // timeout: were the bug back, the second daemon would serve until killed.
        auto [code, out] = runCommandStatus("timeout 20 " + Service::buildDir() + "/host/ipfactsd --config " +
                                            s.manifest() + " --listen " + address + " --state-dir " + state + " 2>&1");
        CPPUNIT_ASSERT_EQUAL_MESSAGE(out, 1, code);  // 124 would be timeout's: it kept running
        CPPUNIT_ASSERT_MESSAGE(out, out.find("cannot listen on " + address +
                                             ": another process already listens there") != std::string::npos);
        CPPUNIT_ASSERT_EQUAL(std::string("127.0.0.1\n"), get("/ip").body);
    }

    void ipAnswersTheCallerOverIpv4() {
        auto r = get("/ip");
        CPPUNIT_ASSERT_EQUAL(200, r.status);
        CPPUNIT_ASSERT_EQUAL(std::string("127.0.0.1\n"), r.body);
        CPPUNIT_ASSERT_EQUAL(std::string("text/plain; charset=utf-8"), *r.header("Content-Type"));
        CPPUNIT_ASSERT_EQUAL(std::string("private, no-store"), *r.header("Cache-Control"));
    }

    void ipAnswersTheCallerOverIpv6() {
        HttpClient c("::1", Service::instance().port());
        auto r = c.get("/ip");
        CPPUNIT_ASSERT_EQUAL(std::string("::1\n"), r.body);
    }

    void headHasGetLengthAndNoBody() {
        HttpClient c("127.0.0.1", Service::instance().port());
        auto h = c.get("/api/v1/headers", {}, "HEAD");
        CPPUNIT_ASSERT_EQUAL(200, h.status);
        CPPUNIT_ASSERT(std::stoi(*h.header("Content-Length")) > 100);
        CPPUNIT_ASSERT(h.body.empty());
        // Had a body been sent, it would now be read as the next response's start.
        auto next = c.get("/ip");
        CPPUNIT_ASSERT_EQUAL(200, next.status);
        CPPUNIT_ASSERT_EQUAL(std::string("127.0.0.1\n"), next.body);
    }

    void pipelinedRequestsAnswerInOrder() {
        HttpClient c("127.0.0.1", Service::instance().port());
        c.sendRaw(
            "GET /ip HTTP/1.1\r\nHost: a\r\n\r\nGET /nope HTTP/1.1\r\nHost: a\r\n\r\n"
            "GET /api/v1/dnsleak/x HTTP/1.1\r\nHost: a\r\n\r\n");
        auto a = c.read(), b = c.read(), d = c.read();
        CPPUNIT_ASSERT(a && b && d);
        CPPUNIT_ASSERT_EQUAL(200, a->status);
        CPPUNIT_ASSERT_EQUAL(404, b->status);
        CPPUNIT_ASSERT(b->body.find("not_found") != std::string::npos);
        CPPUNIT_ASSERT(d->body.find("not_implemented") != std::string::npos);
    }

    void workerHandlersKeepOrderWhenPipelined() {
        HttpClient c("127.0.0.1", Service::instance().port());
        c.sendRaw(
            "GET /abi/slow HTTP/1.1\r\nHost: a\r\n\r\nGET /ip HTTP/1.1\r\nHost: a\r\n\r\n"
            "GET /abi/slow HTTP/1.1\r\nHost: a\r\n\r\n");
        auto a = c.read(), b = c.read(), d = c.read();
        CPPUNIT_ASSERT(a && b && d);
        CPPUNIT_ASSERT_EQUAL(std::string("slow\n"), a->body);
        CPPUNIT_ASSERT_EQUAL(std::string("127.0.0.1\n"), b->body);
        CPPUNIT_ASSERT_EQUAL(std::string("slow\n"), d->body);
    }

    void unreadPipelineIsThrottledNotDropped() {
        // 4000 requests whose answers (about 4 MB) the client does not read for a
        // while: the server stops reading it past its output limit, serves
        // others meanwhile, and answers every request once the client reads.
        const int n = 4000;
        HttpClient c("127.0.0.1", Service::instance().port());
        std::string burst;
        for (int i = 0; i < n; ++i)
            burst += "GET /api/v1/headers?_=" + std::to_string(i) + " HTTP/1.1\r\nHost: a\r\n\r\n";
        std::thread sender([&] { c.sendRaw(burst); });
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        CPPUNIT_ASSERT_EQUAL(std::string("127.0.0.1\n"), get("/ip").body);  // others are still served
        int answered = 0;
        while (answered < n) {
            auto r = c.read(false, std::chrono::seconds(10));
            if (!r || r->status != 200) break;
            ++answered;
        }
        sender.join();
        CPPUNIT_ASSERT_EQUAL(n, answered);
    }

    void http10ClosesUnlessKeepAlive() {
        HttpClient c("127.0.0.1", Service::instance().port());
        c.sendRaw("GET /ip HTTP/1.0\r\n\r\n");
        auto r = c.read();
        CPPUNIT_ASSERT(r && r->status == 200);
        CPPUNIT_ASSERT(c.closedByServer(std::chrono::seconds(2)));

        HttpClient k("127.0.0.1", Service::instance().port());
        k.sendRaw("GET /ip HTTP/1.0\r\nConnection: keep-alive\r\n\r\n");
        auto r1 = k.read();
        CPPUNIT_ASSERT(r1 && r1->header("Connection") == std::optional<std::string>("keep-alive"));
        k.sendRaw("GET /ip HTTP/1.0\r\nConnection: keep-alive\r\n\r\n");
        CPPUNIT_ASSERT(k.read().has_value());
    }

    void connectionCloseIsHonoured() {
        HttpClient c("127.0.0.1", Service::instance().port());
        auto r = c.get("/ip", {"Connection: close"});
        CPPUNIT_ASSERT_EQUAL(std::string("close"), *r.header("Connection"));
        CPPUNIT_ASSERT(c.closedByServer(std::chrono::seconds(2)));
    }

    void malformedRequestGets400AndClose() {
        HttpClient c("127.0.0.1", Service::instance().port());
        c.sendRaw("GARBAGE\r\n\r\n");
        auto r = c.read();
        CPPUNIT_ASSERT(r.has_value());
        CPPUNIT_ASSERT_EQUAL(400, r->status);
        CPPUNIT_ASSERT_EQUAL(std::string("bad_request"), parseJson(r->body)->getValue<std::string>("error"));
        CPPUNIT_ASSERT_EQUAL(std::string("*"), *r->header("Access-Control-Allow-Origin"));
        CPPUNIT_ASSERT(c.closedByServer(std::chrono::seconds(2)));
    }

    void overlongTargetGets414() {
        HttpClient c("127.0.0.1", Service::instance().port());
        c.sendRaw("GET /ip?x=" + std::string(5000, 'a') + " HTTP/1.1\r\nHost: a\r\n\r\n");
        auto r = c.read();
        CPPUNIT_ASSERT(r && r->status == 414);
        CPPUNIT_ASSERT_EQUAL(std::string("request_too_large"), parseJson(r->body)->getValue<std::string>("error"));
    }

    void tooManyHeadersGets431() {
        std::string req = "GET /ip HTTP/1.1\r\nHost: a\r\n";
        for (int i = 0; i < 60; ++i) req += "X-H" + std::to_string(i) + ": v\r\n";
        HttpClient c("127.0.0.1", Service::instance().port());
        c.sendRaw(req + "\r\n");
        auto r = c.read();
        CPPUNIT_ASSERT(r && r->status == 431);
    }

    void largeBodyGets413() {
        HttpClient c("127.0.0.1", Service::instance().port());
        c.sendRaw("GET /ip HTTP/1.1\r\nHost: a\r\nContent-Length: 5000\r\n\r\n");
        auto r = c.read();
        CPPUNIT_ASSERT(r && r->status == 413);
    }

    void slowRequestTimesOutWith408() {
        HttpClient c("127.0.0.1", Service::instance().port());
        c.sendRaw("GET /ip HTTP/1.1\r\nHost: a\r\n");  // never finished
        auto r = c.read(false, std::chrono::seconds(6));
        CPPUNIT_ASSERT(r.has_value());
        CPPUNIT_ASSERT_EQUAL(408, r->status);
        CPPUNIT_ASSERT(c.closedByServer(std::chrono::seconds(2)));
    }

    void idleKeepAliveIsClosed() {
        HttpClient c("127.0.0.1", Service::instance().port());
        c.get("/ip");
        // keepalive_timeout_s is 3 in the test manifest.
        CPPUNIT_ASSERT(c.closedByServer(std::chrono::seconds(6)));
    }

    void tlsListenerReportsTheNegotiatedVersion() {
        HttpClient c("127.0.0.1", Service::instance().tlsPort(), true);
        auto r = c.get("/api/v1/headers");
        CPPUNIT_ASSERT_EQUAL(200, r.status);
        auto body = parseJson(r.body);
        CPPUNIT_ASSERT_EQUAL(c.tlsVersion(), body->getValue<std::string>("tls"));
        CPPUNIT_ASSERT_EQUAL(std::string("TLSv1.3"), c.tlsVersion());
        auto plain = get("/api/v1/headers");
        CPPUNIT_ASSERT_EQUAL(std::string("none"), parseJson(plain.body)->getValue<std::string>("tls"));
    }

    void tls12IsReportedAsSuch() {
        // The listener accepts TLS 1.2 as well; a client capped at 1.2 sees it reported.
        std::string out = runCommand(
            "printf 'GET /api/v1/headers HTTP/1.1\\r\\nHost: a\\r\\nConnection: close\\r\\n\\r\\n' | "
            "timeout 10 openssl s_client -quiet -tls1_2 -connect 127.0.0.1:" +
            std::to_string(Service::instance().tlsPort()) + " 2>/dev/null");
        CPPUNIT_ASSERT(out.find("\"tls\":\"TLSv1.2\"") != std::string::npos);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ServerTest);
