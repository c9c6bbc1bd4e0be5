// The C++ layer of plugin.hpp driven through the SDK's fake host
// (ipfacts/testing/FakeHost.hpp): facilities are read in place and released,
// failures come back as results with a reason, the response reaches the
// table, and a NONBLOCKING handler defers to a worker through the C ABI
// (IPF_DEFER, ABI 1.2). The http, cache, store and meters fakes are in
// FakeFacilitiesTest.cpp.
#include <ipfacts/testing/FakeHost.hpp>

#include <ipfacts/params.hpp>
#include <ipfacts/plugin.hpp>

#include <cppunit/extensions/HelperMacros.h>

namespace ipfacts {
namespace {

using testing::FakeHost;

// A plugin whose `lookup` blocks only when asked to (slow=1), deferring
// first when it runs on the event loop.
class DeferringPlugin {
public:
    explicit DeferringPlugin(Host& host) : host_(host) {}
    void lookup(Request& req, Response& resp) {
        const Flag slow = readFlag(req, "slow");
        if (slow == Flag::Invalid) return void(resp.error(400, "invalid_parameter", "slow takes only 1"));
        if (slow == Flag::Set) {
            if (!req.mayBlock()) return resp.deferToWorker();
            host_.resolve({DnsQuestion{"example.test", "A"}});
        }
        resp.status(200).header("X-Test", "yes").body("text/plain", "done");
    }

private:
    Host& host_;
};

}  // namespace
}  // namespace ipfacts

IPFACTS_PLUGIN(ipfacts::DeferringPlugin, "deferring", "1.0.0", "test plugin", "{}",
               IPFACTS_HANDLER(ipfacts::DeferringPlugin, lookup, IPF_HANDLER_NONBLOCKING));

namespace ipfacts {

class FakeHostTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(FakeHostTest);
    CPPUNIT_TEST(resolverAnswersByNameAndType);
    CPPUNIT_TEST(missingFacilitiesAreNullSlots);
    CPPUNIT_TEST(netFactsAreReadInPlaceAndReleased);
    CPPUNIT_TEST(dohAnswersEveryQuestion);
    CPPUNIT_TEST(requestAccessors);
    CPPUNIT_TEST(nonblockingHandlerDefersOnTheEventLoop);
    CPPUNIT_TEST(handlerErrorsReachTheResponse);
    CPPUNIT_TEST_SUITE_END();

public:
    void resolverAnswersByNameAndType() {
        FakeHost fake;
        fake.answer("example.test", "A", {"192.0.2.1", "192.0.2.2"});
        fake.fail("example.test", "AAAA", 2);
        {
            const DnsAnswers a =
                fake.host().resolve({{"example.test", "A"}, {"example.test", "AAAA"}, {"other.test", "A"}});
            CPPUNIT_ASSERT(a.ok());
            CPPUNIT_ASSERT_EQUAL(size_t(3), a.size());
            CPPUNIT_ASSERT_EQUAL(size_t(2), a[0].records().size());
            CPPUNIT_ASSERT_EQUAL(std::string("192.0.2.2"), std::string(a[0].records()[1].data()));
            CPPUNIT_ASSERT_EQUAL(std::string("example.test."), std::string(a[0].records()[0].name()));
            CPPUNIT_ASSERT_EQUAL(2, a[1].rcode());
            CPPUNIT_ASSERT_EQUAL(-1, a[2].rcode());  // unlisted: no response
            CPPUNIT_ASSERT_EQUAL(std::string("timeout"), std::string(a[2].error().value()));
            CPPUNIT_ASSERT_EQUAL(1, fake.openBatches);  // read where the fake put them
            const std::vector<DnsAnswer> kept = a.keep();
            CPPUNIT_ASSERT_EQUAL(std::string("192.0.2.1"), kept.at(0).records.at(0).data);
        }
        CPPUNIT_ASSERT_EQUAL(0, fake.openBatches);  // released with the last copy
        CPPUNIT_ASSERT_EQUAL(1, fake.resolveCalls);
        CPPUNIT_ASSERT_EQUAL(size_t(3), fake.asked.size());
        CPPUNIT_ASSERT_EQUAL(size_t(1), fake.batches.size());

        fake.unlisted = testing::dnsAnswer(0);
        CPPUNIT_ASSERT_EQUAL(0, fake.host().resolve({{"other.test", "A"}}).at(0).rcode());
        fake.resolverRefuses = true;
        const DnsAnswers refused = fake.host().resolve({{"x.test", "A"}});
        CPPUNIT_ASSERT(!refused.ok() && refused.empty());
        CPPUNIT_ASSERT_EQUAL(std::string("malformed DNS question"), std::string(refused.reason()));
        CPPUNIT_ASSERT_EQUAL(size_t(3), fake.batches.size());
        CPPUNIT_ASSERT_EQUAL(0, fake.openBatches);
    }

