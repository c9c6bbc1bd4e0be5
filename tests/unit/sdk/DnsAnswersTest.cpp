// ipfacts/dns_answers.hpp and dnsFailureText: the questions plugins ask, what
// they read out of answers, and the one wording of a failed answer that
// /api/v1/lookup, /api/v1/reverse and /json?full=1 share.
#include <ipfacts/dns_answers.hpp>
#include <ipfacts/testing/FakeHost.hpp>

#include <cppunit/extensions/HelperMacros.h>

namespace ipfacts {
namespace {

DnsRecord rr(std::string type, std::string data) {
    return DnsRecord{"1.2.0.192.in-addr.arpa.", std::move(type), 300, std::move(data)};
}

DnsAnswers one(DnsAnswer a) { return DnsAnswers{std::move(a)}; }

}  // namespace

class DnsAnswersTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(DnsAnswersTest);
    CPPUNIT_TEST(addressQuestionsAskAThenAaaaPerName);
    CPPUNIT_TEST(ptrNamesDropTheDotDuplicatesAndOtherRecords);
    CPPUNIT_TEST(addressesOfOneFamilyEachOnce);
    CPPUNIT_TEST(oneWordingForAFailedAnswer);
    CPPUNIT_TEST(noResponseTextFallsBack);
    CPPUNIT_TEST(lookUpPtrGivesNamesOrAReason);
    CPPUNIT_TEST_SUITE_END();

public:
    void addressQuestionsAskAThenAaaaPerName() {
        const std::vector<DnsQuestion> q = addressQuestions(std::vector<std::string>{"a.test", "b.test"});
        CPPUNIT_ASSERT_EQUAL(size_t(4), q.size());
        CPPUNIT_ASSERT_EQUAL(std::string("a.test A"), q[0].name + " " + q[0].type);
        CPPUNIT_ASSERT_EQUAL(std::string("a.test AAAA"), q[1].name + " " + q[1].type);
        CPPUNIT_ASSERT_EQUAL(std::string("b.test A"), q[2].name + " " + q[2].type);
        CPPUNIT_ASSERT_EQUAL(std::string("b.test AAAA"), q[3].name + " " + q[3].type);
        CPPUNIT_ASSERT_EQUAL(size_t(2), addressQuestions("example.com").size());
    }

    void ptrNamesDropTheDotDuplicatesAndOtherRecords() {
        const DnsAnswers a = one(testing::dnsAnswer(
            0, {rr("CNAME", "1.0/25.2.0.192.in-addr.arpa."), rr("PTR", "b.example.test."), rr("PTR", "."),
                rr("ptr", "a.example.test."), rr("PTR", "B.Example.TEST."), rr("PTR", "a.example.test")}));
        const std::vector<std::string> names = ptrNames(a[0]);
        CPPUNIT_ASSERT_EQUAL(size_t(2), names.size());
        CPPUNIT_ASSERT_EQUAL(std::string("b.example.test"), names[0]);
        CPPUNIT_ASSERT_EQUAL(std::string("a.example.test"), names[1]);
        CPPUNIT_ASSERT_EQUAL(std::string("host.example"), std::string(hostnameOf("host.example.")));
        CPPUNIT_ASSERT_EQUAL(std::string("host.example"), std::string(hostnameOf("host.example")));
    }

    void addressesOfOneFamilyEachOnce() {
        const DnsAnswers a = one(testing::dnsAnswer(
            0, {rr("CNAME", "edge.example."), rr("A", "192.0.2.2"), rr("a", "192.0.2.1"), rr("A", "2001:db8::1"),
                rr("A", "192.0.2.2"), rr("AAAA", "2001:DB8:0::1"), rr("AAAA", "192.0.2.9")}));
        const std::vector<Address> v4 = addressesOf(a[0], 4);
        CPPUNIT_ASSERT_EQUAL(size_t(2), v4.size());
        CPPUNIT_ASSERT_EQUAL(std::string("192.0.2.2"), v4[0].text());
        CPPUNIT_ASSERT_EQUAL(std::string("192.0.2.1"), v4[1].text());
        const std::vector<Address> v6 = addressesOf(a[0], 6);
        CPPUNIT_ASSERT_EQUAL(size_t(1), v6.size());
        CPPUNIT_ASSERT_EQUAL(std::string("2001:db8::1"), v6[0].text());
    }

