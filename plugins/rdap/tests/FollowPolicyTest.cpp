// FollowPolicy and UrlOrigin: a URL a registry's answer names is followed
// on its scheme's default port, or on an origin the operator's tables name,
// and nowhere else.
#include "FollowPolicy.h"
#include "UrlOrigin.h"

#include <cppunit/extensions/HelperMacros.h>

namespace ipfacts::rdap {
namespace {

Bootstrap configuredWith(const std::string& url) {
    Bootstrap b;
    b.add("asn", Bootstrap::parseFile(R"({"services":[[["64496-64511"],[")" + url + R"("]]]})", "test"), false);
    return b;
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

}  // namespace

class FollowPolicyTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(FollowPolicyTest);
    CPPUNIT_TEST(originMakesTheSchemesPortExplicit);
    CPPUNIT_TEST(malformedOrOtherSchemesHaveNoOrigin);
    CPPUNIT_TEST(defaultPortsAreFollowedAnywhere);
    CPPUNIT_TEST(anotherPortOnlyWhereTheTablesNameThatOrigin);
    CPPUNIT_TEST_SUITE_END();

public:
    void originMakesTheSchemesPortExplicit() {
        CPPUNIT_ASSERT_EQUAL(std::string("https://rdap.example:443"), originOf("https://RDAP.Example/ip/1")->text());
        CPPUNIT_ASSERT_EQUAL(std::string("http://rdap.example:80"), originOf("http://rdap.example")->text());
        CPPUNIT_ASSERT_EQUAL(std::string("http://rdap.example:80"), originOf("http://rdap.example:/x")->text());
        CPPUNIT_ASSERT_EQUAL(8080, originOf("http://rdap.example:8080/x?y=1")->port);
        CPPUNIT_ASSERT_EQUAL(std::string("h"), originOf("https://user:pw@h:99/")->host);
        auto v6 = originOf("https://[2001:db8::1]:8443/ip/1");
        CPPUNIT_ASSERT_EQUAL(std::string("[2001:db8::1]"), v6->host);
        CPPUNIT_ASSERT_EQUAL(8443, v6->port);
        CPPUNIT_ASSERT(originOf("https://[2001:db8::1]/")->onDefaultPort());
    }

    void malformedOrOtherSchemesHaveNoOrigin() {
        CPPUNIT_ASSERT(!originOf("ftp://rdap.example/"));
        CPPUNIT_ASSERT(!originOf("rdap.example/ip/1"));
        CPPUNIT_ASSERT(!originOf("https:///ip/1"));
        CPPUNIT_ASSERT(!originOf("https://h:0/"));
        CPPUNIT_ASSERT(!originOf("https://h:65536/"));
        CPPUNIT_ASSERT(!originOf("https://h:44x/"));
    }

    void defaultPortsAreFollowedAnywhere() {
        const Bootstrap b = configuredWith("https://rdap.example/");
        CPPUNIT_ASSERT_EQUAL(std::string(), followRefusal("https://rdap.elsewhere.example/ip/1", b));
        CPPUNIT_ASSERT_EQUAL(std::string(), followRefusal("https://rdap.elsewhere.example:443/ip/1", b));
        CPPUNIT_ASSERT_EQUAL(std::string(), followRefusal("http://rdap.elsewhere.example:80/ip/1", b));
        CPPUNIT_ASSERT(contains(followRefusal("gopher://rdap.example/", b), "not an http or https URL"));
    }

    void anotherPortOnlyWhereTheTablesNameThatOrigin() {
        const Bootstrap b = configuredWith("https://nic.example:8443/rdap/");
        CPPUNIT_ASSERT_EQUAL(std::string(), followRefusal("https://NIC.example:8443/rdap/domain/a.example", b));
        const std::string otherPort = followRefusal("https://nic.example:8444/rdap/", b);
        CPPUNIT_ASSERT_MESSAGE(otherPort,
                               contains(otherPort, "port 8444 of nic.example is not https's default port (443)"));
        CPPUNIT_ASSERT(!followRefusal("http://nic.example:8443/rdap/", b).empty());     // another scheme
        CPPUNIT_ASSERT(!followRefusal("https://other.example:8443/rdap/", b).empty());  // another host
        CPPUNIT_ASSERT(contains(followRefusal("http://127.0.0.1:22/", b), "port 22 of 127.0.0.1"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(FollowPolicyTest);

}  // namespace ipfacts::rdap
