#include "host/pipeline/RouteTable.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace ipfacts::pipeline;

namespace {
Route route(const std::string& path) {
    Route r;
    r.spec.path = path;
    r.spec.plugin = "p";
    return r;
}
}  // namespace

class RouteTableTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(RouteTableTest);
    CPPUNIT_TEST(exactAndTemplatedRoutes);
    CPPUNIT_TEST(literalSegmentsWinOverParameters);
    CPPUNIT_TEST(parametersAreDecodedPerSegment);
    CPPUNIT_TEST(emptyOrExtraSegmentsDoNotMatch);
    CPPUNIT_TEST(addressOnlyParametersMatchAddressesOnly);
    CPPUNIT_TEST_SUITE_END();

    RouteTable table() {
        return RouteTable(
            {route("/ip"), route("/api/v1/reverse/{ip}"), route("/api/v1/reverse/self"), route("/a/{x}/b/{y}")});
    }

public:
    void addressOnlyParametersMatchAddressesOnly() {
        Route shortForm = route("/{ip}");
        shortForm.address_params = {"ip"};
        Route jsonForm = route("/json/{ip}");
        jsonForm.address_params = {"ip"};
        RouteTable t({route("/ip"), route("/json"), shortForm, jsonForm, route("/other/{x}")});
        CPPUNIT_ASSERT_EQUAL(std::string("/{ip}"), t.match("/8.8.8.8").route->spec.path);
        CPPUNIT_ASSERT_EQUAL(std::string("/{ip}"), t.match("/2001:db8::1").route->spec.path);
        CPPUNIT_ASSERT_EQUAL(std::string("/{ip}"), t.match("/2001%3adb8::1").route->spec.path);
        CPPUNIT_ASSERT_EQUAL(std::string("/json/{ip}"), t.match("/json/192.0.2.1").route->spec.path);
        CPPUNIT_ASSERT_EQUAL(std::string("/ip"), t.match("/ip").route->spec.path);  // exact first
        for (const char* path : {"/example.com", "/favicon.ico", "/json/example.com", "/1.2.3"}) {
            auto m = t.match(path);
            CPPUNIT_ASSERT_MESSAGE(path, !m.route);
            CPPUNIT_ASSERT_MESSAGE(path, m.address_miss);
        }
        CPPUNIT_ASSERT_EQUAL(std::string("/json/{ip}"), t.match("/json/x").address_miss->spec.path);
        CPPUNIT_ASSERT_EQUAL(std::string("x"), t.match("/other/x").params.at(0).second);  // others unchanged
        CPPUNIT_ASSERT(!t.match("/a/b/c").address_miss);
    }

    void exactAndTemplatedRoutes() {
        auto t = table();
        CPPUNIT_ASSERT_EQUAL(std::string("/ip"), t.match("/ip").route->spec.path);
        auto m = t.match("/api/v1/reverse/192.0.2.1");
        CPPUNIT_ASSERT_EQUAL(std::string("/api/v1/reverse/{ip}"), m.route->spec.path);
        CPPUNIT_ASSERT_EQUAL(std::string("192.0.2.1"), m.params.at(0).second);
        CPPUNIT_ASSERT(!t.match("/nope").route);
        CPPUNIT_ASSERT(!t.match("/ip/").route);
    }
    void literalSegmentsWinOverParameters() {
        CPPUNIT_ASSERT_EQUAL(std::string("/api/v1/reverse/self"),
                             table().match("/api/v1/reverse/self").route->spec.path);
    }
    void parametersAreDecodedPerSegment() {
        auto m = table().match("/a/x%2Fy/b/%3A%3A1");
        CPPUNIT_ASSERT(m.route);
        CPPUNIT_ASSERT_EQUAL(std::string("x/y"), m.params.at(0).second);
        CPPUNIT_ASSERT_EQUAL(std::string("y"), std::string(m.params.at(1).first));
        CPPUNIT_ASSERT_EQUAL(std::string("::1"), m.params.at(1).second);
        CPPUNIT_ASSERT(table().match("/a/%zz/b/c").bad_param);
    }
    void emptyOrExtraSegmentsDoNotMatch() {
        CPPUNIT_ASSERT(!table().match("/api/v1/reverse/").route);
        CPPUNIT_ASSERT(!table().match("/api/v1/reverse/1/2").route);
    }
};
CPPUNIT_TEST_SUITE_REGISTRATION(RouteTableTest);
