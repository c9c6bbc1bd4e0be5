// RegistryAddress: the address forms registries write, in RDAP bounds and
// WHOIS ranges, read to one canonical text; anything else refused.
#include "RegistryAddress.h"

#include <cppunit/extensions/HelperMacros.h>

namespace ipfacts::rdap {

class RegistryAddressTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(RegistryAddressTest);
    CPPUNIT_TEST(wholeAddresses);
    CPPUNIT_TEST(blockStarts);
    CPPUNIT_TEST(refused);
    CPPUNIT_TEST_SUITE_END();

    static std::string whole(const std::string& raw) {
        const auto a = registryAddress(raw);
        return a ? a->text() : "(none)";
    }
    static std::string start(const std::string& raw) {
        const auto a = registryBlockStart(raw);
        return a ? a->text() : "(none)";
    }

public:
    void wholeAddresses() {
        CPPUNIT_ASSERT_EQUAL(std::string("74.125.0.0"), whole("074.125.000.000"));  // ARIN: decimal, not octal
        CPPUNIT_ASSERT_EQUAL(std::string("192.0.2.255"), whole("192.0.2.255"));
        CPPUNIT_ASSERT_EQUAL(std::string("2001:240::"), whole("2001:0240:0000:0000:0000:0000:0000:0000"));
        CPPUNIT_ASSERT_EQUAL(std::string("2001:4860::ffff"), whole("2001:4860:0000:0000:0000:0000:0000:FFFF"));
    }

    void blockStarts() {
        CPPUNIT_ASSERT_EQUAL(std::string("200.57.128.0"), start("200.57.128"));  // LACNIC
        CPPUNIT_ASSERT_EQUAL(std::string("10.0.0.0"), start("10"));
        CPPUNIT_ASSERT_EQUAL(std::string("74.125.0.0"), start("074.125.000.000"));
        CPPUNIT_ASSERT_EQUAL(std::string("2001:db8::"), start("2001:DB8::"));
    }

    void refused() {
        // A whole address has all four octets: a short one is no end of a range.
        CPPUNIT_ASSERT_EQUAL(std::string("(none)"), whole("200.57.128"));
        for (const char* bad : {"", "1.2.3.4.5", "1.2.3.", "1..2.3", "256.0.0.0", "0074.1.1.1", "1.2.3.x", " 1.2.3.4",
                                "2001:db8::/32", "fe80::1%eth0"}) {
            CPPUNIT_ASSERT_EQUAL_MESSAGE(bad, std::string("(none)"), whole(bad));
            CPPUNIT_ASSERT_EQUAL_MESSAGE(bad, std::string("(none)"), start(bad));
        }
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(RegistryAddressTest);

}  // namespace ipfacts::rdap
