// The connect facility's plain TCP exchanges (ABI 1.5, WHOIS) against real
// peers on 127.0.0.1: a line server that answers and closes
// (AnsweringListener), listeners that never answer or refuse. The guard
// allows 127.0.0.1/32 only. Also the C table through the SDK's wrapper.
#include "host/facilities/FacilitySet.h"
#include "tests/support/tls/RawListeners.h"
#include "tests/unit/connect/ConnectTestSupport.h"

#include <ipfacts/plugin.hpp>

#include <cppunit/extensions/HelperMacros.h>

#include <chrono>

using namespace ipfacts::testing;
using ipfacts::facilities::connect::ConnectConfig;
using ipfacts::facilities::connect::TcpExchangeRequest;
using ipfacts::facilities::connect::TcpExchangeResult;

namespace {

TcpExchangeRequest exchangeOf(int port, const std::string& host = "127.0.0.1", const std::string& payload = "q\r\n",
                              int timeout_ms = 5000) {
    TcpExchangeRequest r;
    r.host = host;
    r.port = static_cast<uint16_t>(port);
    r.payload = payload;
    r.timeout_ms = timeout_ms;
    return r;
}

TcpExchangeResult exchange(ipfacts::facilities::connect::ConnectFacility& f, const TcpExchangeRequest& r) {
    return f.exchangeAll({r}).front();
}

const std::string kAnswer = "% a WHOIS-like answer\r\nNetRange: 192.0.2.0 - 192.0.2.255\r\n";

}  // namespace

class TcpExchangeLoopbackTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(TcpExchangeLoopbackTest);
    CPPUNIT_TEST(queryIsWrittenAndAnswerReadToClose);
    CPPUNIT_TEST(nameResolvesThroughTheGuard);
    CPPUNIT_TEST(answerOverTheCapIsAnErrorKeepingThePrefix);
    CPPUNIT_TEST(silentPeerTimesOutWithinItsBound);
    CPPUNIT_TEST(closedPortIsConnectionRefused);
    CPPUNIT_TEST(guardRefusesLoopbackWithoutAnAllowList);
    CPPUNIT_TEST(malformedRequestsOpenNoSocket);
    CPPUNIT_TEST(batchResultsStayInOrder);
    CPPUNIT_TEST(sdkWrapperRunsThroughTheCTable);
    CPPUNIT_TEST(sdkWrapperWithoutTheFacilityAnswersAnError);
    CPPUNIT_TEST_SUITE_END();

