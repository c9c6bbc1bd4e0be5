// The netdb location rule as the SDK reads it (ipfacts/location.hpp): a host
// of ABI 1.4 states locatable, not_locatable_reason and geo_accuracy and
// Host::netFacts passes them on; for an older host, which stops before those
// members, the wrapper applies the rule that host applied without saying.
#include <ipfacts/plugin.hpp>

#include <cppunit/extensions/HelperMacros.h>

#include <cstddef>
#include <string>

namespace ipfacts {
namespace {

/// A netdb table handing out one struct as an older or current host fills it.
struct OneFacts {
    static inline NetFacts facts;
    static inline uint32_t struct_size = sizeof(ipf_netdb_facts);
    static inline ipf_netdb_facts c{};
    static inline int freed = 0;

    static ipf_status lookup(ipf_plugin_ctx*, ipf_str, const ipf_netdb_facts** out) {
        fields::Arena none;
        c = ipf_netdb_facts{};
        fill(facts, c, none);
        c.struct_size = struct_size;
        if (struct_size <= offsetof(ipf_netdb_facts, locatable)) {  // an old host never wrote these
            c.locatable = 0;
            c.not_locatable_reason = ipf_str{nullptr, 0};
        }
        *out = &c;
        return IPF_OK;
    }
    static void release(const ipf_netdb_facts*) { ++freed; }
};

const ipf_netdb_api kTable{sizeof(ipf_netdb_api), OneFacts::lookup, OneFacts::release, nullptr};

/// Host::netFacts over kTable, as a host of the given ipf_netdb_facts size.
NetFacts through(const NetFacts& given, uint32_t struct_size) {
    OneFacts::facts = given;
    OneFacts::struct_size = struct_size;
    ipf_host_api api{};
    api.struct_size = sizeof api;
    api.netdb = &kTable;
    Host host(&api, nullptr);
    auto held = host.netFacts("192.0.2.1");
    CPPUNIT_ASSERT(held.ok());
    return held->keep();
}

constexpr uint32_t kBefore14 = offsetof(ipf_netdb_facts, locatable);

NetFacts of(const char* kind, std::optional<std::string> accuracy) {
    NetFacts f;
    f.kind = kind;
    f.geo_accuracy = std::move(accuracy);
    return f;
}

}  // namespace

class LocationRuleTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(LocationRuleTest);
    CPPUNIT_TEST(currentHostIsReadAsItSays);
    CPPUNIT_TEST(olderHostSpecialSpace);
    CPPUNIT_TEST(olderHostPublicLocatedOrNot);
    CPPUNIT_TEST(reasonWords);
    CPPUNIT_TEST_SUITE_END();

public:
    // A 1.4 host's answer is taken as it is, even where the old rule would differ.
    void currentHostIsReadAsItSays() {
        NetFacts f = of("public", "country-only");
        f.not_locatable_reason = "not in database";
        const int freed = OneFacts::freed;
        const NetFacts got = through(f, sizeof(ipf_netdb_facts));
        CPPUNIT_ASSERT(!got.locatable);
        CPPUNIT_ASSERT_EQUAL(std::string("not in database"), got.not_locatable_reason.value_or("(none)"));
        CPPUNIT_ASSERT_EQUAL(freed + 1, OneFacts::freed);  // given back once
        f = of("public", "approximate");
        f.locatable = true;
        CPPUNIT_ASSERT(through(f, sizeof(ipf_netdb_facts)).locatable);
    }

    void olderHostSpecialSpace() {
        const int freed = OneFacts::freed;
        const NetFacts got = through(of("private", std::nullopt), kBefore14);
        CPPUNIT_ASSERT(!got.locatable);
        CPPUNIT_ASSERT_EQUAL(std::string("private"), got.not_locatable_reason.value_or("(none)"));
        CPPUNIT_ASSERT_EQUAL(std::string("country-only"), got.geo_accuracy.value_or("(none)"));
        CPPUNIT_ASSERT_EQUAL(freed + 1, OneFacts::freed);  // the copy gave the host's struct back
    }

    void olderHostPublicLocatedOrNot() {
        NetFacts got = through(of("public", "approximate"), kBefore14);
        CPPUNIT_ASSERT(got.locatable && !got.not_locatable_reason);
        CPPUNIT_ASSERT_EQUAL(std::string("approximate"), got.geo_accuracy.value_or("(none)"));
        got = through(of("anycast", "country-only"), kBefore14);
        CPPUNIT_ASSERT(got.locatable && !got.not_locatable_reason);
        got = through(of("public", std::nullopt), kBefore14);
        CPPUNIT_ASSERT(!got.locatable);
        CPPUNIT_ASSERT_EQUAL(std::string(kNotInDatabase), got.not_locatable_reason.value_or("(none)"));
        CPPUNIT_ASSERT_EQUAL(std::string(kCountryOnlyAccuracy), got.geo_accuracy.value_or("(none)"));
    }

    void reasonWords() {
        CPPUNIT_ASSERT(isSpecialPurposeReason("private"));
        CPPUNIT_ASSERT(isSpecialPurposeReason("ipv4-mapped"));
        CPPUNIT_ASSERT(!isSpecialPurposeReason(kNotInDatabase));
        CPPUNIT_ASSERT(!isSpecialPurposeReason(""));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(LocationRuleTest);

}  // namespace ipfacts
