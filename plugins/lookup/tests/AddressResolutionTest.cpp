// A and AAAA answers read into addresses, "no such name" or a failure.
#include "AddressResolution.h"

#include <ipfacts/testing/FakeHost.hpp>

#include <cppunit/extensions/HelperMacros.h>

namespace ipfacts::lookup {
namespace {

// An answer from the fake resolver (192.0.2.53:53) with this response code.
DnsAnswer answer(int rcode, std::vector<DnsRecord> records = {}) {
    return testing::dnsAnswer(rcode, std::move(records));
}

DnsAnswer timeout() { return testing::dnsNoResponse("timeout"); }

DnsRecord rr(const char* type, const char* data) { return DnsRecord{"www.example.com.", type, 60, data}; }

}  // namespace

class AddressResolutionTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(AddressResolutionTest);
    CPPUNIT_TEST(aBeforeAaaaCanonicalAndOnce);
    CPPUNIT_TEST(cnameAndWrongFamilyAreSkipped);
    CPPUNIT_TEST(nxdomainIsNoSuchName);
    CPPUNIT_TEST(nodataIsNoSuchName);
    CPPUNIT_TEST(nxdomainWinsOverAFailure);
    CPPUNIT_TEST(failuresWithoutAddressesAreResolverFailures);
    CPPUNIT_TEST(halfFailureKeepsTheOtherHalfWithANote);
    CPPUNIT_TEST(throughTheHostInOneBatch);
    CPPUNIT_TEST(noResolverIsAFailure);
    CPPUNIT_TEST_SUITE_END();

public:
    void aBeforeAaaaCanonicalAndOnce() {
        Resolution r =
            readAddressAnswers({answer(0, {rr("A", "192.0.2.2"), rr("A", "192.0.2.1"), rr("A", "192.0.2.2")}),
                                answer(0, {rr("AAAA", "2001:DB8:0:0::1")})});
        CPPUNIT_ASSERT(r.outcome == Resolution::Outcome::Found);
        CPPUNIT_ASSERT_EQUAL(size_t(3), r.addresses.size());
        CPPUNIT_ASSERT_EQUAL(std::string("192.0.2.2"), r.addresses[0]);
        CPPUNIT_ASSERT_EQUAL(std::string("192.0.2.1"), r.addresses[1]);
        CPPUNIT_ASSERT_EQUAL(std::string("2001:db8::1"), r.addresses[2]);
        CPPUNIT_ASSERT(r.note.empty());
    }

    void cnameAndWrongFamilyAreSkipped() {
        Resolution r = readAddressAnswers(
            {answer(0, {rr("CNAME", "edge.example.net."), rr("A", "2001:db8::1"), rr("A", "198.51.100.7")}),
             answer(0, {rr("CNAME", "edge.example.net.")})});
        CPPUNIT_ASSERT_EQUAL(size_t(1), r.addresses.size());
        CPPUNIT_ASSERT_EQUAL(std::string("198.51.100.7"), r.addresses[0]);
    }

    void nxdomainIsNoSuchName() {
        Resolution r = readAddressAnswers({answer(3), answer(3)});
        CPPUNIT_ASSERT(r.outcome == Resolution::Outcome::NoSuchName);
        CPPUNIT_ASSERT_EQUAL(std::string("NXDOMAIN"), r.note);
    }

    void nodataIsNoSuchName() {
        Resolution r = readAddressAnswers({answer(0), answer(0)});
        CPPUNIT_ASSERT(r.outcome == Resolution::Outcome::NoSuchName);
        CPPUNIT_ASSERT_EQUAL(std::string("no A or AAAA records"), r.note);
    }

    void nxdomainWinsOverAFailure() {
        CPPUNIT_ASSERT(readAddressAnswers({answer(3), timeout()}).outcome == Resolution::Outcome::NoSuchName);
    }

    void failuresWithoutAddressesAreResolverFailures() {
        Resolution r = readAddressAnswers({answer(2), timeout()});
        CPPUNIT_ASSERT(r.outcome == Resolution::Outcome::ResolverFailed);
        CPPUNIT_ASSERT_EQUAL(std::string("the A query failed: the DNS resolver answered SERVFAIL; the AAAA query "
                                         "failed: timeout (the DNS resolver did not answer in time)"),
                             r.note);
        // NOERROR without records on one side proves nothing while the other failed.
        CPPUNIT_ASSERT(readAddressAnswers({answer(0), timeout()}).outcome == Resolution::Outcome::ResolverFailed);
        CPPUNIT_ASSERT(readAddressAnswers({}).outcome == Resolution::Outcome::ResolverFailed);
    }

    void halfFailureKeepsTheOtherHalfWithANote() {
        Resolution r = readAddressAnswers({answer(0, {rr("A", "192.0.2.1")}), timeout()});
        CPPUNIT_ASSERT(r.outcome == Resolution::Outcome::Found);
        CPPUNIT_ASSERT_EQUAL(std::string("the AAAA query failed: timeout (the DNS resolver did not answer in time)"),
                             r.note);
    }

    void throughTheHostInOneBatch() {
        testing::FakeHost fake;
        fake.dns["example.com A"] = answer(0, {rr("A", "192.0.2.1")});
        fake.dns["example.com AAAA"] = answer(0, {rr("AAAA", "2001:db8::1")});
        Resolution r = resolveAddresses(fake.host(), "example.com");
        CPPUNIT_ASSERT_EQUAL(1, fake.resolveCalls);
        CPPUNIT_ASSERT_EQUAL(size_t(2), fake.asked.size());
        CPPUNIT_ASSERT_EQUAL(size_t(2), r.addresses.size());
    }

    void noResolverIsAFailure() {
        testing::FakeHost fake;
        fake.hasResolver = false;
        Resolution r = resolveAddresses(fake.host(), "example.com");
        CPPUNIT_ASSERT(r.outcome == Resolution::Outcome::ResolverFailed);
        CPPUNIT_ASSERT_EQUAL(std::string("no DNS resolver is configured"), r.note);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(AddressResolutionTest);

}  // namespace ipfacts::lookup
