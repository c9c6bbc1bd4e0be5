// ConnectionRtt: TCP_INFO's smoothed RTT of a real loopback connection, read
// again only once a reading is kMaxAgeMs old (the clock is the test's own).
#include "host/pipeline/ConnectionRtt.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cppunit/extensions/HelperMacros.h>

using ipfacts::pipeline::ConnectionRtt;

namespace {

/// A connected pair of loopback TCP sockets; closed when it goes.
struct LoopbackPair {
    int listener = -1, client = -1, server = -1;
    LoopbackPair() {
        listener = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t len = sizeof a;
        if (::bind(listener, reinterpret_cast<sockaddr*>(&a), len) != 0 || ::listen(listener, 1) != 0 ||
            ::getsockname(listener, reinterpret_cast<sockaddr*>(&a), &len) != 0)
            return;
        client = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        if (::connect(client, reinterpret_cast<sockaddr*>(&a), len) != 0) return;
        server = ::accept4(listener, nullptr, nullptr, SOCK_CLOEXEC);
    }
    ~LoopbackPair() {
        for (int fd : {listener, client, server})
            if (fd >= 0) ::close(fd);
    }
};

}  // namespace

class ConnectionRttTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(ConnectionRttTest);
    CPPUNIT_TEST(loopbackConnectionHasAnRtt);
    CPPUNIT_TEST(noTcpSocketHasNone);
    CPPUNIT_TEST(readingIsKeptUntilItIsOld);
    CPPUNIT_TEST_SUITE_END();

public:
    void loopbackConnectionHasAnRtt() {
        LoopbackPair p;
        CPPUNIT_ASSERT(p.server >= 0);
        ConnectionRtt rtt(p.server);
        CPPUNIT_ASSERT(rtt.micros() >= 0);
        CPPUNIT_ASSERT(ConnectionRtt::readNow(p.server) >= 0);
    }
    void noTcpSocketHasNone() {
        CPPUNIT_ASSERT_EQUAL(int64_t(-1), ConnectionRtt::readNow(-1));
        int fds[2];
        CPPUNIT_ASSERT_EQUAL(0, ::pipe(fds));
        CPPUNIT_ASSERT_EQUAL(int64_t(-1), ConnectionRtt(fds[0]).micros());
        ::close(fds[0]), ::close(fds[1]);
    }
    void readingIsKeptUntilItIsOld() {
        int fd = -1;
        int64_t first = -1;
        ConnectionRtt* rtt = nullptr;
        LoopbackPair p;
        fd = ::dup(p.server);
        CPPUNIT_ASSERT(fd >= 0);
        ConnectionRtt kept(fd);
        rtt = &kept;
        first = rtt->micros(1000);
        CPPUNIT_ASSERT(first >= 0);
        ::close(fd);  // the socket is gone: only a new reading can tell
        CPPUNIT_ASSERT_EQUAL(first, rtt->micros(1000 + ConnectionRtt::kMaxAgeMs - 1));
        CPPUNIT_ASSERT_EQUAL(int64_t(-1), rtt->micros(1000 + ConnectionRtt::kMaxAgeMs));
    }
};
CPPUNIT_TEST_SUITE_REGISTRATION(ConnectionRttTest);
