// The ReverseDnsResponse end to end against a fake resolver: the happy
// path's exact body, NXDOMAIN, NODATA, failed PTR queries and a missing
// resolver: every empty list says why in `reasons`, in the SDK's shared words.
#include "ReverseLookup.h"
#include "ReverseResponseWriter.h"

#include <ipfacts/testing/FakeHost.hpp>

#include <cppunit/extensions/HelperMacros.h>

namespace ipfacts::reverse {
namespace {

// The shared fake host, with questions no test lists answered NOERROR and
// empty: names that simply have no such records.
struct FakeResolver : testing::FakeHost {
    FakeResolver() { unlisted = testing::dnsAnswer(0); }
};

const std::string kStamp = R"("checked_at":"2026-11-22T18:51:11Z","source":"ipfacts.example"})";

std::string body(FakeResolver& fake, const char* ip) {
    const ReverseFacts facts = lookUpReverse(fake.host(), parseAddress(ip).value());
    return writeReverseResponse(facts, ResponseStamp{"2026-11-22T18:51:11Z", "ipfacts.example"});
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

}  // namespace

class ReverseLookupTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(ReverseLookupTest);
    CPPUNIT_TEST(confirmsForwardInOneBatch);
    CPPUNIT_TEST(mappedAddressIsLookedUpAsIpv4);
    CPPUNIT_TEST(nxdomainIsEmptyWithReason);
    CPPUNIT_TEST(nodataIsEmptyWithReason);
    CPPUNIT_TEST(otherFailuresAreNamed);
    CPPUNIT_TEST(servfailIsEmptyWithReason);
    CPPUNIT_TEST(timeoutIsEmptyWithReason);
    CPPUNIT_TEST(noResolverIsEmptyWithReason);
    CPPUNIT_TEST(failedForwardLookupIsReported);
    CPPUNIT_TEST(hostnamesWithoutAddressesSayWhy);
    CPPUNIT_TEST(unaskableHostnameIsListedButNotAsked);
    CPPUNIT_TEST(forwardLookupIsBounded);
    CPPUNIT_TEST(onlyAFailedLookupIsTransient);
    CPPUNIT_TEST_SUITE_END();

public:
    void confirmsForwardInOneBatch() {
        FakeResolver fake;
        const std::string arpa = "0.1.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.8.b.d.0.1.0.0.2.ip6.arpa";
        fake.answer(arpa, "PTR", {"mail.example.test.", "www.example.test.", "MAIL.example.test."});
        fake.answer("mail.example.test", "AAAA", {"2001:db8::10"});
        fake.answer("mail.example.test", "A", {"192.0.2.10"});
        fake.answer("www.example.test", "AAAA", {"2001:db8::80", "2001:DB8::10"});
        CPPUNIT_ASSERT_EQUAL(std::string(R"({"ip":"2001:db8::10","version":6,"arpa":")") + arpa +
                                 R"(","hostnames":["mail.example.test","www.example.test"],"forward_confirmed":true,)"
                                 R"("forward_addresses":["192.0.2.10","2001:db8::10","2001:db8::80"],)" +
                                 kStamp,
                             body(fake, "2001:DB8::0010"));
        CPPUNIT_ASSERT_EQUAL(size_t(2), fake.batches.size());
        CPPUNIT_ASSERT_EQUAL(size_t(1), fake.batches[0].size());
        CPPUNIT_ASSERT_EQUAL(std::string("PTR"), fake.batches[0][0].type);
        CPPUNIT_ASSERT_EQUAL(size_t(4), fake.batches[1].size());
    }

    void mappedAddressIsLookedUpAsIpv4() {
        FakeResolver fake;
        fake.answer("1.2.0.192.in-addr.arpa", "PTR", {"host.example.test."});
        fake.answer("host.example.test", "A", {"192.0.2.1"});
        CPPUNIT_ASSERT_EQUAL(std::string(R"({"ip":"192.0.2.1","version":4,"arpa":"1.2.0.192.in-addr.arpa",)"
                                         R"("hostnames":["host.example.test"],"forward_confirmed":true,)"
                                         R"("forward_addresses":["192.0.2.1"],)") +
                                 kStamp,
                             body(fake, "::ffff:192.0.2.1"));
    }

