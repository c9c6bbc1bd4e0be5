// ipfacts/params.hpp, reasons.hpp and dns_rcode.hpp: the flag parameter,
// the `reasons` object and response code names.
#include <ipfacts/testing/FakeHost.hpp>

#include <ipfacts/dns_rcode.hpp>
#include <ipfacts/params.hpp>
#include <ipfacts/reasons.hpp>

#include <cppunit/extensions/HelperMacros.h>

namespace ipfacts {

class ParamsTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(ParamsTest);
    CPPUNIT_TEST(flagAbsentIsAbsent);
    CPPUNIT_TEST(flagOneIsSet);
    CPPUNIT_TEST(flagOtherValuesAreInvalid);
    CPPUNIT_TEST(flagRepeatedIsInvalid);
    CPPUNIT_TEST(flagFromRequest);
    CPPUNIT_TEST(reasonsKeepOrderAndOneLinePerField);
    CPPUNIT_TEST(reasonsWriteNothingWhenEmpty);
    CPPUNIT_TEST(rcodeNames);
    CPPUNIT_TEST_SUITE_END();

public:
    void flagAbsentIsAbsent() { CPPUNIT_ASSERT(readFlag(0, std::nullopt) == Flag::Absent); }
    void flagOneIsSet() { CPPUNIT_ASSERT(readFlag(1, std::string_view("1")) == Flag::Set); }
    void flagOtherValuesAreInvalid() {
        for (std::string_view v : {"", "0", "true", "yes", "01", "1 ", "2"})
            CPPUNIT_ASSERT_MESSAGE(std::string(v), readFlag(1, v) == Flag::Invalid);
        CPPUNIT_ASSERT(readFlag(1, std::nullopt) == Flag::Invalid);
    }
    void flagRepeatedIsInvalid() { CPPUNIT_ASSERT(readFlag(2, std::string_view("1")) == Flag::Invalid); }

    void flagFromRequest() {
        testing::FakeHost fake;
        CPPUNIT_ASSERT(readFlag(fake.request(), "full") == Flag::Absent);
        fake.query = {{"full", "1"}, {"other", "x"}};
        CPPUNIT_ASSERT(readFlag(fake.request(), "full") == Flag::Set);
        fake.query = {{"full", "1"}, {"full", "1"}};
        CPPUNIT_ASSERT(readFlag(fake.request(), "full") == Flag::Invalid);
        fake.query = {{"full", ""}};
        CPPUNIT_ASSERT(readFlag(fake.request(), "full") == Flag::Invalid);
    }

    void reasonsKeepOrderAndOneLinePerField() {
        Reasons r;
        r.add(kGeolocationReason, "no address database is configured")
            .add("hostname", "no PTR record")
            .add(kGeolocationReason, "private address (RFC 1918): no geolocation");
        CPPUNIT_ASSERT_EQUAL(size_t(2), r.size());
        CPPUNIT_ASSERT_EQUAL(std::string("geolocation"), r[0].first);
        CPPUNIT_ASSERT_EQUAL(std::string("private address (RFC 1918): no geolocation"), r[0].second);
        CPPUNIT_ASSERT(r.find("hostname") == std::optional<std::string_view>("no PTR record"));
        CPPUNIT_ASSERT(!r.find("network"));
        JsonWriter w;
        w.beginObject().field("ip", "192.0.2.1");
        r.writeTo(w);
        w.field("source", "ipfacts.example").endObject();
        CPPUNIT_ASSERT_EQUAL(std::string(R"({"ip":"192.0.2.1","reasons":{"geolocation":"private address (RFC 1918): )"
                                         R"(no geolocation","hostname":"no PTR record"},"source":"ipfacts.example"})"),
                             w.str());
    }

    void reasonsWriteNothingWhenEmpty() {
        Reasons r;
        CPPUNIT_ASSERT(r.empty());
        JsonWriter w;
        w.beginObject();
        r.writeTo(w);
        w.endObject();
        CPPUNIT_ASSERT_EQUAL(std::string("{}"), w.str());
    }

    void rcodeNames() {
        CPPUNIT_ASSERT_EQUAL(std::string("NOERROR"), rcodeName(0));
        CPPUNIT_ASSERT_EQUAL(std::string("FORMERR"), rcodeName(1));
        CPPUNIT_ASSERT_EQUAL(std::string("SERVFAIL"), rcodeName(kRcodeServFail));
        CPPUNIT_ASSERT_EQUAL(std::string("NXDOMAIN"), rcodeName(3));
        CPPUNIT_ASSERT_EQUAL(std::string("NOTIMP"), rcodeName(4));
        CPPUNIT_ASSERT_EQUAL(std::string("REFUSED"), rcodeName(5));
        CPPUNIT_ASSERT_EQUAL(std::string("response code 9"), rcodeName(9));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ParamsTest);

}  // namespace ipfacts
