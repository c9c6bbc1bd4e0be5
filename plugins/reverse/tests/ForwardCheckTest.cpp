// Forward confirmation: addresses compared as bytes, collected once each.
#include "ForwardCheck.h"

#include <ipfacts/dns_answers.hpp>

#include <cppunit/extensions/HelperMacros.h>

namespace ipfacts::reverse {
namespace {

DnsAnswer answer(int rcode, std::vector<DnsRecord> records, std::optional<std::string> error = std::nullopt) {
    DnsAnswer a;
    a.rcode = rcode;
    a.records = std::move(records);
    a.error = std::move(error);
    return a;
}

DnsRecord rr(std::string type, std::string data) {
    return DnsRecord{"h.example.test.", std::move(type), 60, std::move(data)};
}

Address ip(const char* text) { return parseAddress(text).value(); }

}  // namespace

class ForwardCheckTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(ForwardCheckTest);
    CPPUNIT_TEST(confirmsByBytesNotText);
    CPPUNIT_TEST(collectsEachAddressOnceInOrder);
    CPPUNIT_TEST(unconfirmedWhenAbsent);
    CPPUNIT_TEST(reportsFailedQuestions);
    CPPUNIT_TEST_SUITE_END();

public:
    void confirmsByBytesNotText() {
        const auto questions = addressQuestions("h.example.test");
        const ForwardResult r =
            checkForward(questions, {answer(0, {}), answer(0, {rr("AAAA", "2001:db8:0::10")})}, ip("2001:DB8::0010"));
        CPPUNIT_ASSERT(r.confirmed);
        CPPUNIT_ASSERT_EQUAL(std::string("2001:db8::10"), r.addresses.at(0).text());
    }

    void collectsEachAddressOnceInOrder() {
        const auto questions = addressQuestions(std::vector<std::string>{"a.test", "b.test"});
        const ForwardResult r =
            checkForward(questions,
                         {answer(0, {rr("CNAME", "b.test."), rr("A", "192.0.2.2"), rr("A", "192.0.2.1")}),
                          answer(0, {rr("AAAA", "2001:db8::1")}), answer(0, {rr("A", "192.0.2.1")}),
                          answer(0, {rr("AAAA", "2001:DB8::1"), rr("AAAA", "192.0.2.9")})},
                         ip("192.0.2.1"));
        CPPUNIT_ASSERT(r.confirmed);
        CPPUNIT_ASSERT_EQUAL(size_t(3), r.addresses.size());
        CPPUNIT_ASSERT_EQUAL(std::string("192.0.2.2"), r.addresses[0].text());
        CPPUNIT_ASSERT_EQUAL(std::string("192.0.2.1"), r.addresses[1].text());
        CPPUNIT_ASSERT_EQUAL(std::string("2001:db8::1"), r.addresses[2].text());
        CPPUNIT_ASSERT(r.failures.empty());
    }

    void unconfirmedWhenAbsent() {
        const auto questions = addressQuestions("h.test");
        CPPUNIT_ASSERT(
            !checkForward(questions, {answer(0, {rr("A", "192.0.2.2")}), answer(3, {})}, ip("192.0.2.1")).confirmed);
        // An IPv4-mapped AAAA is not the IPv4 address itself.
        CPPUNIT_ASSERT(
            !checkForward(questions, {answer(0, {}), answer(0, {rr("AAAA", "::ffff:192.0.2.1")})}, ip("192.0.2.1"))
                 .confirmed);
        CPPUNIT_ASSERT(!checkForward(questions, {}, ip("192.0.2.1")).confirmed);
    }

    void reportsFailedQuestions() {
        const auto questions = addressQuestions("h.test");
        const ForwardResult r =
            checkForward(questions, {answer(2, {}), answer(-1, {}, std::string("timeout"))}, ip("192.0.2.1"));
        CPPUNIT_ASSERT_EQUAL(size_t(2), r.failures.size());
        CPPUNIT_ASSERT_EQUAL(std::string("the A lookup of h.test failed: the DNS resolver answered SERVFAIL"),
                             r.failures[0]);
        CPPUNIT_ASSERT_EQUAL(
            std::string("the AAAA lookup of h.test failed: timeout (the DNS resolver did not answer in time)"),
            r.failures[1]);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ForwardCheckTest);

}  // namespace ipfacts::reverse
