// full=1 hostnames: the first PTR name, or a reason why there is none.
#include "PtrHostname.h"

#include <ipfacts/testing/FakeHost.hpp>

#include <cppunit/extensions/HelperMacros.h>

namespace ipfacts::ip {
namespace {

// An answer from the fake resolver (192.0.2.53:53) with this response code.
DnsAnswer answer(int rcode, std::vector<DnsRecord> records = {}) {
    return testing::dnsAnswer(rcode, std::move(records));
}

DnsRecord ptr(std::string data) { return DnsRecord{"7.113.0.203.in-addr.arpa.", "PTR", 300, std::move(data)}; }

// What full=1 makes of `answer` to the PTR question of 203.0.113.7.
HostnameLookup hostnameFromAnswer(DnsAnswer answer) {
    testing::FakeHost fake;
    fake.dns["7.113.0.203.in-addr.arpa PTR"] = std::move(answer);
    return reverseHostname(fake.host(), "203.0.113.7");
}

}  // namespace

class PtrHostnameTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(PtrHostnameTest);
    CPPUNIT_TEST(firstPtrWithoutTrailingDot);
    CPPUNIT_TEST(cnameBeforePtrIsSkipped);
    CPPUNIT_TEST(nxdomainAndNodataMeanNoPtr);
    CPPUNIT_TEST(failuresSaySo);
    CPPUNIT_TEST(asksThePtrOfTheArpaName);
    CPPUNIT_TEST(noResolverSaysSo);
    CPPUNIT_TEST_SUITE_END();

public:
    void firstPtrWithoutTrailingDot() {
        HostnameLookup h = hostnameFromAnswer(answer(0, {ptr("a.example.net."), ptr("b.example.net.")}));
        CPPUNIT_ASSERT_EQUAL(std::string("a.example.net"), h.name.value());
        CPPUNIT_ASSERT(!h.reason);
    }

    void cnameBeforePtrIsSkipped() {
        DnsRecord cname{"7.113.0.203.in-addr.arpa.", "CNAME", 300, "7.0-63.113.0.203.in-addr.arpa."};
        HostnameLookup h = hostnameFromAnswer(answer(0, {cname, ptr("c.example.net.")}));
        CPPUNIT_ASSERT_EQUAL(std::string("c.example.net"), h.name.value());
    }

    void nxdomainAndNodataMeanNoPtr() {
        // The SDK's shared words (ipfacts/reasons.hpp), the same as /api/v1/reverse gives.
        CPPUNIT_ASSERT_EQUAL(std::string("no PTR record: NXDOMAIN (the reverse name does not exist)"),
                             hostnameFromAnswer(answer(3)).reason.value());
        const std::string nodata = "no PTR record: NODATA (the reverse name has no PTR record)";
        CPPUNIT_ASSERT_EQUAL(nodata, hostnameFromAnswer(answer(0)).reason.value());
        CPPUNIT_ASSERT_EQUAL(nodata, hostnameFromAnswer(answer(0, {ptr(".")})).reason.value());
        DnsRecord cname{"7.113.0.203.in-addr.arpa.", "CNAME", 300, "7.0-63.113.0.203.in-addr.arpa."};
        CPPUNIT_ASSERT_EQUAL(nodata, hostnameFromAnswer(answer(0, {cname})).reason.value());
    }

    void failuresSaySo() {
        CPPUNIT_ASSERT_EQUAL(std::string("PTR lookup failed: the DNS resolver answered SERVFAIL"),
                             hostnameFromAnswer(answer(2)).reason.value());
        CPPUNIT_ASSERT_EQUAL(std::string("PTR lookup failed: the DNS resolver answered REFUSED"),
                             hostnameFromAnswer(answer(5)).reason.value());
        DnsAnswer timeout = answer(-1);
        timeout.error = "timeout";
        CPPUNIT_ASSERT_EQUAL(std::string("PTR lookup failed: timeout (the DNS resolver did not answer in time)"),
                             hostnameFromAnswer(timeout).reason.value());
        DnsAnswer refused = answer(-1);
        refused.error = "connection refused";
        CPPUNIT_ASSERT_EQUAL(std::string("PTR lookup failed: connection refused"),
                             hostnameFromAnswer(refused).reason.value());
    }

    void asksThePtrOfTheArpaName() {
        testing::FakeHost fake;
        fake.dns["7.113.0.203.in-addr.arpa PTR"] = answer(0, {ptr("host.example.net.")});
        HostnameLookup h = reverseHostname(fake.host(), "203.0.113.7");
        CPPUNIT_ASSERT_EQUAL(std::string("host.example.net"), h.name.value());
        CPPUNIT_ASSERT_EQUAL(size_t(1), fake.asked.size());
        CPPUNIT_ASSERT_EQUAL(std::string("PTR"), fake.asked[0].type);
    }

    void noResolverSaysSo() {
        testing::FakeHost fake;
        fake.hasResolver = false;
        HostnameLookup h = reverseHostname(fake.host(), "203.0.113.7");
        CPPUNIT_ASSERT_EQUAL(std::string("no DNS resolver is configured"), h.reason.value());
        CPPUNIT_ASSERT_EQUAL(0, fake.resolveCalls);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(PtrHostnameTest);

}  // namespace ipfacts::ip
