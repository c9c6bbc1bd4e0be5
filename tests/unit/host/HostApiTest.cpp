// The ipf_host_api table a plugin's init receives: its versions, every
// base slot filled, a facility's slot filled only when it is configured,
// and calls through the table reaching the request, the response and the
// plugin's context on the host side.
#include "host/facilities/FacilitySet.h"
#include "host/pipeline/Exchange.h"
#include "host/pipeline/RouteTable.h"
#include "host/plugins/HostApi.h"

#include <ipfacts/plugin.h>

#include <cppunit/extensions/HelperMacros.h>

#include <cstring>
#include <memory>
#include <string>

using namespace ipfacts;
using pipeline::Exchange;

namespace {

/// A facility in the cache's slot whose table is a marker the test recognises.
class MarkerCache : public facilities::Facility {
public:
    static constexpr const char* kName = "cache";
    const char* name() const override { return kName; }
    void fill(ipf_host_api& api) const override { api.cache = &table_; }
    const ipf_cache_api* table() const { return &table_; }

private:
    ipf_cache_api table_{};
};

ipf_str s(const char* text) { return ipf_str{text, std::strlen(text)}; }
std::string str(ipf_str v) { return v.ptr ? std::string(v.ptr, v.len) : std::string("<null>"); }
const ipf_request* asRequest(const Exchange& ex) { return reinterpret_cast<const ipf_request*>(&ex); }
ipf_response* asResponse(Exchange& ex) { return reinterpret_cast<ipf_response*>(&ex); }

}  // namespace

class HostApiTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(HostApiTest);
    CPPUNIT_TEST(tableSaysItsVersionAndSize);
    CPPUNIT_TEST(everyBaseSlotIsFilled);
    CPPUNIT_TEST(facilitySlotsFollowTheConfiguredFacilities);
    CPPUNIT_TEST(requestCallsReadTheExchange);
    CPPUNIT_TEST(theKeyNeverReachesAPlugin);
    CPPUNIT_TEST(responseCallsWriteTheExchange);
    CPPUNIT_TEST(contextCallsReadThePluginsConfiguration);
    CPPUNIT_TEST_SUITE_END();

    facilities::FacilitySet none_;
    ipf_host_api api_ = plugins::makeHostApi(none_);