    void nxdomainIsEmptyWithReason() {
        FakeResolver fake;
        fake.fail("1.2.0.192.in-addr.arpa", "PTR", 3);
        CPPUNIT_ASSERT_EQUAL(
            std::string(R"({"ip":"192.0.2.1","version":4,"arpa":"1.2.0.192.in-addr.arpa",)"
                        R"("hostnames":[],"forward_confirmed":false,"forward_addresses":[],)"
                        R"j("reasons":{"hostnames":"no PTR record: NXDOMAIN (the reverse name does not exist)",)j"
                        R"("forward_addresses":"not looked up: there is no PTR host name to resolve"},)") +
                kStamp,
            body(fake, "192.0.2.1"));
        CPPUNIT_ASSERT_EQUAL(size_t(1), fake.batches.size());
    }

    void nodataIsEmptyWithReason() {
        FakeResolver fake;  // NOERROR, no records
        const std::string b = body(fake, "192.0.2.1");
        CPPUNIT_ASSERT_MESSAGE(
            b, contains(b, R"("hostnames":[],"forward_confirmed":false,"forward_addresses":[],)"
                           R"j("reasons":{"hostnames":"no PTR record: NODATA (the reverse name has no PTR record)",)j"
                           R"("forward_addresses":"not looked up: there is no PTR host name to resolve"},)"));
        // A CNAME alone (RFC 2317 delegation to nowhere) names no host either.
        FakeResolver cname;
        cname.dns["1.2.0.192.in-addr.arpa PTR"] =
            testing::dnsAnswer(0, {DnsRecord{"1.2.0.192.in-addr.arpa.", "CNAME", 300, "1.0/26.2.0.192.in-addr.arpa."}});
        const std::string c = body(cname, "192.0.2.1");
        CPPUNIT_ASSERT_MESSAGE(c, contains(c, R"("hostnames":"no PTR record: NODATA)"));
        CPPUNIT_ASSERT_EQUAL(size_t(1), fake.batches.size());
    }

    void servfailIsEmptyWithReason() {
        FakeResolver fake;
        fake.fail("1.2.0.192.in-addr.arpa", "PTR", 2);
        CPPUNIT_ASSERT_EQUAL(
            std::string(R"({"ip":"192.0.2.1","version":4,"arpa":"1.2.0.192.in-addr.arpa",)"
                        R"("hostnames":[],"forward_confirmed":false,"forward_addresses":[],)"
                        R"("reasons":{"hostnames":"PTR lookup failed: the DNS resolver answered SERVFAIL",)"
                        R"("forward_addresses":"not looked up: there is no PTR host name to resolve"},)") +
                kStamp,
            body(fake, "192.0.2.1"));
    }

    void timeoutIsEmptyWithReason() {
        FakeResolver fake;
        fake.fail("1.2.0.192.in-addr.arpa", "PTR", -1, "timeout");
        const std::string b = body(fake, "192.0.2.1");
        CPPUNIT_ASSERT_MESSAGE(b, contains(b, R"("hostnames":[],"forward_confirmed":false,"forward_addresses":[],)"
                                              R"j("reasons":{"hostnames":"PTR lookup failed: timeout )j"
                                              R"j((the DNS resolver did not answer in time)",)j"));
    }

    void otherFailuresAreNamed() {
        FakeResolver refused;
        refused.fail("1.2.0.192.in-addr.arpa", "PTR", 5);
        std::string b = body(refused, "192.0.2.1");
        CPPUNIT_ASSERT_MESSAGE(b, contains(b, R"("hostnames":"PTR lookup failed: the DNS resolver answered REFUSED")"));
        FakeResolver unreachable;
        unreachable.fail("1.2.0.192.in-addr.arpa", "PTR", -1, "connection refused");
        b = body(unreachable, "192.0.2.1");
        CPPUNIT_ASSERT_MESSAGE(b, contains(b, R"("hostnames":"PTR lookup failed: connection refused")"));
        FakeResolver refuses;
        refuses.resolverRefuses = true;
        b = body(refuses, "192.0.2.1");
        CPPUNIT_ASSERT_MESSAGE(b, contains(b, R"("hostnames":"PTR lookup failed: malformed DNS question")"));
    }

    void noResolverIsEmptyWithReason() {
        FakeResolver fake;
        fake.hasResolver = false;
        const std::string b = body(fake, "192.0.2.1");
        CPPUNIT_ASSERT_MESSAGE(
            b, contains(b, R"("hostnames":[],"forward_confirmed":false,"forward_addresses":[],)"
                           R"("reasons":{"hostnames":"no DNS resolver is configured",)"
                           R"("forward_addresses":"not looked up: there is no PTR host name to resolve"},)"));
    }

    // A lookup the resolver did not answer (timeout, SERVFAIL, REFUSED, the
    // facility refusing) is transient; NXDOMAIN, NODATA and no resolver at all
    // are answers, which caches may keep.
    void onlyAFailedLookupIsTransient() {
        auto transient = [](FakeResolver& fake) {
            return lookUpReverse(fake.host(), *parseAddress("192.0.2.1")).transient;
        };
        FakeResolver sound;
        sound.answer("1.2.0.192.in-addr.arpa", "PTR", {"host.example.test."});
        sound.answer("host.example.test", "A", {"192.0.2.1"});
        CPPUNIT_ASSERT(!transient(sound));
        FakeResolver nodata, nxdomain, none;
        nxdomain.fail("1.2.0.192.in-addr.arpa", "PTR", 3);
        none.hasResolver = false;
        CPPUNIT_ASSERT(!transient(nodata) && !transient(nxdomain) && !transient(none));
        for (int rcode : {2, 5}) {
            FakeResolver failed;
            failed.fail("1.2.0.192.in-addr.arpa", "PTR", rcode);
            CPPUNIT_ASSERT_MESSAGE(std::to_string(rcode), transient(failed));
        }
        FakeResolver timedOut, refuses;
        timedOut.fail("1.2.0.192.in-addr.arpa", "PTR", -1, "timeout");
        refuses.resolverRefuses = true;
        CPPUNIT_ASSERT(transient(timedOut) && transient(refuses));
        FakeResolver forward;  // the PTR answered, its name's A query did not
        forward.answer("1.2.0.192.in-addr.arpa", "PTR", {"host.example.test."});
        forward.fail("host.example.test", "A", -1, "timeout");
        CPPUNIT_ASSERT(transient(forward));
    }

    void failedForwardLookupIsReported() {
        FakeResolver fake;
        fake.answer("1.2.0.192.in-addr.arpa", "PTR", {"host.example.test."});
        fake.fail("host.example.test", "A", -1, "timeout");
        const std::string b = body(fake, "192.0.2.1");
        CPPUNIT_ASSERT_MESSAGE(b, contains(b, R"("hostnames":["host.example.test"],"forward_confirmed":false,)"
                                              R"("forward_addresses":[],"reasons":{"forward_addresses":)"
                                              R"("the A lookup of host.example.test failed: timeout )"
                                              R"j((the DNS resolver did not answer in time)"},)j"));
    }

