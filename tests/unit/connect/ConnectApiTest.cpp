// The connect facility as a plugin reaches it: the ipf_connect_api table the
// FacilitySet fills into ipf_host_api, called through the C ABI (requests
// read at the plugin's stride) and through the SDK's tlsProbe wrapper; and a
// host without the facility, which the wrapper answers with an error value.
#include "host/facilities/FacilitySet.h"
#include "tests/support/tls/OpensslServer.h"
#include "tests/support/tls/TestChain.h"
#include "tests/unit/connect/ConnectTestSupport.h"

#include <ipfacts/plugin.hpp>

#include <cppunit/extensions/HelperMacros.h>

#include <cstring>

using namespace ipfacts::testing;
namespace facilities = ipfacts::facilities;

namespace {

/// A host table holding exactly the facilities of `set`, and the context a plugin would hold.
struct PluginSide {
    facilities::FacilitySet set;
    facilities::FacilityContext context;
    ipf_host_api api{};

    PluginSide() {
        api.struct_size = sizeof(ipf_host_api);
        api.abi_major = IPF_ABI_MAJOR;
        api.abi_minor = IPF_ABI_MINOR;
        context.plugin = "test";
        context.facilities = &set;
    }
    void fill() { set.fill(api); }
    ipf_plugin_ctx* ctx() { return reinterpret_cast<ipf_plugin_ctx*>(&context); }
};

}  // namespace

class ConnectApiTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(ConnectApiTest);
    CPPUNIT_TEST(cTableProbesAndKeepsResultsUntilFreed);
    CPPUNIT_TEST(requestsAreReadAtThePluginsStride);
    CPPUNIT_TEST(sdkWrapperCopiesTheResult);
    CPPUNIT_TEST(sdkWrapperWithoutTheFacilityAnswersAnError);
    CPPUNIT_TEST(slotIsNamedConnect);
    CPPUNIT_TEST_SUITE_END();

