// The DnsResponse body end to end against a fake DoH facility: exact
// shape, null status, the no-DoH reason and a refused question.
#include "DnsLookup.h"

#include <ipfacts/testing/FakeHost.hpp>

#include <cppunit/extensions/HelperMacros.h>

namespace ipfacts::dns {
namespace {

using testing::FakeHost;

DnsAnswer answer(std::string source, int rcode, bool ad, std::vector<DnsRecord> records) {
    return testing::dnsAnswer(rcode, std::move(records), std::move(source), ad);
}

const DnsQuery kQuery{"Bücher.example", "xn--bcher-kva.example", "A"};
const std::string kStamp = R"("checked_at":"2026-11-22T18:51:11Z","source":"ipfacts.example"})";

}  // namespace

class DnsLookupTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(DnsLookupTest);
    CPPUNIT_TEST(writesEveryAnswerSeparately);
    CPPUNIT_TEST(failedResolverHasNullStatus);
    CPPUNIT_TEST(anyFailedResolverMakesTheAnswerTransient);
    CPPUNIT_TEST(refusedQuestionIsAnEmptyAnswerWithAReason);
    CPPUNIT_TEST_SUITE_END();

public:
    void writesEveryAnswerSeparately() {
        FakeHost fake;
        fake.dohAnswers = {answer("cloudflare", 0, true, {{"xn--bcher-kva.example.", "A", 300, "192.0.2.1"}}),
                           answer("google", 0, true, {{"xn--bcher-kva.example.", "A", 123, "192.0.2.1"}})};
        const DnsReply reply = lookUpDns(fake.host(), kQuery);
        const std::string& body = reply.body;
        CPPUNIT_ASSERT_EQUAL(
            std::string(R"({"name":"Bücher.example","ascii_name":"xn--bcher-kva.example","type":"A","answers":[)"
                        R"({"resolver":"cloudflare","status":0,"ad":true,"records":[{"name":"xn--bcher-kva.example.",)"
                        R"("type":"A","ttl":300,"data":"192.0.2.1"}],"error":null},)"
                        R"({"resolver":"google","status":0,"ad":true,"records":[{"name":"xn--bcher-kva.example.",)"
                        R"("type":"A","ttl":123,"data":"192.0.2.1"}],"error":null}],"agree":true,"dnssec":true,)") +
                kStamp,
            body);
        CPPUNIT_ASSERT_EQUAL(size_t(1), fake.dohAsked.size());
        CPPUNIT_ASSERT_EQUAL(std::string("xn--bcher-kva.example"), fake.dohAsked[0].name);
        CPPUNIT_ASSERT_EQUAL(std::string("A"), fake.dohAsked[0].type);
        CPPUNIT_ASSERT(!reply.transient);  // every resolver answered: the route's lifetime
    }

    void failedResolverHasNullStatus() {
        FakeHost fake;
        DnsAnswer timedOut = answer("quad9", -1, false, {});
        timedOut.error = "timeout";
        fake.dohAnswers = {answer("cloudflare", 3, false, {}), timedOut, answer("google", -1, false, {})};
        const DnsReply reply = lookUpDns(fake.host(), kQuery);
        const std::string& body = reply.body;
        CPPUNIT_ASSERT_MESSAGE(
            body, body.find(R"({"resolver":"cloudflare","status":3,"ad":false,"records":[],)"
                            R"("error":null},{"resolver":"quad9","status":null,"ad":false,)"
                            R"("records":[],"error":"timeout"},{"resolver":"google",)"
                            R"("status":null,"ad":false,"records":[],"error":"no response from the DNS resolver"}],)"
                            R"("agree":true,"dnssec":false,)") != std::string::npos);
        CPPUNIT_ASSERT(reply.transient);  // rows without a response: no cache may keep them
    }

    // One resolver failing is enough, SERVFAIL and REFUSED included; NXDOMAIN and NODATA are answers.
    void anyFailedResolverMakesTheAnswerTransient() {
        FakeHost fake;
        fake.dohAnswers = {answer("cloudflare", 3, false, {}), answer("google", 0, false, {})};
        CPPUNIT_ASSERT(!lookUpDns(fake.host(), kQuery).transient);
        fake.dohAnswers = {answer("cloudflare", 0, false, {{"xn--bcher-kva.example.", "A", 300, "192.0.2.1"}}),
                           answer("google", 2, false, {})};
        CPPUNIT_ASSERT(lookUpDns(fake.host(), kQuery).transient);
        fake.dohAnswers = {answer("cloudflare", 3, false, {}), answer("google", 5, false, {})};
        CPPUNIT_ASSERT(lookUpDns(fake.host(), kQuery).transient);
        DnsAnswer timedOut = answer("quad9", -1, false, {});
        timedOut.error = "timeout after 2500 ms";
        fake.dohAnswers = {answer("cloudflare", 0, false, {{"xn--bcher-kva.example.", "A", 300, "192.0.2.1"}}),
                           timedOut};
        CPPUNIT_ASSERT(lookUpDns(fake.host(), kQuery).transient);
    }

    void refusedQuestionIsAnEmptyAnswerWithAReason() {
        FakeHost fake;
        fake.dohRefuses = true;
        const DnsReply reply = lookUpDns(fake.host(), kQuery);
        const std::string& body = reply.body;
        CPPUNIT_ASSERT_MESSAGE(body, body.find(R"("answers":[],"agree":false,"dnssec":false,"reasons":{"answers":")") !=
                                         std::string::npos);
        CPPUNIT_ASSERT_EQUAL(size_t(1), fake.log.size());
        CPPUNIT_ASSERT(reply.transient);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(DnsLookupTest);

}  // namespace ipfacts::dns