    void hostnamesWithoutAddressesSayWhy() {
        FakeResolver fake;  // the forward questions are answered NOERROR, empty
        fake.answer("1.2.0.192.in-addr.arpa", "PTR", {"host.example.test."});
        fake.fail("host.example.test", "AAAA", 3);
        const std::string b = body(fake, "192.0.2.1");
        CPPUNIT_ASSERT_MESSAGE(b, contains(b, R"("hostnames":["host.example.test"],"forward_confirmed":false,)"
                                              R"("forward_addresses":[],"reasons":{"forward_addresses":)"
                                              R"("the PTR host names have no A or AAAA record"},)"));
        CPPUNIT_ASSERT_MESSAGE(b, !contains(b, R"("hostnames":")"));
    }

    void unaskableHostnameIsListedButNotAsked() {
        FakeResolver fake;
        fake.answer("1.2.0.192.in-addr.arpa", "PTR", {"bad name.example.test.", "host.example.test."});
        fake.answer("host.example.test", "A", {"192.0.2.1"});
        const std::string b = body(fake, "192.0.2.1");
        CPPUNIT_ASSERT_MESSAGE(b, contains(b, R"("hostnames":["bad name.example.test","host.example.test"],)"
                                              R"("forward_confirmed":true,"forward_addresses":["192.0.2.1"],)"
                                              R"("reasons":{"forward_addresses":"bad name.example.test is not a )"));
        CPPUNIT_ASSERT_EQUAL(size_t(2), fake.batches.at(1).size());
    }

    void forwardLookupIsBounded() {
        FakeResolver fake;
        std::vector<std::string> targets;
        for (size_t i = 0; i < kMaxForwardNames + 3; ++i) targets.push_back("h" + std::to_string(i) + ".example.test.");
        fake.answer("1.2.0.192.in-addr.arpa", "PTR", targets);
        const std::string b = body(fake, "192.0.2.1");
        CPPUNIT_ASSERT_EQUAL(kMaxForwardNames * 2, fake.batches.at(1).size());
        CPPUNIT_ASSERT_MESSAGE(b, contains(b, R"("h12.example.test"],)"));
        CPPUNIT_ASSERT_MESSAGE(b, contains(b, R"("reasons":{"forward_addresses":"3 more hostnames were not resolved)"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ReverseLookupTest);

}  // namespace ipfacts::reverse
