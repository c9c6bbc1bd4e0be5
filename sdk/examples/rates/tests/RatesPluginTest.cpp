// The rates plugin against the SDK's fake host (ipfacts/testing/FakeHost.hpp):
// loaded through its C descriptor as the host loads it, with the upstream
// scripted in the fake http facility, and the cache and store fakes keeping
// real TTLs on a clock the test moves. Plain asserts, no framework: a
// third party needs nothing but the installed SDK to run it.
#include <ipfacts/testing/FakeHost.hpp>

#include <chrono>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

extern "C" const ipf_plugin_descriptor* ipfacts_plugin_v1(void);

namespace {

using ipfacts::testing::FakeHost;
using ipfacts::testing::LoadedPlugin;

int failures = 0;

#define CHECK(cond)                                                                 \
    do {                                                                            \
        if (!(cond)) {                                                              \
            std::fprintf(stderr, "%s:%d: failed: %s\n", __FILE__, __LINE__, #cond); \
            ++failures;                                                             \
        }                                                                           \
    } while (0)

const char* kUpstream = "https://rates.example/latest.json";
const char* kDocument = R"({"base":"EUR","date":"2026-11-22","rates":{"USD":1.0812,"JPY":163.2}})";

bool contains(const std::string& body, const std::string& part) { return body.find(part) != std::string::npos; }

/// A fake host with the upstream scripted and the plugin's config set.
void setUp(FakeHost& fake) {
    fake.config["upstream"] = kUpstream;
    fake.config["cache_ttl_s"] = "60";
    fake.http.respond("GET", kUpstream, 200, kDocument, {{"Content-Type", "application/json"}});
    fake.query = {{"currency", "USD"}};
}

void fetchesOnceThenAnswersFromTheCache() {
    FakeHost fake;
    setUp(fake);
    LoadedPlugin plugin(fake, ipfacts_plugin_v1());
    CHECK(plugin.call("latest") == IPF_OK);
    CHECK(fake.written.status == 200);
    CHECK(fake.written.contentType == "application/json");
    CHECK(fake.written.body ==
          R"({"base":"EUR","currency":"USD","rate":1.0812,"date":"2026-11-22","cached":false,"calls_today":1,)"
          R"("checked_at":"2026-11-22T18:51:11Z","source":"ipfacts.example"})");
    CHECK(fake.cache.peek("rates", "document") == std::optional<std::string>(kDocument));

    fake.query = {{"currency", "JPY"}};
    CHECK(plugin.call("latest") == IPF_OK);
    CHECK(contains(fake.written.body, R"("rate":163.2,)"));
    CHECK(contains(fake.written.body, R"("cached":true,"calls_today":2,)"));
    CHECK(fake.http.requests.size() == 1);  // the second answer cost no fetch
}

void asksTheUpstreamForJson() {
    FakeHost fake;
    setUp(fake);
    LoadedPlugin plugin(fake, ipfacts_plugin_v1());
    plugin.call("latest");
    CHECK(fake.http.requests.size() == 1);
    const ipfacts::HttpCall& sent = fake.http.requests.at(0);
    CHECK(sent.method == "GET");
    CHECK(sent.url == kUpstream);
    CHECK(sent.headers.size() == 1 && sent.headers[0].name == "Accept" && sent.headers[0].value == "application/json");
    CHECK(sent.timeout_ms == 3000);
    CHECK(fake.http.openBatches == 0);  // the plugin gave the replies back
}

void fetchesAgainWhenTheCacheExpires() {
    FakeHost fake;
    setUp(fake);
    LoadedPlugin plugin(fake, ipfacts_plugin_v1());
    plugin.call("latest");
    fake.clock.advance(std::chrono::seconds(59));
    plugin.call("latest");
    CHECK(fake.http.requests.size() == 1);
    fake.clock.advance(std::chrono::seconds(1));  // cache_ttl_s is up
    plugin.call("latest");
    CHECK(fake.http.requests.size() == 2);
    CHECK(contains(fake.written.body, R"("cached":false,"calls_today":3,)"));
}

void countsCallsPerDayInTheStore() {
    FakeHost fake;
    setUp(fake);
    LoadedPlugin plugin(fake, ipfacts_plugin_v1());
    plugin.call("latest");
    plugin.call("latest");
    CHECK(fake.store.peek("rates", "calls:2026-11-22") == std::optional<std::string>("2"));
    fake.clock.advance(std::chrono::hours(6));  // past midnight UTC
    plugin.call("latest");
    CHECK(contains(fake.written.body, R"("calls_today":1,)"));
    CHECK(fake.store.peek("rates", "calls:2026-11-23") == std::optional<std::string>("1"));
    CHECK(fake.store.peek("rates", "calls:2026-11-22") == std::optional<std::string>("2"));  // kept two days
}

void upstreamFailuresAre502WithTheReason() {
    FakeHost fake;
    setUp(fake);
    fake.http.fail("GET", kUpstream, "timeout after 3000 ms");
    LoadedPlugin plugin(fake, ipfacts_plugin_v1());
    CHECK(plugin.call("latest") == IPF_OK);  // an answered error, not a plugin failure
    CHECK(fake.written.status == 502);
    CHECK(fake.written.errorToken == "upstream_unavailable");
    CHECK(fake.written.errorMessage == "the rates upstream failed: timeout after 3000 ms");
    CHECK(!fake.cache.peek("rates", "document"));  // nothing cached: the next call tries again

    fake.http.respond("GET", kUpstream, 503, "busy");
    plugin.call("latest");
    CHECK(fake.written.errorMessage == "the rates upstream answered HTTP 503");
    fake.http.respond("GET", kUpstream, 200, "<html>not json</html>");
    plugin.call("latest");
    CHECK(fake.written.errorMessage == "the rates upstream sent a document this plugin cannot read");
    CHECK(fake.http.requests.size() == 3);
}

void refusesBadCurrenciesBeforeAnyFetch() {
    FakeHost fake;
    setUp(fake);
    LoadedPlugin plugin(fake, ipfacts_plugin_v1());
    for (const auto& query : std::vector<std::vector<std::pair<std::string, std::string>>>{
             {}, {{"currency", "usd"}}, {{"currency", "USDX"}}, {{"currency", "USD"}, {"currency", "JPY"}}}) {
        fake.query = query;
        plugin.call("latest");
        CHECK(fake.written.status == 400 && fake.written.errorToken == "invalid_parameter");
    }
    CHECK(fake.http.requests.empty() && fake.store.incrs == 0);
    fake.query = {{"currency", "CHF"}};
    plugin.call("latest");
    CHECK(fake.written.status == 404 && fake.written.errorToken == "unknown_currency");
}

void initNeedsTheUpstream() {
    FakeHost fake;
    bool refused = false;
    try {
        LoadedPlugin plugin(fake, ipfacts_plugin_v1());
    } catch (const std::runtime_error& e) {
        refused = contains(e.what(), "upstream");
    }
    CHECK(refused);
    // What the host checks before init: the facilities and config keys the plugin declares.
    const ipf_plugin_descriptor* d = ipfacts_plugin_v1();
    CHECK(std::string(d->required_facilities[0]) == "http" && std::string(d->required_facilities[1]) == "cache" &&
          std::string(d->required_facilities[2]) == "store" && d->required_facilities[3] == nullptr);
    CHECK(std::string(d->config_keys[0].key) == "upstream" && d->config_keys[0].required == 1);
    CHECK(d->handler_count == 1 && !(d->handlers[0].flags & IPF_HANDLER_NONBLOCKING));  // it blocks on http
}

}  // namespace

int main() {
    const std::vector<std::pair<const char*, std::function<void()>>> tests = {
        {"fetchesOnceThenAnswersFromTheCache", fetchesOnceThenAnswersFromTheCache},
        {"asksTheUpstreamForJson", asksTheUpstreamForJson},
        {"fetchesAgainWhenTheCacheExpires", fetchesAgainWhenTheCacheExpires},
        {"countsCallsPerDayInTheStore", countsCallsPerDayInTheStore},
        {"upstreamFailuresAre502WithTheReason", upstreamFailuresAre502WithTheReason},
        {"refusesBadCurrenciesBeforeAnyFetch", refusesBadCurrenciesBeforeAnyFetch},
        {"initNeedsTheUpstream", initNeedsTheUpstream},
    };
    for (const auto& [name, run] : tests) {
        const int before = failures;
        run();
        std::printf("%s: %s\n", name, failures == before ? "ok" : "FAILED");
    }
    std::printf("%s\n", failures ? "FAILED" : "all passed");
    return failures ? 1 : 0;
}
