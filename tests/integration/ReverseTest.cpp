// /api/v1/reverse/{ip} through the resolver facility (unbound "alpha", plain DNS).
#include "tests/integration/support/HttpClient.h"
#include "tests/integration/support/Json.h"

#include <cppunit/extensions/HelperMacros.h>

#include <Poco/JSON/Array.h>

using namespace ipfacts::testing;
using Poco::JSON::Object;

namespace {

/// A sound answer: the route's lifetime. `failed`: a lookup the resolver did
/// not answer, which no cache keeps (no-store, never from memory).
Object::Ptr reverse(const std::string& ip, bool failed = false) {
    auto r = get("/api/v1/reverse/" + ip);
    CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 200, r.status);
    CPPUNIT_ASSERT_EQUAL(std::string(failed ? "no-store" : "public, max-age=300"), *r.header("Cache-Control"));
    if (failed) CPPUNIT_ASSERT(!r.header("Age"));
    return parseJson(r.body);
}

std::vector<std::string> strings(const Object::Ptr& o, const std::string& key) {
    std::vector<std::string> out;
    auto a = o->getArray(key);
    for (size_t i = 0; i < a->size(); ++i) out.push_back(a->getElement<std::string>(static_cast<unsigned>(i)));
    return out;
}

}  // namespace

class ReverseTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(ReverseTest);
    CPPUNIT_TEST(confirmedIpv4);
    CPPUNIT_TEST(unconfirmedPtrCarriesNoWeight);
    CPPUNIT_TEST(noPtrIsEmpty);
    CPPUNIT_TEST(refusedPtrLookupSaysWhy);
    CPPUNIT_TEST(severalPtrNames);
    CPPUNIT_TEST(confirmedIpv6ComparedAsAddresses);
    CPPUNIT_TEST(mappedAddressIsItsIpv4);
    CPPUNIT_TEST(malformedAddressIs400);
    CPPUNIT_TEST_SUITE_END();

public:
    void confirmedIpv4() {
        auto body = reverse("192.0.2.10");
        CPPUNIT_ASSERT_EQUAL(std::string("192.0.2.10"), body->getValue<std::string>("ip"));
        CPPUNIT_ASSERT_EQUAL(4, body->getValue<int>("version"));
        CPPUNIT_ASSERT_EQUAL(std::string("10.2.0.192.in-addr.arpa"), body->getValue<std::string>("arpa"));
        CPPUNIT_ASSERT(strings(body, "hostnames") == std::vector<std::string>{"host.example.test"});
        CPPUNIT_ASSERT(strings(body, "forward_addresses") == std::vector<std::string>{"192.0.2.10"});
        CPPUNIT_ASSERT(body->getValue<bool>("forward_confirmed"));
        CPPUNIT_ASSERT(!body->has("reasons"));  // nothing is empty
    }
    void unconfirmedPtrCarriesNoWeight() {
        auto body = reverse("192.0.2.11");
        CPPUNIT_ASSERT(strings(body, "hostnames") == std::vector<std::string>{"liar.example.test"});
        CPPUNIT_ASSERT(strings(body, "forward_addresses") == std::vector<std::string>{"192.0.2.99"});
        CPPUNIT_ASSERT(!body->getValue<bool>("forward_confirmed"));
    }
    void noPtrIsEmpty() {
        auto body = reverse("192.0.2.12");  // no record in 2.0.192.in-addr.arpa: NXDOMAIN
        CPPUNIT_ASSERT(strings(body, "hostnames").empty());
        CPPUNIT_ASSERT(strings(body, "forward_addresses").empty());
        CPPUNIT_ASSERT(!body->getValue<bool>("forward_confirmed"));
        auto reasons = body->getObject("reasons");
        CPPUNIT_ASSERT(reasons);
        CPPUNIT_ASSERT_EQUAL(std::string("no PTR record: NXDOMAIN (the reverse name does not exist)"),
                             reasons->getValue<std::string>("hostnames"));
        CPPUNIT_ASSERT_EQUAL(std::string("not looked up: there is no PTR host name to resolve"),
                             reasons->getValue<std::string>("forward_addresses"));
    }
    void refusedPtrLookupSaysWhy() {
        // The fixture resolvers refuse every name outside their zones.
        auto body = reverse("8.8.4.4", true);
        CPPUNIT_ASSERT(strings(body, "hostnames").empty());
        reverse("8.8.4.4", true);  // asked again: made afresh, not served from the response cache
        CPPUNIT_ASSERT_EQUAL(std::string("PTR lookup failed: the DNS resolver answered REFUSED"),
                             body->getObject("reasons")->getValue<std::string>("hostnames"));
    }
    void severalPtrNames() {
        auto names = strings(reverse("192.0.2.13"), "hostnames");
        CPPUNIT_ASSERT_EQUAL(size_t(2), names.size());
        CPPUNIT_ASSERT(std::find(names.begin(), names.end(), "www.example.test") != names.end());
    }
    void confirmedIpv6ComparedAsAddresses() {
        auto body = reverse("2001:DB8:0:0::0010");
        CPPUNIT_ASSERT_EQUAL(std::string("2001:db8::10"), body->getValue<std::string>("ip"));
        CPPUNIT_ASSERT_EQUAL(6, body->getValue<int>("version"));
        CPPUNIT_ASSERT_EQUAL(std::string("0.1.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.8.b.d.0.1.0.0.2.ip6.arpa"),
                             body->getValue<std::string>("arpa"));
        CPPUNIT_ASSERT(strings(body, "hostnames") == std::vector<std::string>{"host6.example.test"});
        CPPUNIT_ASSERT(body->getValue<bool>("forward_confirmed"));
    }
    void mappedAddressIsItsIpv4() {
        auto body = reverse("::ffff:192.0.2.10");
        CPPUNIT_ASSERT_EQUAL(4, body->getValue<int>("version"));
        CPPUNIT_ASSERT(body->getValue<bool>("forward_confirmed"));
    }
    void malformedAddressIs400() {
        for (const char* bad : {"not-an-ip", "192.0.2", "fe80::1%25eth0", "192.0.2.0%2F24", "999.1.1.1"}) {
            auto r = get(std::string("/api/v1/reverse/") + bad);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(bad, 400, r.status);
            CPPUNIT_ASSERT_EQUAL(std::string("invalid_address"), parseJson(r.body)->getValue<std::string>("error"));
        }
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ReverseTest);