    void oneWordingForAFailedAnswer() {
        const DnsAnswers a{testing::dnsAnswer(0),
                           testing::dnsAnswer(3),
                           testing::dnsAnswer(2),
                           testing::dnsNoResponse("timeout"),
                           testing::dnsNoResponse("connection refused"),
                           testing::dnsAnswer(-1)};
        CPPUNIT_ASSERT(!answerFailure(a[0]));  // NOERROR
        CPPUNIT_ASSERT(!answerFailure(a[1]));  // NXDOMAIN answers a name question
        CPPUNIT_ASSERT_EQUAL(std::string("the DNS resolver answered SERVFAIL"), answerFailure(a[2]).value());
        CPPUNIT_ASSERT_EQUAL(std::string("timeout (the DNS resolver did not answer in time)"),
                             answerFailure(a[3]).value());
        CPPUNIT_ASSERT_EQUAL(std::string("connection refused"), answerFailure(a[4]).value());
        CPPUNIT_ASSERT_EQUAL(std::string("no response from the DNS resolver"), answerFailure(a[5]).value());
        // The PTR reasons put the same words after their prefix.
        CPPUNIT_ASSERT_EQUAL(std::string("PTR lookup failed: timeout (the DNS resolver did not answer in time)"),
                             ptrAnswerReason(-1, std::string_view("timeout")).value());
        CPPUNIT_ASSERT_EQUAL(std::string("PTR lookup failed: the DNS resolver answered REFUSED"),
                             ptrAnswerReason(5, std::nullopt).value());
    }

    void noResponseTextFallsBack() {
        const DnsAnswers a{testing::dnsNoResponse("TLS: bad"), testing::dnsAnswer(-1)};
        CPPUNIT_ASSERT_EQUAL(std::string("TLS: bad"), std::string(noResponseText(a[0])));
        CPPUNIT_ASSERT_EQUAL(std::string(kNoDnsResponseText), std::string(noResponseText(a[1])));
        CPPUNIT_ASSERT(!responded(a[0]) && responded(DnsAnswers{testing::dnsAnswer(3)}[0]));
    }

    void lookUpPtrGivesNamesOrAReason() {
        testing::FakeHost fake;
        fake.answer("1.2.0.192.in-addr.arpa", "PTR", {"h.example."});
        PtrLookup found = lookUpPtr(fake.host(), "1.2.0.192.in-addr.arpa");
        CPPUNIT_ASSERT(!found.reason && !found.failed);
        CPPUNIT_ASSERT_EQUAL(std::string("h.example"), found.names.at(0));
        CPPUNIT_ASSERT_EQUAL(std::string("PTR"), fake.asked.at(0).type);

        fake.fail("1.2.0.192.in-addr.arpa", "PTR", 3);
        const PtrLookup nxdomain = lookUpPtr(fake.host(), "1.2.0.192.in-addr.arpa");
        CPPUNIT_ASSERT_EQUAL(std::string("no PTR record: NXDOMAIN (the reverse name does not exist)"),
                             nxdomain.reason.value());
        CPPUNIT_ASSERT(!nxdomain.failed);
        fake.fail("1.2.0.192.in-addr.arpa", "PTR", 2);
        const PtrLookup servfail = lookUpPtr(fake.host(), "1.2.0.192.in-addr.arpa");
        CPPUNIT_ASSERT_EQUAL(std::string("PTR lookup failed: the DNS resolver answered SERVFAIL"),
                             servfail.reason.value());
        CPPUNIT_ASSERT(servfail.failed);
        fake.dns["1.2.0.192.in-addr.arpa PTR"] = testing::dnsAnswer(0, {rr("CNAME", "x.")});
        const PtrLookup nodata = lookUpPtr(fake.host(), "1.2.0.192.in-addr.arpa");
        CPPUNIT_ASSERT_EQUAL(ptrNoDataReason(), nodata.reason.value());
        CPPUNIT_ASSERT(!nodata.failed);
        fake.resolverRefuses = true;
        const PtrLookup refused = lookUpPtr(fake.host(), "1.2.0.192.in-addr.arpa");
        CPPUNIT_ASSERT_EQUAL(std::string("PTR lookup failed: malformed DNS question"), refused.reason.value());
        CPPUNIT_ASSERT(refused.failed);
        fake.hasResolver = false;
        const PtrLookup none = lookUpPtr(fake.host(), "1.2.0.192.in-addr.arpa");
        CPPUNIT_ASSERT(none.names.empty() && !none.failed);
        CPPUNIT_ASSERT_EQUAL(std::string(kNoResolverReason), none.reason.value());
        CPPUNIT_ASSERT_EQUAL(0, fake.openBatches);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(DnsAnswersTest);

}  // namespace ipfacts
