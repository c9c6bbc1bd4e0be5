// PTR targets to hostnames: trailing dot, duplicates, other records.
#include "PtrNames.h"

#include <cppunit/extensions/HelperMacros.h>

namespace ipfacts::reverse {
namespace {

DnsAnswer ptrAnswer(std::vector<DnsRecord> records) {
    DnsAnswer a;
    a.rcode = 0;
    a.records = std::move(records);
    return a;
}

DnsRecord rr(std::string type, std::string data) {
    return DnsRecord{"1.2.0.192.in-addr.arpa.", std::move(type), 300, std::move(data)};
}

}  // namespace

class PtrNamesTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(PtrNamesTest);
    CPPUNIT_TEST(dropsTrailingDot);
    CPPUNIT_TEST(keepsOrderAndDropsDuplicates);
    CPPUNIT_TEST(skipsOtherRecordsAndTheRoot);
    CPPUNIT_TEST(checksQueryableNames);
    CPPUNIT_TEST_SUITE_END();

public:
    void dropsTrailingDot() {
        CPPUNIT_ASSERT_EQUAL(std::string("host.example.test"), hostnameOf("host.example.test."));
        CPPUNIT_ASSERT_EQUAL(std::string("host.example.test"), hostnameOf("host.example.test"));
    }

    void keepsOrderAndDropsDuplicates() {
        const std::vector<std::string> names =
            ptrHostnames(ptrAnswer({rr("PTR", "b.example.test."), rr("PTR", "a.example.test."),
                                    rr("PTR", "B.Example.TEST."), rr("PTR", "a.example.test")}));
        CPPUNIT_ASSERT_EQUAL(size_t(2), names.size());
        CPPUNIT_ASSERT_EQUAL(std::string("b.example.test"), names[0]);
        CPPUNIT_ASSERT_EQUAL(std::string("a.example.test"), names[1]);
    }

    void skipsOtherRecordsAndTheRoot() {
        const std::vector<std::string> names = ptrHostnames(
            ptrAnswer({rr("CNAME", "1.0/25.2.0.192.in-addr.arpa."), rr("PTR", "."), rr("ptr", "host.example.test.")}));
        CPPUNIT_ASSERT_EQUAL(size_t(1), names.size());
        CPPUNIT_ASSERT_EQUAL(std::string("host.example.test"), names[0]);
    }

    void checksQueryableNames() {
        CPPUNIT_ASSERT(isQueryableName("host.example.test"));
        CPPUNIT_ASSERT(isQueryableName("_x.host-1.example.test"));
        CPPUNIT_ASSERT(!isQueryableName(""));
        CPPUNIT_ASSERT(!isQueryableName("a..b"));
        CPPUNIT_ASSERT(!isQueryableName("host example.test"));
        CPPUNIT_ASSERT(!isQueryableName(std::string(64, 'a') + ".test"));
        CPPUNIT_ASSERT(!isQueryableName(std::string(250, 'a') + ".test"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(PtrNamesTest);

}  // namespace ipfacts::reverse