public:
    void setUp() override {
        // One chain and one TLS 1.3 server for the suite; a fresh host table per test.
        static TestChain chain;
        static OpensslServer server({"-tls1_3", "-cert", chain.path("leaf.pem"), "-key", chain.path("leaf.key"),
                                     "-cert_chain", chain.path("chain.pem")});
        chain_ = &chain;
        server_ = &server;
        side_ = std::make_unique<PluginSide>();
        side_->set.add(connectFacility({"127.0.0.1/32"}, chain_->path("root.pem")));
        side_->fill();
    }
    void tearDown() override { side_.reset(); }

    void cTableProbesAndKeepsResultsUntilFreed() {
        const ipf_connect_api* c = side_->api.connect;
        CPPUNIT_ASSERT(c);
        CPPUNIT_ASSERT(IPF_FACILITY_HAS(struct ipf_connect_api, c, batch_free));
        ipf_tls_probe_request rs[2]{};
        for (auto& r : rs) {
            r.struct_size = sizeof(ipf_tls_probe_request);
            r.port = static_cast<uint16_t>(server_->port());
            r.address = {"127.0.0.1", 9};
        }
        rs[1].max_version = IPF_TLS_1_2;
        ipf_tls_probe_batch* batch = nullptr;
        CPPUNIT_ASSERT_EQUAL(IPF_OK, c->tls_probe_all(side_->ctx(), rs, 2, &batch));
        CPPUNIT_ASSERT_EQUAL(size_t(2), c->batch_size(batch));
        const ipf_tls_probe_result* ok = c->batch_result(batch, 0);
        CPPUNIT_ASSERT_EQUAL(uint32_t(sizeof(ipf_tls_probe_result)), ok->struct_size);
        CPPUNIT_ASSERT_EQUAL(std::string("TLSv1.3"), std::string(ok->version.ptr, ok->version.len));
        CPPUNIT_ASSERT_EQUAL(uint16_t(IPF_TLS_1_3), ok->version_code);
        CPPUNIT_ASSERT_EQUAL(size_t(3), ok->chain_count);
        CPPUNIT_ASSERT(std::string(ok->chain[0].ptr, ok->chain[0].len) == chain_->bytes("leaf.der"));
        CPPUNIT_ASSERT_EQUAL(0, ok->verify_code);
        CPPUNIT_ASSERT(ok->error.ptr == nullptr);
        CPPUNIT_ASSERT(ok->alert_received.ptr == nullptr);
        const ipf_tls_probe_result* refused = c->batch_result(batch, 1);
        CPPUNIT_ASSERT_EQUAL(std::string("TLS alert received: protocol version"),
                             std::string(refused->error.ptr, refused->error.len));
        CPPUNIT_ASSERT(c->batch_result(batch, 2) == nullptr);
        c->batch_free(batch);
        // Misuse is a status, never a crash.
        CPPUNIT_ASSERT_EQUAL(IPF_INVALID, c->tls_probe_all(side_->ctx(), nullptr, 1, &batch));
        CPPUNIT_ASSERT_EQUAL(IPF_INVALID, c->tls_probe_all(side_->ctx(), rs, 1, nullptr));
        rs[0].struct_size = 8;
        CPPUNIT_ASSERT_EQUAL(IPF_INVALID, c->tls_probe_all(side_->ctx(), rs, 1, &batch));
    }

    void requestsAreReadAtThePluginsStride() {
        // A plugin built against a later minor has a longer request; the host
        // reads what it knows of each element at that plugin's stride.
        struct Later {
            ipf_tls_probe_request known;
            uint64_t added_later;
        };
        Later rs[2]{};
        for (auto& r : rs) {
            r.known.struct_size = sizeof(Later);
            r.known.port = static_cast<uint16_t>(server_->port());
            r.known.address = {"127.0.0.1", 9};
            r.added_later = ~0ull;
        }
        rs[1].known.min_version = IPF_TLS_1_3;
        const ipf_connect_api* c = side_->api.connect;
        ipf_tls_probe_batch* batch = nullptr;
        CPPUNIT_ASSERT_EQUAL(IPF_OK, c->tls_probe_all(side_->ctx(), &rs[0].known, 2, &batch));
        for (size_t i = 0; i < 2; ++i) {
            const ipf_tls_probe_result* r = c->batch_result(batch, i);
            CPPUNIT_ASSERT_MESSAGE(std::string(r->error.ptr ? r->error.ptr : "", r->error.len),
                                   r->error.ptr == nullptr);
            CPPUNIT_ASSERT_EQUAL(uint16_t(IPF_TLS_1_3), r->version_code);
        }
        c->batch_free(batch);
    }

    void sdkWrapperCopiesTheResult() {
        ipfacts::Host host(&side_->api, side_->ctx());
        CPPUNIT_ASSERT(ipfacts::hasConnect(host));
        ipfacts::TlsProbeCall call;
        call.address = "127.0.0.1";
        call.port = static_cast<uint16_t>(server_->port());
        ipfacts::Result<ipfacts::TlsProbeReply> made = ipfacts::tlsProbe(host, call);
        CPPUNIT_ASSERT_MESSAGE(std::string(made.reason()), made.ok());
        const ipfacts::TlsProbeReply& r = *made;
        CPPUNIT_ASSERT_MESSAGE(r.error, r.ok());
        CPPUNIT_ASSERT_EQUAL(std::string("TLSv1.3"), r.version);
        CPPUNIT_ASSERT_EQUAL(std::string("127.0.0.1"), r.peer_address);
        CPPUNIT_ASSERT(r.group.has_value());
        CPPUNIT_ASSERT_EQUAL(size_t(3), r.chain.size());
        CPPUNIT_ASSERT(r.chain[2] == chain_->bytes("root.der"));
        CPPUNIT_ASSERT(!r.alert_received);
        call.max_version = IPF_TLS_1_2;
        ipfacts::Result<ipfacts::TlsProbeReply> refused = ipfacts::tlsProbe(host, call);
        CPPUNIT_ASSERT(refused.ok());  // the call was made; its handshake failed
        CPPUNIT_ASSERT(!refused->ok());
        CPPUNIT_ASSERT_EQUAL(std::string("protocol version"), refused->alert_received.value_or(""));
    }

    void sdkWrapperWithoutTheFacilityAnswersAnError() {
        PluginSide bare;  // no connect: section
        bare.fill();
        ipfacts::Host host(&bare.api, bare.ctx());
        CPPUNIT_ASSERT(!ipfacts::hasConnect(host));
        ipfacts::TlsProbeCall call;
        call.address = "127.0.0.1";
        const ipfacts::TlsProbeReplies replies = ipfacts::tlsProbeAll(host, {call, call});
        CPPUNIT_ASSERT(!replies.ok() && replies.empty());
        CPPUNIT_ASSERT_EQUAL(IPF_UNAVAILABLE, replies.status());
        CPPUNIT_ASSERT_EQUAL(std::string("this host offers no connect facility (no connect: section)"),
                             std::string(replies.reason()));
        CPPUNIT_ASSERT_EQUAL(std::string(replies.reason()), std::string(ipfacts::tlsProbe(host, call).reason()));
        // A host of ABI 1.3 has no connect member at all: struct_size says so.
        ipf_host_api older = side_->api;
        older.struct_size = static_cast<uint32_t>(offsetof(ipf_host_api, connect));
        CPPUNIT_ASSERT(!ipfacts::hasConnect(ipfacts::Host(&older, side_->ctx())));
    }

    void slotIsNamedConnect() {
        CPPUNIT_ASSERT_EQUAL(std::string("connect"), std::string(facilities::connect::ConnectFacility::kName));
        CPPUNIT_ASSERT(side_->set.has("connect"));
    }

private:
    const TestChain* chain_ = nullptr;
    const OpensslServer* server_ = nullptr;
    std::unique_ptr<PluginSide> side_;
};

CPPUNIT_TEST_SUITE_REGISTRATION(ConnectApiTest);
