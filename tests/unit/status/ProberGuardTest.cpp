// The prober's guard admits what status.allow names and nothing else: with
// an empty list a loopback target is refused before any connection; the
// upstream outcomes count per facility and upstream name.
#include "host/facilities/UpstreamOutcomes.h"
#include "host/facilities/guard/AddressGuard.h"
#include "host/net/LoopbackUrl.h"
#include "host/status/Prober.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cstdlib>

using namespace ipfacts;
using namespace ipfacts::status;
using namespace ipfacts::store;

namespace {

std::string registryPath() {
    const char* src = std::getenv("IPFACTS_SOURCE_DIR");
    return std::string(src ? src : ".") + "/etc/netdb/special-purpose.yaml";
}

}  // namespace

class ProberGuardTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(ProberGuardTest);
    CPPUNIT_TEST(loopbackRefusedWithoutAllow);
    CPPUNIT_TEST(outcomesCountByName);
    CPPUNIT_TEST(selfTokenGoesToLoopbackHostsOnly);
    CPPUNIT_TEST_SUITE_END();

public:
    void loopbackRefusedWithoutAllow() {
        StatusConfig c;
        c.timeout_ms = 1000;
        c.targets = {{"http://127.0.0.2:9/", "refused", "http"}};
        auto guard =
            std::make_shared<const facilities::guard::AddressGuard>(registryPath(), facilities::guard::GuardConfig{});
        Prober p(c, guard);
        auto s = p.round(1234);
        CPPUNIT_ASSERT_EQUAL(size_t(1), s.size());
        CPPUNIT_ASSERT(!s[0].ok);
        CPPUNIT_ASSERT_EQUAL(int64_t(1234), s[0].at_ms);
        CPPUNIT_ASSERT_EQUAL(0, s[0].http_status);
        CPPUNIT_ASSERT_MESSAGE(s[0].error, s[0].error.find("127.0.0.2") != std::string::npos);
    }

    /// The self-probe token must never leave the machine: only a host that is loopback
    /// itself gets it, not a name that starts like one or a URL with userinfo.
    void selfTokenGoesToLoopbackHostsOnly() {
        for (const char* url : {"http://127.0.0.1:8080/ip", "https://127.1.2.3/", "http://[::1]:8080/ip",
                                "http://localhost:8080/x", "http://localhost", "http://127.0.0.1?x=1"})
            CPPUNIT_ASSERT_MESSAGE(url, ipfacts::net::urlOnLoopback(url));
        for (const char* url :
             {"http://127.0.0.1.evil.example/ip", "http://localhost.evil.example/", "http://127.0.0.1@evil.example/",
              "http://evil.example/127.0.0.1", "http://[::1].evil/", "http://10.0.0.1/", "127.0.0.1/ip",
              "http://127.0.0.256/", "http://[::2]/", "http://user:pw@localhost/"})
            CPPUNIT_ASSERT_MESSAGE(url, !ipfacts::net::urlOnLoopback(url));
    }

    void outcomesCountByName() {
        facilities::UpstreamOutcomes o;
        o.record("doh", "alpha", "");
        o.record("doh", "alpha", "timeout after 1000 ms");
        o.record("doh", "beta", "");
        o.record("http", "rdap", "");
        auto t = o.snapshot();
        CPPUNIT_ASSERT_EQUAL(size_t(3), t.size());
        CPPUNIT_ASSERT_EQUAL(std::string("alpha"), t[0].upstream);
        CPPUNIT_ASSERT_EQUAL(int64_t(1), t[0].ok);
        CPPUNIT_ASSERT_EQUAL(int64_t(1), t[0].failed);
        CPPUNIT_ASSERT_EQUAL(std::string("timeout after 1000 ms"), t[0].last_error);
        CPPUNIT_ASSERT(t[0].last_ok_ms > 0 && t[0].last_failed_ms > 0);
        CPPUNIT_ASSERT_EQUAL(std::string("http"), t[2].facility);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ProberGuardTest);
