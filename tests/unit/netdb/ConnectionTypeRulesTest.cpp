#include "host/facilities/netdb/ConnectionTypeRules.h"
#include "tests/unit/netdb/NetDbTestFiles.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace ipfacts::facilities::netdb;
using namespace ipfacts::testing::netdb;

class ConnectionTypeRulesTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(ConnectionTypeRulesTest);
    CPPUNIT_TEST(listedNumbersDecide);
    CPPUNIT_TEST(namesMatchInRuleOrder);
    CPPUNIT_TEST(nothingMatchedIsUnknown);
    CPPUNIT_TEST(bareListForm);
    CPPUNIT_TEST(malformedRules);
    CPPUNIT_TEST_SUITE_END();

    ConnectionTypeRules rules{etcFile("connection-types.yaml")};

    std::string type(std::optional<uint32_t> asn, const char* name) { return rules.typeOf(asn, name); }

public:
    void listedNumbersDecide() {
        CPPUNIT_ASSERT_EQUAL(std::string("hosting"), type(13335, "Cloudflare, Inc."));
        CPPUNIT_ASSERT_EQUAL(std::string("hosting"), type(15169, "Google LLC"));
        CPPUNIT_ASSERT_EQUAL(std::string("residential"), type(7922, "Comcast Cable Communications, LLC"));
        CPPUNIT_ASSERT_EQUAL(std::string("mobile"), type(21928, "T-Mobile USA, Inc."));
        CPPUNIT_ASSERT_EQUAL(std::string("education"), type(786, "Jisc Services Limited"));
        // Listed in the mobile rule although its name says business (and a name rule comes first).
        CPPUNIT_ASSERT_EQUAL(std::string("mobile"), type(6167, "Verizon Business"));
        // Google Fiber: listed as residential, not hosting.
        CPPUNIT_ASSERT_EQUAL(std::string("residential"), type(16591, "Google Fiber Inc."));
    }

    void namesMatchInRuleOrder() {
        CPPUNIT_ASSERT_EQUAL(std::string("education"), type(328937, "Université de Maroua - Université de Maroua"));
        CPPUNIT_ASSERT_EQUAL(std::string("hosting"), type(64512, "Example HOSTING GmbH"));  // case-insensitive
        // "Automobile" holds "mobile", but the business rule comes before the mobile one.
        CPPUNIT_ASSERT_EQUAL(std::string("business"), type(64512, "Example Automobile Club"));
        CPPUNIT_ASSERT_EQUAL(std::string("mobile"), type(64512, "Example Wireless"));
        CPPUNIT_ASSERT_EQUAL(std::string("hosting"), type(std::nullopt, "Some Cloud Broadband"));
        const uint32_t rule = rules.ruleForName("Example Wireless");
        CPPUNIT_ASSERT_EQUAL(std::string("mobile"), rules.typeOf(64512, rule));
        CPPUNIT_ASSERT_EQUAL(std::string("hosting"), rules.typeOf(13335, rule));  // the number still decides
    }

    void nothingMatchedIsUnknown() {
        CPPUNIT_ASSERT_EQUAL(std::string("unknown"), type(20712, "Andrews & Arnold Ltd"));
        CPPUNIT_ASSERT_EQUAL(std::string("unknown"), type(std::nullopt, ""));
        CPPUNIT_ASSERT_EQUAL(std::string("unknown"), type(201907, "LLC \"SPUTNIK\""));
        CPPUNIT_ASSERT(rules.size() >= 7);
    }

    void bareListForm() {
        ConnectionTypeRules list(ownFixture("connection-types-list.yaml"));
        CPPUNIT_ASSERT_EQUAL(size_t(3), list.size());
        CPPUNIT_ASSERT_EQUAL(std::string("hosting"), list.typeOf(64500, "x"));
        CPPUNIT_ASSERT_EQUAL(std::string("business"),
                             list.typeOf(64501, "My Cloud"));  // number beats an earlier name rule
        CPPUNIT_ASSERT_EQUAL(std::string("hosting"), list.typeOf(1, "a cloud-ish thing"));
        CPPUNIT_ASSERT_EQUAL(std::string("mobile"), list.typeOf(1, "WIRELESS"));
    }

    void malformedRules() {
        ScratchFile bad_type("rules:\n  - type: hosting\n    asns: [1]\n  - type: satellite\n    asns: [2]\n");
        std::string e = errorOf([&] { ConnectionTypeRules r(bad_type.path()); });
        CPPUNIT_ASSERT_MESSAGE(e, e.find(bad_type.path() + ":4:") == 0 && e.find("satellite") != std::string::npos);

        ScratchFile twice("rules:\n  - type: hosting\n    asns: [1, 2]\n  - type: mobile\n    asns: [3, 2]\n");
        e = errorOf([&] { ConnectionTypeRules r(twice.path()); });
        CPPUNIT_ASSERT_MESSAGE(e, e.find(twice.path() + ":5:") == 0 && e.find("AS2") != std::string::npos);

        ScratchFile bad_asn("rules:\n  - type: hosting\n    asns: [AS1]\n");
        e = errorOf([&] { ConnectionTypeRules r(bad_asn.path()); });
        CPPUNIT_ASSERT_MESSAGE(e, e.find(bad_asn.path() + ":3:") == 0);

        ScratchFile not_rules("rules: 3\n");
        e = errorOf([&] { ConnectionTypeRules r(not_rules.path()); });
        CPPUNIT_ASSERT_MESSAGE(e, e.find("`rules` is not a list") != std::string::npos);
    }
};
CPPUNIT_TEST_SUITE_REGISTRATION(ConnectionTypeRulesTest);