    void missingFacilitiesAreNullSlots() {
        FakeHost fake;
        fake.hasResolver = fake.hasDoh = fake.hasNetDb = fake.hasHttp = false;
        const Host host = fake.host();
        CPPUNIT_ASSERT(!host.hasResolver() && !host.hasDoh() && !host.hasNetDb() && !host.hasHttp());
        const DnsAnswers a = host.resolve({{"example.test", "A"}});
        CPPUNIT_ASSERT(!a.ok());
        CPPUNIT_ASSERT_EQUAL(std::string(kNoResolverReason), std::string(a.reason()));
        CPPUNIT_ASSERT_EQUAL(std::string(kNoDohReason), std::string(host.dohQueryAll({"example.test", "A"}).reason()));
        CPPUNIT_ASSERT_EQUAL(std::string(kNoHttpReason), std::string(host.fetchAll({HttpCall{}}).reason()));
        CPPUNIT_ASSERT(!host.netFacts("192.0.2.1"));
        CPPUNIT_ASSERT_EQUAL(0, fake.resolveCalls);
    }

    void netFactsAreReadInPlaceAndReleased() {
        FakeHost fake;
        NetFacts f;
        f.version = 6;
        f.address = "2001:db8::1";
        f.kind = "documentation";
        f.rfc = "RFC 3849";
        f.latitude = 52.37, f.longitude = 4.89;
        f.asn = 64500;
        fake.netdb["2001:db8::1"] = f;
        {
            const Result<Held<NetFactsView>> got = fake.host().netFacts("2001:db8::1");
            CPPUNIT_ASSERT(got);
            CPPUNIT_ASSERT_EQUAL(1, fake.openFacts);
            CPPUNIT_ASSERT_EQUAL(6, got->version());
            CPPUNIT_ASSERT_EQUAL(std::string("RFC 3849"), std::string(got->rfc().value()));
            CPPUNIT_ASSERT(!got->city());
            CPPUNIT_ASSERT_EQUAL(int64_t(64500), got->asn().value());
            CPPUNIT_ASSERT_EQUAL(52.37, got->latitude().value());
            CPPUNIT_ASSERT_EQUAL(std::string("UNKNOWN"), std::string(got->rir()));
            const NetFacts kept = got->keep();
            CPPUNIT_ASSERT_EQUAL(4.89, kept.longitude.value());
            CPPUNIT_ASSERT_EQUAL(std::string("documentation"), kept.kind);
        }
        CPPUNIT_ASSERT_EQUAL(0, fake.openFacts);
        CPPUNIT_ASSERT(!fake.host().netFacts("192.0.2.1"));
        CPPUNIT_ASSERT_EQUAL(2, fake.netdbCalls);
        CPPUNIT_ASSERT_EQUAL(0, fake.openFacts);
    }

    void dohAnswersEveryQuestion() {
        FakeHost fake;
        fake.dohAnswers = {testing::dnsAnswer(0, {}, "cloudflare"), testing::dnsNoResponse("TLS: bad", "google")};
        const DnsAnswers a = fake.host().dohQueryAll({"example.test", "MX"});
        CPPUNIT_ASSERT_EQUAL(size_t(2), a.size());
        CPPUNIT_ASSERT_EQUAL(std::string("cloudflare"), std::string(a[0].source()));
        CPPUNIT_ASSERT_EQUAL(std::string("TLS: bad"), std::string(a[1].error().value()));
        CPPUNIT_ASSERT_EQUAL(std::string("MX"), fake.dohAsked.at(0).type);
        fake.dohRefuses = true;
        const DnsAnswers refused = fake.host().dohQueryAll({"example.test", "A"});
        CPPUNIT_ASSERT(!refused.ok());
        CPPUNIT_ASSERT_EQUAL(std::string("malformed DNS question"), std::string(refused.reason()));
        CPPUNIT_ASSERT_EQUAL(size_t(2), fake.dohAsked.size());
    }

