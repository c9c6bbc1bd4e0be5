// Where the stub resolver sends questions: configured servers, or resolv.conf.
#include "host/facilities/dns/ResolverServers.h"

#include <cppunit/extensions/HelperMacros.h>

#include <arpa/inet.h>
#include <netinet/in.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

using namespace ipfacts::facilities;

namespace {
uint16_t portOf(const ResolverServer& s) {
    return ntohs(s.address.ss_family == AF_INET ? reinterpret_cast<const sockaddr_in*>(&s.address)->sin_port
                                                : reinterpret_cast<const sockaddr_in6*>(&s.address)->sin6_port);
}
}  // namespace

class ResolverServersTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(ResolverServersTest);
    CPPUNIT_TEST(parsesEveryForm);
    CPPUNIT_TEST(refusesWhatIsNotAnAddress);
    CPPUNIT_TEST(readsResolvConfWhenNoneAreConfigured);
    CPPUNIT_TEST_SUITE_END();

public:
    void parsesEveryForm() {
        auto a = parseResolverServer("127.0.0.1:5353");
        CPPUNIT_ASSERT(a && a->address.ss_family == AF_INET && portOf(*a) == 5353);
        CPPUNIT_ASSERT_EQUAL(std::string("127.0.0.1:5353"), a->text);
        auto b = parseResolverServer("[::1]:53");
        CPPUNIT_ASSERT(b && b->address.ss_family == AF_INET6 && portOf(*b) == 53);
        auto c = parseResolverServer("9.9.9.9");
        CPPUNIT_ASSERT(c && portOf(*c) == 53);
        auto d = parseResolverServer("2001:db8::53");  // bare IPv6: port 53
        CPPUNIT_ASSERT(d && d->address.ss_family == AF_INET6 && portOf(*d) == 53);
        CPPUNIT_ASSERT(parseResolverServer("[::1]") && portOf(*parseResolverServer("[::1]")) == 53);
    }

    void refusesWhatIsNotAnAddress() {
        for (const char* bad : {"", "dns.example:53", "127.0.0.1:0", "127.0.0.1:65536", "127.0.0.1:x", "[::1]53",
                                "[::1", "1.2.3:53", "127.0.0.1:53 "})
            CPPUNIT_ASSERT_MESSAGE(bad, !parseResolverServer(bad));
    }

    void readsResolvConfWhenNoneAreConfigured() {
        const auto path = (std::filesystem::temp_directory_path() / "ipfacts-resolv.conf").string();
        std::ofstream(path) << "# comment\nsearch example\nnameserver 192.0.2.53\nnameserver fe80::1%eth0\n"
                               "nameserver 2001:db8::1\noptions ndots:2\n";
        auto servers = resolverServers({}, path);
        CPPUNIT_ASSERT_EQUAL(size_t(2), servers.size());  // the scoped link-local one is skipped
        CPPUNIT_ASSERT_EQUAL(std::string("192.0.2.53"), servers[0].text);
        CPPUNIT_ASSERT_EQUAL(std::string("2001:db8::1"), servers[1].text);
        auto configured = resolverServers({"127.0.0.1:1053"}, path);
        CPPUNIT_ASSERT_EQUAL(size_t(1), configured.size());
        std::remove(path.c_str());
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ResolverServersTest);
