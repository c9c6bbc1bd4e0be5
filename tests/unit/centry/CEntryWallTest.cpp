// No exception crosses a C entry point. This binary replaces operator new so
// a test can exhaust the heap of its own thread on purpose; then every host
// function a plugin calls through a C table answers with the C error
// convention instead of throwing into the plugin (a C plugin's frames cannot
// be unwound: that would be std::terminate), and a plugin handler whose own
// code runs out of memory becomes the host's 500 error envelope.
#include "host/facilities/FacilitySet.h"
#include "host/facilities/meters/MetersFacility.h"
#include "host/manifest/Manifest.h"
#include "host/pipeline/Exchange.h"
#include "host/pipeline/Pipeline.h"
#include "host/pipeline/RouteTable.h"
#include "host/plugins/HostApi.h"
#include "host/ratelimit/ServiceClock.h"

#include <ipfacts/plugin.hpp>

#include <cppunit/extensions/HelperMacros.h>

#include <cstdlib>
#include <map>
#include <memory>
#include <new>
#include <string>
#include <vector>

namespace {

thread_local bool t_heapExhausted = false;

}  // namespace

// Every allocation of this binary: malloc, or std::bad_alloc while this
// thread's heap is exhausted on purpose.
void* operator new(size_t n) {
    if (t_heapExhausted) throw std::bad_alloc();
    if (void* p = std::malloc(n ? n : 1)) return p;
    throw std::bad_alloc();
}
// GCC pairs the inlined std::free with the library's operator new it cannot
// see is replaced here, and warns of a mismatch that is not one.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, size_t) noexcept { std::free(p); }
#pragma GCC diagnostic pop

namespace ipfacts {
namespace {

/// While it lives, every allocation of this thread fails; then the heap is
/// as it was (so one may live inside another). Nothing that allocates (an
/// assertion's message) may run inside it.
class ExhaustedHeap {
public:
    ExhaustedHeap() : was_(t_heapExhausted) { t_heapExhausted = true; }
    ~ExhaustedHeap() { t_heapExhausted = was_; }
    ExhaustedHeap(const ExhaustedHeap&) = delete;
    ExhaustedHeap& operator=(const ExhaustedHeap&) = delete;

private:
    bool was_;
};

// Longer than any small-string buffer, so copying it needs the heap.
const std::string kLongKey = "a.config.key.long.enough.to.need.the.heap";
const std::string kLongMeter = "a-meter-name-long-enough-to-need-the-heap";

const ipf_request* requestOf(const pipeline::Exchange& ex) { return reinterpret_cast<const ipf_request*>(&ex); }
ipf_response* responseOf(pipeline::Exchange& ex) { return reinterpret_cast<ipf_response*>(&ex); }

/// A plugin whose handler runs out of memory in its own code.
class HungryPlugin {
public:
    explicit HungryPlugin(Host&) {}
    void answer(Request&, Response& resp) {
        ExhaustedHeap heap;                 // its own allocations fail, and the heap is back once it throws
        const std::string body(4096, 'x');  // throws std::bad_alloc
        resp.body("text/plain", body);
    }
};

}  // namespace

class CEntryWallTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(CEntryWallTest);
    CPPUNIT_TEST(hostApiAnswersTheCErrorConvention);
    CPPUNIT_TEST(facilityTableAnswersTheCErrorConvention);
    CPPUNIT_TEST(handlerOutOfMemoryBecomesTheErrorEnvelope);
    CPPUNIT_TEST(pluginInitOutOfMemoryIsAFailedInit);
    CPPUNIT_TEST_SUITE_END();

public:
    void setUp() override {
        context_.plugin = "wall";
        context_.facilities = &set_;
        context_.config[kLongKey] = "value";
    }

    void hostApiAnswersTheCErrorConvention() {
        const ipf_host_api api = plugins::makeHostApi(set_);
        ipf_plugin_ctx* handle = plugins::handleOf(&context_);
        const std::string received = "/wall?key=secret&name=" + kLongKey;
        pipeline::Exchange ex;
        ex.request.target = received;
        ipf_str out{};
        ipf_status config = IPF_OK;
        ipf_str target{};
        {
            ExhaustedHeap heap;
            config = api.config_get(handle, str(kLongKey), &out);
            target = api.request_target(requestOf(ex));
            api.log(handle, IPF_LOG_WARN, str(kLongKey));  // returns, logged or not
            api.set_error(responseOf(ex), 503, str("busy"), str(kLongKey));
        }
        CPPUNIT_ASSERT_EQUAL(IPF_ERROR, config);
        CPPUNIT_ASSERT(target.ptr == nullptr && target.len == 0);
        // The same calls with the heap back: the failures above were the heap's alone.
        CPPUNIT_ASSERT_EQUAL(IPF_OK, api.config_get(handle, str(kLongKey), &out));
        CPPUNIT_ASSERT_EQUAL(std::string("value"), std::string(view(out)));
        CPPUNIT_ASSERT_EQUAL(std::string("/wall?name=") + kLongKey,
                             std::string(view(api.request_target(requestOf(ex)))));
    }

