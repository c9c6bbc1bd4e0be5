// One clock for every budget: the meters facility's daily budgets and the
// http facility's upstream budgets count on the ServiceClock they are given
// (the daemon's), so a manual clock moved by a test moves both, as it moves
// the rate windows. Loopback only: the http calls go to a closed port of
// 127.0.0.1, refused at once, which spends the budget all the same.
#include "host/facilities/FacilitySet.h"
#include "host/facilities/http/HttpFacility.h"
#include "host/facilities/meters/MetersFacility.h"
#include "host/pipeline/Exchange.h"
#include "host/ratelimit/ServiceClock.h"
#include "tests/support/GuardSupport.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cstring>
#include <map>
#include <memory>
#include <string>

namespace ipfacts::facilities {
namespace {

/// One use of `meter` by 192.0.2.1 through the facility's C table; 1 when allowed.
int takeOnce(const ipf_host_api& api, FacilitySet& set, const char* meter) {
    FacilityContext context;
    context.plugin = "clock";
    context.facilities = &set;
    pipeline::Exchange ex;
    ex.caller_block = *net::IpAddress::parse("192.0.2.1");
    int allowed = -1;
    const ipf_status st =
        api.meters->take(reinterpret_cast<ipf_plugin_ctx*>(&context), reinterpret_cast<const ipf_request*>(&ex),
                         ipf_str{meter, std::strlen(meter)}, &allowed, nullptr, nullptr);
    CPPUNIT_ASSERT_EQUAL(IPF_OK, st);
    return allowed;
}

/// The error of one GET through `http` to a closed loopback port: "budget: ..." when refused.
std::string fetchOnce(http::HttpFacility& http) {
    http::HttpRequest r;
    r.url = "http://127.0.0.1:1/";
    r.timeout_ms = 2000;
    return http.fetchAll({r}).front().error;
}

bool refusedByBudget(const std::string& error) { return error.rfind("budget: ", 0) == 0; }

}  // namespace

class BudgetClockTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(BudgetClockTest);
    CPPUNIT_TEST(metersCountDaysOnTheGivenClock);
    CPPUNIT_TEST(upstreamBudgetsCountMinutesOnTheGivenClock);
    CPPUNIT_TEST(theSetHoldsTheDaemonsClock);
    CPPUNIT_TEST_SUITE_END();

public:
    void metersCountDaysOnTheGivenClock() {
        ratelimit::ServiceClock clock(true);
        FacilitySet set;
        set.add(std::make_unique<MetersFacility>(std::map<std::string, int64_t>{{"privacy", 1}}, clock, set.tally()));
        ipf_host_api api{};
        set.fill(api);
        CPPUNIT_ASSERT_EQUAL(1, takeOnce(api, set, "privacy"));
        CPPUNIT_ASSERT_EQUAL(0, takeOnce(api, set, "privacy"));  // today's one use is spent
        CPPUNIT_ASSERT(clock.advance(86400));
        CPPUNIT_ASSERT_EQUAL(1, takeOnce(api, set, "privacy"));  // tomorrow, on the manual clock
    }

    void upstreamBudgetsCountMinutesOnTheGivenClock() {
        ratelimit::ServiceClock clock(true);
        http::HttpConfig hc;
        http::UpstreamConfig local;
        local.name = "local", local.hosts = {"127.0.0.1"}, local.allow_http = true, local.per_minute = 1;
        hc.upstreams = {local};
        http::HttpFacility http(hc, ipfacts::testing::guardAllowing({"127.0.0.1/32"}), nullptr, nullptr, clock);
        CPPUNIT_ASSERT(!refusedByBudget(fetchOnce(http)));
        const std::string refused = fetchOnce(http);
        CPPUNIT_ASSERT_EQUAL(std::string("budget: upstream local allows 1 requests a minute"), refused);
        CPPUNIT_ASSERT(clock.advance(120));
        CPPUNIT_ASSERT(!refusedByBudget(fetchOnce(http)));  // a later minute, on the manual clock
    }

    void theSetHoldsTheDaemonsClock() {
        ratelimit::ServiceClock clock(true);
        FacilitySet set;
        CPPUNIT_ASSERT(&set.clock() == &ratelimit::ServiceClock::system());  // until the daemon sets its own
        set.setClock(clock);
        CPPUNIT_ASSERT(&set.clock() == &clock);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(BudgetClockTest);

}  // namespace ipfacts::facilities