    void requestAccessors() {
        FakeHost fake;
        fake.headers = {{"User-Agent", "curl/8"}, {"Accept", "*/*"}};
        fake.query = {{"a", "1"}, {"a", "2"}};
        fake.pathParams["ip"] = "192.0.2.1";
        fake.config["limits.max"] = "7";
        const Request req = fake.request();
        CPPUNIT_ASSERT_EQUAL(std::string("curl/8"), std::string(req.header("user-agent").value()));
        CPPUNIT_ASSERT_EQUAL(std::string("Accept"), std::string(req.headerAt(1).first));
        CPPUNIT_ASSERT_EQUAL(size_t(2), req.queryCount("a"));
        CPPUNIT_ASSERT_EQUAL(std::string("2"), std::string(req.query("a", 1).value()));
        CPPUNIT_ASSERT(!req.query("a", 2));
        CPPUNIT_ASSERT_EQUAL(std::string("192.0.2.1"), std::string(req.pathParam("ip").value()));
        CPPUNIT_ASSERT(!req.keyIdentity());
        CPPUNIT_ASSERT(req.mayBlock());
        fake.mayBlock = false;
        CPPUNIT_ASSERT(!req.mayBlock());
        CPPUNIT_ASSERT_EQUAL(std::string("7"), fake.host().config("limits.max").value());
        CPPUNIT_ASSERT_EQUAL(std::string(testing::kFakeCheckedAt), fake.host().checkedAt());
        fake.host().warn("careful");
        CPPUNIT_ASSERT_EQUAL(std::string("careful"), fake.log.at(0));
    }

    void nonblockingHandlerDefersOnTheEventLoop() {
        FakeHost fake;
        testing::LoadedPlugin plugin(fake, ipfacts_plugin_v1());
        CPPUNIT_ASSERT(plugin.handler("lookup").flags & IPF_HANDLER_NONBLOCKING);
        fake.mayBlock = false;
        CPPUNIT_ASSERT_EQUAL(IPF_OK, plugin.call("lookup"));  // nothing slow asked: answered on the loop
        CPPUNIT_ASSERT_EQUAL(std::string("done"), fake.written.body);
        CPPUNIT_ASSERT_EQUAL(0, fake.resolveCalls);
        fake.query = {{"slow", "1"}};
        CPPUNIT_ASSERT_EQUAL(IPF_DEFER, plugin.call("lookup"));
        CPPUNIT_ASSERT_EQUAL(0, fake.resolveCalls);
        fake.mayBlock = true;  // the host's second call, on a worker
        CPPUNIT_ASSERT_EQUAL(IPF_OK, plugin.call("lookup"));
        CPPUNIT_ASSERT_EQUAL(1, fake.resolveCalls);
        CPPUNIT_ASSERT_EQUAL(200, fake.written.status);
        CPPUNIT_ASSERT_EQUAL(std::string("text/plain"), fake.written.contentType);
        CPPUNIT_ASSERT_EQUAL(std::string("X-Test"), fake.written.headers.at(0).first);
        CPPUNIT_ASSERT_THROW(plugin.handler("nope"), std::out_of_range);
    }

    void handlerErrorsReachTheResponse() {
        FakeHost fake;
        testing::LoadedPlugin plugin(fake, ipfacts_plugin_v1());
        fake.query = {{"slow", "yes"}};
        CPPUNIT_ASSERT_EQUAL(IPF_OK, plugin.call("lookup"));
        CPPUNIT_ASSERT_EQUAL(400, fake.written.status);
        CPPUNIT_ASSERT_EQUAL(std::string("invalid_parameter"), fake.written.errorToken);
        CPPUNIT_ASSERT(fake.written.body.empty());
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(FakeHostTest);

}  // namespace ipfacts