public:
    void queryIsWrittenAndAnswerReadToClose() {
        AnsweringListener server(kAnswer);
        auto f = connectFacility({"127.0.0.1/32"});
        TcpExchangeResult r = exchange(*f, exchangeOf(server.port(), "127.0.0.1", "192.0.2.1\r\n"));
        CPPUNIT_ASSERT_MESSAGE(r.error, r.ok());
        CPPUNIT_ASSERT_EQUAL(kAnswer, r.response);
        CPPUNIT_ASSERT_EQUAL(std::string("127.0.0.1"), r.peer_address);
        CPPUNIT_ASSERT_EQUAL(server.port(), static_cast<int>(r.peer_port));
        CPPUNIT_ASSERT(std::vector<std::string>{"192.0.2.1\r\n"} == server.queries());
    }

    void nameResolvesThroughTheGuard() {
        AnsweringListener server(kAnswer);
        auto f = connectFacility({"127.0.0.1/32"});
        // localhost gives ::1 and 127.0.0.1: only the allowed one is connected to.
        TcpExchangeResult r = exchange(*f, exchangeOf(server.port(), "localhost"));
        CPPUNIT_ASSERT_MESSAGE(r.error, r.ok());
        CPPUNIT_ASSERT_EQUAL(std::string("127.0.0.1"), r.peer_address);
        CPPUNIT_ASSERT_EQUAL(kAnswer, r.response);
    }

    void answerOverTheCapIsAnErrorKeepingThePrefix() {
        AnsweringListener server(std::string(100000, 'x'));
        auto f = connectFacility({"127.0.0.1/32"});
        TcpExchangeRequest q = exchangeOf(server.port());
        q.max_bytes = 1000;
        TcpExchangeResult r = exchange(*f, q);
        CPPUNIT_ASSERT_EQUAL(std::string("response over 1000 bytes"), r.error);
        CPPUNIT_ASSERT_EQUAL(std::string(1000, 'x'), r.response);
    }

    void silentPeerTimesOutWithinItsBound() {
        SilentListener silent;
        auto f = connectFacility({"127.0.0.1/32"});
        auto t0 = std::chrono::steady_clock::now();
        TcpExchangeResult r = exchange(*f, exchangeOf(silent.port(), "127.0.0.1", "q\r\n", 300));
        auto took = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0);
        CPPUNIT_ASSERT_EQUAL(std::string("timeout after 300 ms"), r.error);
        CPPUNIT_ASSERT(took.count() >= 300);
        CPPUNIT_ASSERT_MESSAGE(std::to_string(took.count()), took.count() < 2000);
    }

    void closedPortIsConnectionRefused() {
        ClosedPort closed;
        auto f = connectFacility({"127.0.0.1/32"});
        TcpExchangeResult r = exchange(*f, exchangeOf(closed.port()));
        CPPUNIT_ASSERT_EQUAL(std::string("connection refused"), r.error);
        CPPUNIT_ASSERT_EQUAL(1, r.attempts);
    }

    void guardRefusesLoopbackWithoutAnAllowList() {
        AnsweringListener server(kAnswer);
        auto f = connectFacility({});
        TcpExchangeResult r = exchange(*f, exchangeOf(server.port()));
        CPPUNIT_ASSERT_MESSAGE(r.error, r.error.rfind("refused: 127.0.0.1 ", 0) == 0);
        CPPUNIT_ASSERT_MESSAGE(r.error, r.error.find("loopback") != std::string::npos);
        CPPUNIT_ASSERT_EQUAL(0, r.attempts);
        CPPUNIT_ASSERT(server.queries().empty());
    }

    void malformedRequestsOpenNoSocket() {
        auto f = connectFacility({"127.0.0.1/32"});
        CPPUNIT_ASSERT_EQUAL(std::string("port is required (1-65535)"), exchange(*f, exchangeOf(0)).error);
        CPPUNIT_ASSERT_EQUAL(std::string("a host name or an address is required"),
                             exchange(*f, exchangeOf(43, "")).error);
        CPPUNIT_ASSERT_EQUAL(std::string("host 'a b' is not a host name"), exchange(*f, exchangeOf(43, "a b")).error);
    }

    void batchResultsStayInOrder() {
        AnsweringListener a("first\r\n");
        AnsweringListener b("second\r\n");
        ClosedPort closed;
        auto f = connectFacility({"127.0.0.1/32"});
        auto rs = f->exchangeAll({exchangeOf(b.port()), exchangeOf(closed.port()), exchangeOf(a.port())});
        CPPUNIT_ASSERT_EQUAL(size_t(3), rs.size());
        CPPUNIT_ASSERT_EQUAL(std::string("second\r\n"), rs[0].response);
        CPPUNIT_ASSERT_EQUAL(std::string("connection refused"), rs[1].error);
        CPPUNIT_ASSERT_EQUAL(std::string("first\r\n"), rs[2].response);
    }

    void sdkWrapperRunsThroughTheCTable() {
        AnsweringListener server(kAnswer);
        ipfacts::facilities::FacilitySet set;
        set.add(connectFacility({"127.0.0.1/32"}));
        ipf_host_api api{};
        api.struct_size = sizeof api;
        api.abi_major = IPF_ABI_MAJOR;
        api.abi_minor = IPF_ABI_MINOR;
        set.fill(api);
        ipfacts::facilities::FacilityContext context;
        context.plugin = "test";
        context.facilities = &set;
        ipfacts::Host host(&api, reinterpret_cast<ipf_plugin_ctx*>(&context));
        CPPUNIT_ASSERT(ipfacts::hasTcpExchange(host));
        ipfacts::TcpExchangeCall c;
        c.host = "127.0.0.1";
        c.port = server.port();
        c.payload = "AS64496\r\n";
        ipfacts::Result<ipfacts::TcpExchangeReply> made = ipfacts::tcpExchange(host, c);
        CPPUNIT_ASSERT_MESSAGE(std::string(made.reason()), made.ok());
        const ipfacts::TcpExchangeReply& r = *made;
        CPPUNIT_ASSERT_MESSAGE(r.error, r.ok());
        CPPUNIT_ASSERT_EQUAL(kAnswer, r.response);
        CPPUNIT_ASSERT_EQUAL(std::string("127.0.0.1"), r.peer_address);
        CPPUNIT_ASSERT(std::vector<std::string>{"AS64496\r\n"} == server.queries());
    }

    void sdkWrapperWithoutTheFacilityAnswersAnError() {
        ipf_host_api api{};
        api.struct_size = sizeof api;
        ipfacts::Host host(&api, nullptr);
        CPPUNIT_ASSERT(!ipfacts::hasTcpExchange(host));
        ipfacts::TcpExchangeCall c;
        c.host = "127.0.0.1";
        c.port = 43;
        ipfacts::Result<ipfacts::TcpExchangeReply> r = ipfacts::tcpExchange(host, c);
        CPPUNIT_ASSERT(!r);
        CPPUNIT_ASSERT_EQUAL(IPF_UNAVAILABLE, r.status());
        CPPUNIT_ASSERT_EQUAL(std::string("this host offers no TCP exchange (no connect: section, or before ABI 1.5)"),
                             std::string(r.reason()));
        CPPUNIT_ASSERT(!ipfacts::tcpExchangeAll(host, {c, c}).ok());
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(TcpExchangeLoopbackTest);
