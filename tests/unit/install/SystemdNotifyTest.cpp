// The sd_notify datagrams ipfactsd sends to $NOTIFY_SOCKET, received on a
// socket of the test's own (a path and an abstract name), and nothing sent
// when the variable is absent.
#include "host/server/SystemdNotify.h"

#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cppunit/extensions/HelperMacros.h>

#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <string>

using ipfacts::server::SystemdNotify;

namespace {

/// A datagram socket bound to `name` ("/path" or "@abstract").
class Receiver {
public:
    explicit Receiver(const std::string& name) {
        fd_ = ::socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
        sockaddr_un a{};
        a.sun_family = AF_UNIX;
        std::memcpy(a.sun_path, name.data(), name.size());
        if (name[0] == '@') a.sun_path[0] = '\0';
        bound_ = ::bind(fd_, reinterpret_cast<sockaddr*>(&a),
                        static_cast<socklen_t>(offsetof(sockaddr_un, sun_path) + name.size())) == 0;
    }
    ~Receiver() { ::close(fd_); }
    bool bound() const { return bound_; }
    /// The next datagram; the sender has sent it before this is called.
    std::string next() {
        char buf[512];
        ssize_t n = ::recv(fd_, buf, sizeof buf, MSG_DONTWAIT);
        return n < 0 ? "(nothing)" : std::string(buf, size_t(n));
    }

private:
    int fd_ = -1;
    bool bound_ = false;
};

struct Env {
    explicit Env(const std::string& v) { ::setenv("NOTIFY_SOCKET", v.c_str(), 1); }
    ~Env() { ::unsetenv("NOTIFY_SOCKET"); }
};

}  // namespace

class SystemdNotifyTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(SystemdNotifyTest);
    CPPUNIT_TEST(sendsToAPath);
    CPPUNIT_TEST(sendsToAnAbstractName);
    CPPUNIT_TEST(withoutTheVariableSendsNothing);
    CPPUNIT_TEST(saysWhyWhenNobodyListens);
    CPPUNIT_TEST_SUITE_END();

public:
    void sendsToAPath() {
        char dir[] = "/tmp/ipfacts-notify-XXXXXX";
        CPPUNIT_ASSERT(::mkdtemp(dir));
        const std::string path = std::string(dir) + "/notify";
        {
            Receiver r(path);
            CPPUNIT_ASSERT(r.bound());
            Env env(path);
            SystemdNotify n;
            CPPUNIT_ASSERT(n.enabled());
            CPPUNIT_ASSERT_EQUAL(std::string(), n.send("READY=1"));
            CPPUNIT_ASSERT_EQUAL(std::string(), n.send("STOPPING=1"));
            CPPUNIT_ASSERT_EQUAL(std::string("READY=1"), r.next());
            CPPUNIT_ASSERT_EQUAL(std::string("STOPPING=1"), r.next());
        }
        ::unlink(path.c_str());
        ::rmdir(dir);
    }
    void sendsToAnAbstractName() {
        const std::string name = "@ipfacts-notify-test-" + std::to_string(::getpid());
        Receiver r(name);
        CPPUNIT_ASSERT(r.bound());
        Env env(name);
        CPPUNIT_ASSERT_EQUAL(std::string(), SystemdNotify().send("READY=1"));
        CPPUNIT_ASSERT_EQUAL(std::string("READY=1"), r.next());
    }
    void withoutTheVariableSendsNothing() {
        ::unsetenv("NOTIFY_SOCKET");
        SystemdNotify n;
        CPPUNIT_ASSERT(!n.enabled());
        CPPUNIT_ASSERT_EQUAL(std::string(), n.send("READY=1"));
    }
    void saysWhyWhenNobodyListens() {
        Env env("/nonexistent/ipfacts-notify");
        std::string why = SystemdNotify().send("READY=1");
        CPPUNIT_ASSERT(why.find("/nonexistent/ipfacts-notify") != std::string::npos);
        Env bad("relative-name");
        CPPUNIT_ASSERT(SystemdNotify().send("READY=1").find("not a socket path") != std::string::npos);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(SystemdNotifyTest);
