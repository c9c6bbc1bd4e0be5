// The edges of `agree` and `dnssec`: who counts as having answered, what
// differences are ignored and which are not.
#include "AnswerConsensus.h"

#include <ipfacts/dns_answers.hpp>
#include <ipfacts/testing/FakeHost.hpp>

#include <cppunit/extensions/HelperMacros.h>

namespace ipfacts::dns {
namespace {

DnsAnswer answer(std::string source, int rcode, bool ad, std::vector<DnsRecord> records) {
    return testing::dnsAnswer(rcode, std::move(records), std::move(source), ad);
}

DnsAnswer failed(std::string source, std::string why) {
    return testing::dnsNoResponse(std::move(why), std::move(source));
}

DnsRecord rr(std::string type, uint32_t ttl, std::string data, std::string name = "example.test.") {
    return DnsRecord{std::move(name), std::move(type), ttl, std::move(data)};
}

}  // namespace

class AnswerConsensusTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(AnswerConsensusTest);
    CPPUNIT_TEST(noAnswersAtAllIsNeither);
    CPPUNIT_TEST(noneAnsweredIsNeither);
    CPPUNIT_TEST(oneAnsweredAloneAgrees);
    CPPUNIT_TEST(ignoresOrderTtlAndNameCase);
    CPPUNIT_TEST(ignoresDuplicatesAndSignatures);
    CPPUNIT_TEST(keepsCaseOfOpaqueData);
    CPPUNIT_TEST(differentDataDisagrees);
    CPPUNIT_TEST(differentRcodeDisagrees);
    CPPUNIT_TEST(emptyNxdomainAnswersAgree);
    CPPUNIT_TEST(oneMissingAdIsNotDnssec);
    CPPUNIT_TEST(failedResolverDoesNotCount);
    CPPUNIT_TEST_SUITE_END();

public:
    void noAnswersAtAllIsNeither() {
        const Consensus c = consensusOf({});
        CPPUNIT_ASSERT(!c.agree);
        CPPUNIT_ASSERT(!c.dnssec);
    }

    void noneAnsweredIsNeither() {
        const Consensus c = consensusOf({failed("a", "timeout"), failed("b", "TLS: handshake failed")});
        CPPUNIT_ASSERT(!c.agree);
        CPPUNIT_ASSERT(!c.dnssec);
    }

    void oneAnsweredAloneAgrees() {
        const Consensus c = consensusOf({answer("a", 0, true, {rr("A", 300, "192.0.2.1")})});
        CPPUNIT_ASSERT(c.agree);
        CPPUNIT_ASSERT(c.dnssec);
    }

    void ignoresOrderTtlAndNameCase() {
        const Consensus c = consensusOf({
            answer("a", 0, true, {rr("MX", 300, "10 MX1.Example.Test."), rr("MX", 300, "20 mx2.example.test.")}),
            answer("b", 0, true,
                   {rr("mx", 17, "20 mx2.example.test.", "EXAMPLE.test."), rr("MX", 299, "10 mx1.example.test.")}),
        });
        CPPUNIT_ASSERT(c.agree);
        CPPUNIT_ASSERT(c.dnssec);
    }

    void ignoresDuplicatesAndSignatures() {
        CPPUNIT_ASSERT(answersAgree({
            answer("a", 0, true, {rr("A", 60, "192.0.2.1"), rr("RRSIG", 60, "A 13 2 60 20261201000000 ... sigA")}),
            answer("b", 0, true,
                   {rr("A", 60, "192.0.2.1"), rr("A", 60, "192.0.2.1"),
                    rr("RRSIG", 60, "A 13 2 60 20261130000000 ... sigB")}),
        }));
    }

    void keepsCaseOfOpaqueData() {
        CPPUNIT_ASSERT(!answersAgree({answer("a", 0, false, {rr("TXT", 60, "\"v=spf1 -all\"")}),
                                      answer("b", 0, false, {rr("TXT", 60, "\"V=SPF1 -ALL\"")})}));
        CPPUNIT_ASSERT(!answersAgree({answer("a", 0, false, {rr("DNSKEY", 60, "257 3 13 mdsswUyr3D")}),
                                      answer("b", 0, false, {rr("DNSKEY", 60, "257 3 13 MDSSWUYR3D")})}));
    }

    void differentDataDisagrees() {
        CPPUNIT_ASSERT(!answersAgree({answer("a", 0, false, {rr("A", 60, "192.0.2.1")}),
                                      answer("b", 0, false, {rr("A", 60, "192.0.2.1"), rr("A", 60, "192.0.2.2")})}));
        CPPUNIT_ASSERT(!answersAgree({answer("a", 0, false, {rr("A", 60, "192.0.2.1")}),
                                      answer("b", 0, false, {rr("CNAME", 60, "192.0.2.1")})}));
    }

    void differentRcodeDisagrees() {
        CPPUNIT_ASSERT(!answersAgree({answer("a", 0, false, {}), answer("b", 3, false, {})}));
        CPPUNIT_ASSERT(!answersAgree({answer("a", 3, false, {}), answer("b", 2, false, {})}));
    }

    void emptyNxdomainAnswersAgree() {
        CPPUNIT_ASSERT(answersAgree({answer("a", 3, false, {}), answer("b", 3, false, {})}));
    }

    void oneMissingAdIsNotDnssec() {
        const std::vector<DnsAnswer> answers = {answer("a", 0, true, {rr("A", 60, "192.0.2.1")}),
                                                answer("b", 0, false, {rr("A", 60, "192.0.2.1")}),
                                                answer("c", 0, true, {rr("A", 60, "192.0.2.1")})};
        CPPUNIT_ASSERT(!answersValidated(answers));
        CPPUNIT_ASSERT(answersAgree(answers));
    }

    void failedResolverDoesNotCount() {
        const DnsAnswers answers = {failed("a", "timeout"), answer("b", 0, true, {rr("A", 60, "192.0.2.1")}),
                                    failed("c", "HTTP 502")};
        CPPUNIT_ASSERT(answersAgree(answers));
        CPPUNIT_ASSERT(answersValidated(answers));
        CPPUNIT_ASSERT(!responded(answers[0]));
        CPPUNIT_ASSERT(responded(answers[1]));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(AnswerConsensusTest);

}  // namespace ipfacts::dns
