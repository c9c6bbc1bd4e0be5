// The plugin through its C descriptor, as the host drives it: how the
// handlers are registered, and `report` deferring full=1 to a worker
// (ABI 1.2) while answering everything else on the event loop.
#include <ipfacts/testing/FakeHost.hpp>

#include <cppunit/extensions/HelperMacros.h>

#include <string>

extern "C" const ipf_plugin_descriptor* ipfacts_plugin_v1(void);

namespace ipfacts::ip {
namespace {

using testing::FakeHost;
using testing::LoadedPlugin;

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

void havePtr(FakeHost& fake) {
    fake.dns["7.113.0.203.in-addr.arpa PTR"] =
        testing::dnsAnswer(0, {{"7.113.0.203.in-addr.arpa.", "PTR", 60, "host.example.net."}});
}

}  // namespace

class IpPluginTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(IpPluginTest);
    CPPUNIT_TEST(everyHandlerIsNonblocking);
    CPPUNIT_TEST(reportWithoutFullAnswersOnTheEventLoop);
    CPPUNIT_TEST(fullDefersOnTheEventLoop);
    CPPUNIT_TEST(fullAnswersOnAWorker);
    CPPUNIT_TEST(invalidFullIsRefusedWithoutDeferring);
    CPPUNIT_TEST(unplaceableCallerGetsTheReasonsOnBothPaths);
    CPPUNIT_TEST_SUITE_END();

public:
    // The fast path (no full) and the long one (full=1) write the same
    // location reasons for a caller in special-purpose space.
    void unplaceableCallerGetsTheReasonsOnBothPaths() {
        const std::string want = R"("reasons":{"geolocation":"loopback address (RFC 1122): no geolocation",)"
                                 R"("network":"loopback address (RFC 1122): no network owner")";
        for (bool full : {false, true}) {
            FakeHost fake;
            NetFacts f;
            f.address = "203.0.113.7";
            f.kind = "loopback", f.rfc = "RFC 1122", f.rir = "IANA";
            f.geo_accuracy = "country-only", f.not_locatable_reason = "loopback";
            fake.netdb["203.0.113.7"] = f;
            if (full) fake.query = {{"full", "1"}};
            LoadedPlugin plugin(fake, ipfacts_plugin_v1());
            CPPUNIT_ASSERT_EQUAL(IPF_OK, plugin.call("report"));
            CPPUNIT_ASSERT_MESSAGE(fake.written.body, contains(fake.written.body, want));
        }
        FakeHost placed;  // a placed caller: no reasons at all
        NetFacts f;
        f.address = "203.0.113.7";
        f.kind = "public", f.country = "NL", f.geo_accuracy = "country-only", f.locatable = true;
        placed.netdb["203.0.113.7"] = f;
        LoadedPlugin plugin(placed, ipfacts_plugin_v1());
        CPPUNIT_ASSERT_EQUAL(IPF_OK, plugin.call("report"));
        CPPUNIT_ASSERT_MESSAGE(placed.written.body, !contains(placed.written.body, "\"reasons\""));
    }

    void everyHandlerIsNonblocking() {
        FakeHost fake;
        LoadedPlugin plugin(fake, ipfacts_plugin_v1());
        for (const char* h : {"address", "report", "markdown"})
            CPPUNIT_ASSERT_MESSAGE(h, plugin.handler(h).flags & IPF_HANDLER_NONBLOCKING);
    }

    void reportWithoutFullAnswersOnTheEventLoop() {
        FakeHost fake;
        fake.mayBlock = false;
        havePtr(fake);
        LoadedPlugin plugin(fake, ipfacts_plugin_v1());
        CPPUNIT_ASSERT_EQUAL(IPF_OK, plugin.call("report"));
        CPPUNIT_ASSERT_EQUAL(0, fake.resolveCalls);
        CPPUNIT_ASSERT_EQUAL(std::string("application/json"), fake.written.contentType);
        CPPUNIT_ASSERT(contains(fake.written.body, R"("ip":"203.0.113.7","version":4,"hostname":null,)"));
        CPPUNIT_ASSERT(!contains(fake.written.body, "\"privacy\":\"no privacy"));
    }

    void fullDefersOnTheEventLoop() {
        FakeHost fake;
        fake.mayBlock = false;
        fake.query = {{"full", "1"}};
        havePtr(fake);
        LoadedPlugin plugin(fake, ipfacts_plugin_v1());
        CPPUNIT_ASSERT_EQUAL(IPF_DEFER, plugin.call("report"));
        CPPUNIT_ASSERT_EQUAL(0, fake.resolveCalls);
        CPPUNIT_ASSERT_EQUAL(0, fake.netdbCalls);
        CPPUNIT_ASSERT(fake.written.body.empty());
    }

    void fullAnswersOnAWorker() {
        FakeHost fake;
        fake.mayBlock = true;
        fake.query = {{"full", "1"}};
        havePtr(fake);
        LoadedPlugin plugin(fake, ipfacts_plugin_v1());
        CPPUNIT_ASSERT_EQUAL(IPF_OK, plugin.call("report"));
        CPPUNIT_ASSERT_EQUAL(1, fake.resolveCalls);
        CPPUNIT_ASSERT_EQUAL(std::string("7.113.0.203.in-addr.arpa"), fake.asked.at(0).name);
        CPPUNIT_ASSERT(contains(fake.written.body, R"("hostname":"host.example.net")"));
        // The fake's privacy facility knows nothing of this address: every flag false, no evidence.
        CPPUNIT_ASSERT_MESSAGE(
            fake.written.body,
            contains(fake.written.body, R"("privacy":{"vpn":false,"proxy":false,"tor":false,)"
                                        R"("relay":false,"hosting":false,"service":null,"evidence":[]})"));
        CPPUNIT_ASSERT(fake.privacy.asked == std::vector<std::string>{"203.0.113.7"});
        CPPUNIT_ASSERT_EQUAL(0, fake.openBatches);
        CPPUNIT_ASSERT_EQUAL(0, fake.privacy.open());
    }

    void invalidFullIsRefusedWithoutDeferring() {
        FakeHost fake;
        fake.mayBlock = false;
        LoadedPlugin plugin(fake, ipfacts_plugin_v1());
        for (const char* v : {"0", "true", ""}) {
            fake.query = {{"full", v}};
            CPPUNIT_ASSERT_EQUAL(IPF_OK, plugin.call("report"));
            CPPUNIT_ASSERT_EQUAL(400, fake.written.status);
            CPPUNIT_ASSERT_EQUAL(std::string("invalid_parameter"), fake.written.errorToken);
        }
        fake.query = {{"full", "1"}, {"full", "1"}};
        CPPUNIT_ASSERT_EQUAL(IPF_OK, plugin.call("report"));
        CPPUNIT_ASSERT_EQUAL(400, fake.written.status);
        CPPUNIT_ASSERT_EQUAL(0, fake.resolveCalls);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(IpPluginTest);

}  // namespace ipfacts::ip