public:
    void tableSaysItsVersionAndSize() {
        CPPUNIT_ASSERT_EQUAL(uint32_t(sizeof(ipf_host_api)), api_.struct_size);
        CPPUNIT_ASSERT_EQUAL(uint16_t(IPF_ABI_MAJOR), api_.abi_major);
        CPPUNIT_ASSERT_EQUAL(uint16_t(IPF_ABI_MINOR), api_.abi_minor);
    }

    void everyBaseSlotIsFilled() {
        const void* slots[] = {
            reinterpret_cast<const void*>(api_.log),
            reinterpret_cast<const void*>(api_.config_get),
            reinterpret_cast<const void*>(api_.config_path),
            reinterpret_cast<const void*>(api_.service_host),
            reinterpret_cast<const void*>(api_.edge),
            reinterpret_cast<const void*>(api_.now_ms),
            reinterpret_cast<const void*>(api_.request_method),
            reinterpret_cast<const void*>(api_.request_path),
            reinterpret_cast<const void*>(api_.request_target),
            reinterpret_cast<const void*>(api_.path_param),
            reinterpret_cast<const void*>(api_.query_count),
            reinterpret_cast<const void*>(api_.query_get),
            reinterpret_cast<const void*>(api_.header_count),
            reinterpret_cast<const void*>(api_.header_at),
            reinterpret_cast<const void*>(api_.header_get),
            reinterpret_cast<const void*>(api_.client_address),
            reinterpret_cast<const void*>(api_.peer_address),
            reinterpret_cast<const void*>(api_.key_identity),
            reinterpret_cast<const void*>(api_.protocol),
            reinterpret_cast<const void*>(api_.tls_version),
            reinterpret_cast<const void*>(api_.rtt_us),
            reinterpret_cast<const void*>(api_.set_status),
            reinterpret_cast<const void*>(api_.add_header),
            reinterpret_cast<const void*>(api_.set_body),
            reinterpret_cast<const void*>(api_.set_error),
            reinterpret_cast<const void*>(api_.request_url),
            reinterpret_cast<const void*>(api_.may_block),
            reinterpret_cast<const void*>(api_.set_transient),
        };
        for (size_t i = 0; i < sizeof slots / sizeof slots[0]; ++i)
            CPPUNIT_ASSERT_MESSAGE("slot " + std::to_string(i), slots[i] != nullptr);
        CPPUNIT_ASSERT(IPF_HOST_HAS(&api_, set_transient));
    }

    void facilitySlotsFollowTheConfiguredFacilities() {
        CPPUNIT_ASSERT(!api_.cache && !api_.netdb && !api_.resolver && !api_.http && !api_.store);
        CPPUNIT_ASSERT(!IPF_HOST_HAS(&api_, privacy));
        facilities::FacilitySet set;
        auto marker = std::make_unique<MarkerCache>();
        const ipf_cache_api* table = marker->table();
        set.add(std::move(marker));
        ipf_host_api api = plugins::makeHostApi(set);
        CPPUNIT_ASSERT(api.cache == table);
        CPPUNIT_ASSERT(!api.netdb && !api.meters);
        CPPUNIT_ASSERT(api.request_method == api_.request_method);  // the base table is the same
    }

    void requestCallsReadTheExchange() {
        Exchange ex;
        pipeline::Route route;
        route.nonblocking = true;
        ex.route = &route;
        ex.request.method = "GET";
        ex.request.target = "/api/v1/thing/x?name=a&name=b";
        ex.request.protocol = "HTTP/1.1";
        ex.request.headers = {{"Host", "example.org"}, {"X-Thing", "yes"}};
        ex.request.peer = *net::IpAddress::parse("192.0.2.10");
        ex.path = "/api/v1/thing/x";
        ex.raw_query = "name=a&name=b";
        ex.path_params = {{"id", "x"}};
        ex.client_address = "198.51.100.7";
        const ipf_request* r = asRequest(ex);
        CPPUNIT_ASSERT_EQUAL(std::string("GET"), str(api_.request_method(r)));
        CPPUNIT_ASSERT_EQUAL(std::string("/api/v1/thing/x"), str(api_.request_path(r)));
        ipf_str out{};
        CPPUNIT_ASSERT_EQUAL(IPF_OK, api_.path_param(r, s("id"), &out));
        CPPUNIT_ASSERT_EQUAL(std::string("x"), str(out));
        CPPUNIT_ASSERT_EQUAL(IPF_NOT_FOUND, api_.path_param(r, s("other"), &out));
        CPPUNIT_ASSERT_EQUAL(size_t(2), api_.query_count(r, s("name")));
        CPPUNIT_ASSERT_EQUAL(IPF_OK, api_.query_get(r, s("name"), 1, &out));
        CPPUNIT_ASSERT_EQUAL(std::string("b"), str(out));
        CPPUNIT_ASSERT_EQUAL(IPF_OK, api_.header_get(r, s("x-thing"), &out));  // names match in any case
        CPPUNIT_ASSERT_EQUAL(std::string("yes"), str(out));
        CPPUNIT_ASSERT_EQUAL(size_t(2), api_.header_count(r));
        CPPUNIT_ASSERT_EQUAL(std::string("198.51.100.7"), str(api_.client_address(r)));
        CPPUNIT_ASSERT_EQUAL(std::string("192.0.2.10"), str(api_.peer_address(r)));
        CPPUNIT_ASSERT_EQUAL(std::string("<null>"), str(api_.key_identity(r)));
        CPPUNIT_ASSERT_EQUAL(std::string("http://example.org/api/v1/thing/x?name=a&name=b"), str(api_.request_url(r)));
        CPPUNIT_ASSERT_EQUAL(0, api_.may_block(r));  // a non-blocking route on the loop
        ex.on_worker = true;
        CPPUNIT_ASSERT_EQUAL(1, api_.may_block(r));
    }

    void theKeyNeverReachesAPlugin() {
        Exchange ex;
        ex.request.target = "/x?key=secret&name=a";
        ex.raw_query = "key=secret&name=a";
        const ipf_request* r = asRequest(ex);
        ipf_str out{};
        CPPUNIT_ASSERT_EQUAL(IPF_NOT_FOUND, api_.query_get(r, s("key"), 0, &out));
        CPPUNIT_ASSERT_EQUAL(size_t(0), api_.query_count(r, s("key")));
        CPPUNIT_ASSERT(str(api_.request_target(r)).find("secret") == std::string::npos);
    }

    void responseCallsWriteTheExchange() {
        Exchange ex;
        ipf_response* resp = asResponse(ex);
        api_.set_status(resp, 201);
        CPPUNIT_ASSERT_EQUAL(201, ex.response.status);
        api_.set_status(resp, 42);  // out of range: ignored
        CPPUNIT_ASSERT_EQUAL(201, ex.response.status);
        CPPUNIT_ASSERT_EQUAL(IPF_OK, api_.add_header(resp, s("X-Mine"), s("1")));
        CPPUNIT_ASSERT_EQUAL(IPF_INVALID, api_.add_header(resp, s("Cache-Control"), s("public")));  // the host's
        CPPUNIT_ASSERT_EQUAL(IPF_INVALID, api_.add_header(resp, s("X-Evil"), s("a\r\nSet-Cookie: b")));
        CPPUNIT_ASSERT_EQUAL(std::string("X-Mine: 1\r\n"), ex.response.headers);
        api_.set_body(resp, s("text/plain"), s("hello"));
        CPPUNIT_ASSERT_EQUAL(std::string("text/plain"), ex.response.content_type);
        CPPUNIT_ASSERT_EQUAL(std::string("hello"), ex.response.body);
        api_.set_error(resp, 404, s("not_found"), s("nothing here"));
        CPPUNIT_ASSERT_EQUAL(404, ex.response.status);
        CPPUNIT_ASSERT(ex.response.body.find("\"error\":\"not_found\"") != std::string::npos);
        api_.set_transient(resp);
        CPPUNIT_ASSERT(ex.transient);
    }

    void contextCallsReadThePluginsConfiguration() {
        plugins::PluginContext ctx;
        ctx.plugin = "demo";
        ctx.facilities = &none_;
        ctx.config = {{"limit", "5"}, {"data.file", "data/x.txt"}};
        ctx.manifest_dir = "/etc/ipfacts";
        ctx.service_host = "facts.example";
        ctx.edge = "eu-1";
        ipf_plugin_ctx* h = plugins::handleOf(&ctx);
        CPPUNIT_ASSERT(plugins::contextOf(h) == &ctx);
        ipf_str out{};
        CPPUNIT_ASSERT_EQUAL(IPF_OK, api_.config_get(h, s("limit"), &out));
        CPPUNIT_ASSERT_EQUAL(std::string("5"), str(out));
        CPPUNIT_ASSERT_EQUAL(IPF_NOT_FOUND, api_.config_get(h, s("missing"), &out));
        CPPUNIT_ASSERT_EQUAL(IPF_OK, api_.config_path(h, s("data.file"), &out));
        CPPUNIT_ASSERT_EQUAL(std::string("/etc/ipfacts/data/x.txt"), str(out));
        CPPUNIT_ASSERT_EQUAL(std::string("facts.example"), str(api_.service_host(h)));
        CPPUNIT_ASSERT_EQUAL(std::string("eu-1"), str(api_.edge(h)));
        CPPUNIT_ASSERT(api_.now_ms(h) > 1'600'000'000'000);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(HostApiTest);