    void facilityTableAnswersTheCErrorConvention() {
        set_.add(std::make_unique<facilities::MetersFacility>(std::map<std::string, int64_t>{{kLongMeter, 5}},
                                                              ratelimit::ServiceClock::system(), set_.tally()));
        const ipf_host_api api = plugins::makeHostApi(set_);
        ipf_plugin_ctx* handle = plugins::handleOf(&context_);
        pipeline::Exchange ex;
        ex.caller_block = *net::IpAddress::parse("192.0.2.1");
        int allowed = -1;
        ipf_status st = IPF_OK;
        {
            ExhaustedHeap heap;
            st = api.meters->take(handle, requestOf(ex), str(kLongMeter), &allowed, nullptr, nullptr);
        }
        CPPUNIT_ASSERT_EQUAL(IPF_ERROR, st);
        CPPUNIT_ASSERT_EQUAL(-1, allowed);  // nothing half-written
        CPPUNIT_ASSERT_EQUAL(IPF_OK,
                             api.meters->take(handle, requestOf(ex), str(kLongMeter), &allowed, nullptr, nullptr));
        CPPUNIT_ASSERT_EQUAL(1, allowed);
    }

    void handlerOutOfMemoryBecomesTheErrorEnvelope() {
        const ipf_host_api api = plugins::makeHostApi(set_);
        void* state = nullptr;
        char err[128] = "";
        CPPUNIT_ASSERT_EQUAL(IPF_OK,
                             detail::init<HungryPlugin>(&api, plugins::handleOf(&context_), &state, err, sizeof err));
        manifest::Manifest m;
        m.access_log = "off";
        std::vector<pipeline::Route> routes(1);
        routes[0].spec.path = "/hungry";
        routes[0].spec.plugin = "wall";
        routes[0].spec.handler = "answer";
        routes[0].fn = &detail::handle<HungryPlugin, &HungryPlugin::answer>;
        routes[0].state = state;
        pipeline::Pipeline pipeline(m, std::make_unique<pipeline::RouteTable>(std::move(routes)), nullptr, {},
                                    ratelimit::ServiceClock::system());
        const pipeline::Route& route = pipeline.routes().routes().front();
        pipeline::Exchange ex;
        CPPUNIT_ASSERT(!pipeline.callHandler(route, ex));  // failed, and answered
        CPPUNIT_ASSERT_EQUAL(500, ex.response.status);
        CPPUNIT_ASSERT_EQUAL(std::string("application/json"), ex.response.content_type);
        CPPUNIT_ASSERT_MESSAGE(ex.response.body, ex.response.body.find("\"internal_error\"") != std::string::npos);
        // The heap exhausted through the trampoline's catch too: its log
        // cannot build the message, and still nothing leaves it.
        pipeline::Exchange again;
        ipf_status handled = IPF_OK;
        {
            ExhaustedHeap heap;
            handled = route.fn(route.state, requestOf(again), responseOf(again));
        }
        CPPUNIT_ASSERT_EQUAL(IPF_ERROR, handled);
        detail::shutdown<HungryPlugin>(state);
    }

    void pluginInitOutOfMemoryIsAFailedInit() {
        const ipf_host_api api = plugins::makeHostApi(set_);
        void* state = nullptr;
        char err[128] = "";
        ipf_status st = IPF_OK;
        {
            ExhaustedHeap heap;
            st = detail::init<HungryPlugin>(&api, plugins::handleOf(&context_), &state, err, sizeof err);
        }
        CPPUNIT_ASSERT_EQUAL(IPF_ERROR, st);
        CPPUNIT_ASSERT(state == nullptr);
        CPPUNIT_ASSERT_EQUAL(std::string("std::bad_alloc"), std::string(err));
    }

private:
    facilities::FacilitySet set_;
    plugins::PluginContext context_;
};

CPPUNIT_TEST_SUITE_REGISTRATION(CEntryWallTest);

}  // namespace ipfacts
