// MetricsServer: GET /metrics and nothing else, on a real loopback socket;
// an address another listener holds is refused.
#include "host/metrics/MetricsRequest.h"
#include "host/metrics/MetricsServer.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cppunit/extensions/HelperMacros.h>

using namespace ipfacts::metrics;

namespace {

std::function<std::string()> fixedBody() {
    return [] { return std::string("ipfacts_up 1\n"); };
}

/// Sends `request` to 127.0.0.1:`port` and reads until the server closes.
std::string exchange(uint16_t port, const std::string& request) {
    int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(port);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
        ::close(fd);
        throw std::runtime_error("connect failed");
    }
    ::send(fd, request.data(), request.size(), 0);
    std::string out;
    char buf[4096];
    for (ssize_t n; (n = ::recv(fd, buf, sizeof buf, 0)) > 0;) out.append(buf, size_t(n));
    ::close(fd);
    return out;
}

ipfacts::manifest::ListenAddress loopback(uint16_t port) {
    return *ipfacts::manifest::ListenAddress::parse("127.0.0.1:" + std::to_string(port));
}

}  // namespace

class MetricsServerTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(MetricsServerTest);
    CPPUNIT_TEST(answersGetMetricsOnly);
    CPPUNIT_TEST(servesOnItsOwnThread);
    CPPUNIT_TEST(refusesAnAddressHeldElsewhere);
    CPPUNIT_TEST(refusesAPublicListenersPort);
    CPPUNIT_TEST_SUITE_END();

public:
    void answersGetMetricsOnly() {
        const auto render = fixedBody();
        std::string ok = metricsResponse("GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n", render);
        CPPUNIT_ASSERT_MESSAGE(ok, ok.rfind("HTTP/1.1 200 OK\r\n", 0) == 0);
        CPPUNIT_ASSERT(ok.find("Content-Type: text/plain; version=0.0.4; charset=utf-8\r\n") != std::string::npos);
        CPPUNIT_ASSERT(ok.find("Content-Length: 13\r\n") != std::string::npos);
        CPPUNIT_ASSERT(ok.find("\r\n\r\nipfacts_up 1\n") != std::string::npos);
        CPPUNIT_ASSERT(metricsResponse("GET /metrics?x=1 HTTP/1.0\r\n\r\n", render).rfind("HTTP/1.1 200", 0) == 0);
        for (const char* head :
             {"GET / HTTP/1.1\r\n\r\n", "GET /metrics/ HTTP/1.1\r\n\r\n", "POST /metrics HTTP/1.1\r\n\r\n",
              "HEAD /metrics HTTP/1.1\r\n\r\n", "GET /ip HTTP/1.1\r\n\r\n"})
            CPPUNIT_ASSERT_MESSAGE(head, metricsResponse(head, render).rfind("HTTP/1.1 404 Not Found\r\n", 0) == 0);
        for (const char* head : {"GET\r\n\r\n", "GET /metrics\r\n\r\n", "GET /metrics SPDY/3\r\n\r\n", "\r\n\r\n"})
            CPPUNIT_ASSERT_MESSAGE(head, metricsResponse(head, render).rfind("HTTP/1.1 400 Bad Request\r\n", 0) == 0);
    }

    void servesOnItsOwnThread() {
        MetricsServer server({loopback(0)}, fixedBody());
        server.start();
        const uint16_t port = server.ports().at(0);
        CPPUNIT_ASSERT(port != 0);
        std::string r = exchange(port, "GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
        CPPUNIT_ASSERT_MESSAGE(r, r.rfind("HTTP/1.1 200 OK\r\n", 0) == 0);
        CPPUNIT_ASSERT(r.find("\r\n\r\nipfacts_up 1\n") != std::string::npos);
        r = exchange(port, "GET /json HTTP/1.1\r\n\r\n");
        CPPUNIT_ASSERT_MESSAGE(r, r.rfind("HTTP/1.1 404", 0) == 0);
        // A head past the size limit gets no answer: the connection is closed.
        const std::string too_long = "GET /metrics HTTP/1.1\r\nX: " + std::string(9000, 'a');
        CPPUNIT_ASSERT_EQUAL(std::string(), exchange(port, too_long));
        server.stop();
        server.stop();  // idempotent
    }

    void refusesAnAddressHeldElsewhere() {
        MetricsServer first({loopback(0)}, fixedBody());
        const uint16_t port = first.ports().at(0);
        try {
            MetricsServer second({loopback(port)}, fixedBody());
            CPPUNIT_FAIL("a held address was bound");
        } catch (const std::runtime_error& e) {
            const std::string why = e.what();
            CPPUNIT_ASSERT_MESSAGE(why,
                                   why.find("cannot listen on 127.0.0.1:" + std::to_string(port)) != std::string::npos);
            CPPUNIT_ASSERT_MESSAGE(why, why.find("another process already listens there") != std::string::npos);
        }
    }

    void refusesAPublicListenersPort() {
        using ipfacts::manifest::ListenAddress;
        const std::vector<ListenAddress> pub = {*ListenAddress::parse("0.0.0.0:8080"),
                                                *ListenAddress::parse("[::]:8443")};
        refuseSharedPorts({loopback(9464)}, pub);  // apart: fine
        for (const char* shared : {"127.0.0.1:8080", "[::1]:8443", "0.0.0.0:8080"}) {
            try {
                refuseSharedPorts({*ListenAddress::parse(shared)}, pub);
                CPPUNIT_FAIL(std::string("accepted ") + shared);
            } catch (const std::runtime_error& e) {
                const std::string why = e.what();
                CPPUNIT_ASSERT_MESSAGE(why, why.find(std::string("cannot listen on ") + shared) == 0);
                CPPUNIT_ASSERT_MESSAGE(why, why.find("never served on a public listener") != std::string::npos);
            }
        }
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(MetricsServerTest);
