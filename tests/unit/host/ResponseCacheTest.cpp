// The host's response cache: which Cache-Control values qualify, how
// parameters are normalised into a key, what is kept and given back, and —
// through a Pipeline with a stand-in handler — that metering still happens
// on hits while the handler is called once.
#include "host/cache/MemoryCache.h"
#include "host/manifest/Manifest.h"
#include "host/pipeline/Pipeline.h"
#include "host/pipeline/ResponseCache.h"
#include "host/pipeline/RouteTable.h"

#include <cppunit/extensions/HelperMacros.h>

#include <filesystem>
#include <fstream>
#include <memory>

using namespace ipfacts;
using namespace ipfacts::pipeline;
using namespace ipfacts::ratelimit;
using namespace std::chrono_literals;
using cache::MemoryCache;

namespace {

Route publicRoute(const std::string& path = "/api/v1/dns", const std::string& plugin = "dns") {
    Route r;
    r.spec.path = path;
    r.spec.plugin = plugin;
    r.spec.cache_control = "public, max-age=60";
    r.response_cache_s = 60;
    return r;
}

/// An exchange as begin() leaves it: route found, parameters decoded.
Exchange exchangeFor(const Route& route, std::vector<std::pair<std::string, std::string>> query,
                     std::string_view method = "GET") {
    Exchange ex;
    ex.request.method = method;
    ex.route = &route;
    ex.query = std::move(query);
    return ex;
}

/// What a handler leaves: quota lines first (the host's), then its own.
void answer200(Exchange& ex, const std::string& body) {
    ex.response.status = 200;
    ex.response.content_type = "application/json";
    ex.response.body = body;
    ex.response.headers = "X-RateLimit-Limit: 10\r\nX-Handler: yes\r\n";
}

constexpr std::string_view kHandlerLines = "X-Handler: yes\r\n";

struct ManualClock {
    std::shared_ptr<std::chrono::steady_clock::time_point> now =
        std::make_shared<std::chrono::steady_clock::time_point>(std::chrono::steady_clock::time_point{} + 1000h);
    MemoryCache::Clock fn() const {
        return [now = now] { return *now; };
    }
};

bool contains(const std::string& s, std::string_view part) { return s.find(part) != std::string::npos; }

// ---- a pipeline with a stand-in handler ------------------------------------

struct FakePlugin {
    int calls = 0;
    int status = 200;
};

/// Answers with the call count in the body, so a cached answer shows an old count.
ipf_status fakeHandler(void* state, const ipf_request*, ipf_response* resp) {
    auto* p = static_cast<FakePlugin*>(state);
    auto* ex = reinterpret_cast<Exchange*>(resp);
    ++p->calls;
    // A real plugin spends the caller's meter for privacy=1 and the meters
    // facility marks the exchange; the stand-in does what that leaves.
    if (ex->raw_query.find("privacy=1") != std::string_view::npos) ex->caller_dependent = true;
    // A plugin whose answer holds a passing failure says so (Response::transient).
    if (ex->raw_query.find("flaky=1") != std::string_view::npos) ex->transient = true;
    ex->response.status = p->status;
    ex->response.content_type = "application/json";
    ex->response.body = "{\"call\":" + std::to_string(p->calls) + "}";
    ex->response.addHeader("X-Handler", "yes");
    return IPF_OK;
}

struct PipelineRig {
    manifest::Manifest m;
    FakePlugin plugin;
    ServiceClock clock{false};
    std::unique_ptr<Pipeline> pipeline;

    PipelineRig() {
        m.access_log = "off";
        // Only a daily limit, so X-RateLimit-Remaining is sent and shows the count.
        m.rate_classes["daily"] = manifest::RateClass{"daily", true, {0, 1000, 0}, {0, 1000, 0}};
        std::vector<Route> routes;
        routes.push_back(route("/api/v1/dns", "public, max-age=60"));
        routes.push_back(route("/ip", "private, no-store"));
        pipeline = std::make_unique<Pipeline>(m, std::make_unique<RouteTable>(std::move(routes)), nullptr,
                                              std::vector<HostHandler>{}, clock);
    }

    Route route(const std::string& path, const std::string& cache_control) {
        Route r;
        r.spec.path = path;
        r.spec.plugin = "fake";
        r.spec.rate_class = "daily";
        r.spec.cache_control = cache_control;
        r.rate_class = &m.rate_classes.at("daily");
        r.cache_control_line = "Cache-Control: " + cache_control + "\r\n";
        r.policy_anonymous = "daily:anonymous";
        r.policy_keyed = "daily:key";
        r.fn = fakeHandler;
        r.state = &plugin;
        // What the OpenAPI operation of such a route declares (RouteContract): the pipeline refuses others.
        r.query_params = {"name", "type", "privacy", "flaky", "pretty", "fields", "_"};
        r.nonblocking = true;
        return r;
    }

    /// One request through begin/handle/finish, as the event loop runs it.
    /// `target` must outlive the call (the request holds views).
    HttpResponse serve(std::string_view target, std::string_view method = "GET") {
        Exchange ex;
        ex.request.method = method;
        ex.request.target = target;
        ex.request.protocol = "HTTP/1.1";
        ex.request.peer = *net::IpAddress::parse("192.0.2.10");
        if (pipeline->begin(ex) != Pipeline::Next::Respond) pipeline->handle(ex);
        pipeline->finish(ex);
        return ex.response;
    }
};

std::string headerValue(const std::string& lines, const std::string& name) {
    size_t at = lines.find(name + ": ");
    if (at == std::string::npos) return "<none>";
    at += name.size() + 2;
    return lines.substr(at, lines.find("\r\n", at) - at);
}

std::string writeManifest(const std::string& text) {
    auto dir = std::filesystem::temp_directory_path() / "ipfacts-response-cache-test";
    std::filesystem::create_directories(dir);
    auto path = (dir / "m.yaml").string();
    std::ofstream(path) << text;
    return path;
}

}  // namespace

class ResponseCacheTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(ResponseCacheTest);
    CPPUNIT_TEST(onlyPublicLifetimesQualify);
    CPPUNIT_TEST(routeTableSetsTheLifetime);
    CPPUNIT_TEST(manifestRouteKeySwitchesItOff);
    CPPUNIT_TEST(parameterOrderDoesNotMatter);
    CPPUNIT_TEST(differentValuesNeverShareAnEntry);
    CPPUNIT_TEST(repeatsOfOneNameKeepTheirOrder);
    CPPUNIT_TEST(keyParameterIsLeftOut);
    CPPUNIT_TEST(pathParametersArePartOfTheKey);
    CPPUNIT_TEST(storedAnswerComesBackWithAge);
    CPPUNIT_TEST(entryExpiresAfterMaxAge);
    CPPUNIT_TEST(headIsServedFromTheGetEntryAndNeverStored);
    CPPUNIT_TEST(only200IsStored);
    CPPUNIT_TEST(callerDependentAnswerIsNeverKept);
    CPPUNIT_TEST(routeWithoutLifetimeIsNeverCached);
    CPPUNIT_TEST(entriesLiveInThePluginsNamespace);
    CPPUNIT_TEST(pipelineMetersHitsAndCallsTheHandlerOnce);
    CPPUNIT_TEST(pipelineNormalisesTheQuery);
    CPPUNIT_TEST(pipelineNeverCachesPrivateOr404OrPrivacy);
    CPPUNIT_TEST(pipelineAnswersHeadFromGet);
    CPPUNIT_TEST(transientAnswerIsNeverKeptAndGoesOutNoStore);
    CPPUNIT_TEST(transientLifetimeIsTheShorterOne);
    CPPUNIT_TEST(transientAnswerWithAConfiguredLifetimeIsStillNeverKept);
    CPPUNIT_TEST(pipelineSaysHitOrMiss);
    CPPUNIT_TEST_SUITE_END();

public:
    void onlyPublicLifetimesQualify() {
        CPPUNIT_ASSERT_EQUAL(60, ResponseCache::sharedMaxAge("public, max-age=60"));
        CPPUNIT_ASSERT_EQUAL(300, ResponseCache::sharedMaxAge("PUBLIC,Max-Age=300"));
        CPPUNIT_ASSERT_EQUAL(10, ResponseCache::sharedMaxAge("public, max-age=60, s-maxage=10"));
        CPPUNIT_ASSERT_EQUAL(ResponseCache::kMaxSeconds, ResponseCache::sharedMaxAge("public, max-age=99999999999999"));
        CPPUNIT_ASSERT_EQUAL(0, ResponseCache::sharedMaxAge("private, no-store"));
        CPPUNIT_ASSERT_EQUAL(0, ResponseCache::sharedMaxAge("private, max-age=60"));
        CPPUNIT_ASSERT_EQUAL(0, ResponseCache::sharedMaxAge("public, max-age=60, no-cache"));
        CPPUNIT_ASSERT_EQUAL(0, ResponseCache::sharedMaxAge("max-age=60"));
        CPPUNIT_ASSERT_EQUAL(0, ResponseCache::sharedMaxAge("public"));
        CPPUNIT_ASSERT_EQUAL(0, ResponseCache::sharedMaxAge("public, max-age=0"));
        CPPUNIT_ASSERT_EQUAL(0, ResponseCache::sharedMaxAge("public, max-age=6o"));
        CPPUNIT_ASSERT_EQUAL(0, ResponseCache::sharedMaxAge("no-store"));
    }

    void routeTableSetsTheLifetime() {
        std::vector<Route> routes;
        Route r = publicRoute();
        r.response_cache_s = 0;
        routes.push_back(r);
        r.spec.path = "/off";
        r.spec.response_cache = false;
        routes.push_back(r);
        r.spec.path = "/private";
        r.spec.response_cache = true;
        r.spec.cache_control = "private, no-store";
        routes.push_back(r);
        r.spec.path = "/host";
        r.spec.cache_control = "public, max-age=3600";
        r.host_handler = 0;
        routes.push_back(r);
        RouteTable t(std::move(routes));
        CPPUNIT_ASSERT_EQUAL(60, t.match("/api/v1/dns").route->response_cache_s);
        CPPUNIT_ASSERT_EQUAL(0, t.match("/off").route->response_cache_s);
        CPPUNIT_ASSERT_EQUAL(0, t.match("/private").route->response_cache_s);
        CPPUNIT_ASSERT_EQUAL(0, t.match("/host").route->response_cache_s);
    }

    void manifestRouteKeySwitchesItOff() {
        const std::string head = R"(plugins:
  dns: { library: dns }
routes:
)";
        auto m = manifest::loadManifest(
            writeManifest(head + R"(  - { path: /a, handler: dns.query, cache_control: "public, max-age=60" }
  - { path: /b, handler: dns.query, cache_control: "public, max-age=60", response_cache: false }
)"));
        CPPUNIT_ASSERT(m.routes.at(0).response_cache);
        CPPUNIT_ASSERT(!m.routes.at(1).response_cache);
        try {
            manifest::loadManifest(
                writeManifest(head + "  - { path: /a, handler: dns.query, response_cache: sometimes }\n"));
            CPPUNIT_FAIL("a non-boolean response_cache loaded");
        } catch (const manifest::ManifestError& e) {
            CPPUNIT_ASSERT_MESSAGE(e.what(), contains(e.what(), "m.yaml:4: response_cache must be true or false"));
        }
    }

    void parameterOrderDoesNotMatter() {
        Route r = publicRoute();
        CPPUNIT_ASSERT_EQUAL(ResponseCache::keyOf(exchangeFor(r, {{"type", "MX"}, {"name", "a.example"}})),
                             ResponseCache::keyOf(exchangeFor(r, {{"name", "a.example"}, {"type", "MX"}})));
    }

    void differentValuesNeverShareAnEntry() {
        Route r = publicRoute();
        auto key = [&](std::vector<std::pair<std::string, std::string>> q) {
            return ResponseCache::keyOf(exchangeFor(r, q));
        };
        CPPUNIT_ASSERT(key({{"name", "a.example"}, {"type", "MX"}}) != key({{"name", "a.example"}, {"type", "A"}}));
        CPPUNIT_ASSERT(key({{"name", "a.example"}}) != key({{"name", "b.example"}}));
        CPPUNIT_ASSERT(key({{"name", "a.example"}}) != key({{"name", "a.example"}, {"type", ""}}));
        CPPUNIT_ASSERT(key({{"name", "a.example"}}) != key({{"name", "a.example"}, {"name", "a.example"}}));
        // Where one field ends and the next begins is part of the key.
        CPPUNIT_ASSERT(key({{"ab", "c"}}) != key({{"a", "bc"}}));
        CPPUNIT_ASSERT(key({{"a", "b"}, {"c", "d"}}) != key({{"a", "b&c=d"}}));
        Route other = publicRoute("/api/v1/other");
        CPPUNIT_ASSERT(ResponseCache::keyOf(exchangeFor(r, {})) != ResponseCache::keyOf(exchangeFor(other, {})));
    }

    void repeatsOfOneNameKeepTheirOrder() {
        Route r = publicRoute();
        auto key = [&](std::vector<std::pair<std::string, std::string>> q) {
            return ResponseCache::keyOf(exchangeFor(r, q));
        };
        CPPUNIT_ASSERT(key({{"t", "MX"}, {"t", "A"}}) != key({{"t", "A"}, {"t", "MX"}}));
        CPPUNIT_ASSERT_EQUAL(key({{"t", "MX"}, {"n", "x"}, {"t", "A"}}), key({{"n", "x"}, {"t", "MX"}, {"t", "A"}}));
    }

    void keyParameterIsLeftOut() {
        Route r = publicRoute();
        auto with_key = ResponseCache::keyOf(exchangeFor(r, {{"name", "a.example"}, {"KEY", "ipf_secret"}}));
        CPPUNIT_ASSERT_EQUAL(ResponseCache::keyOf(exchangeFor(r, {{"name", "a.example"}})), with_key);
        CPPUNIT_ASSERT(!contains(with_key, "ipf_secret"));
    }

    void pathParametersArePartOfTheKey() {
        Route r = publicRoute("/api/v1/lookup/{target}", "lookup");
        Exchange a = exchangeFor(r, {}), b = exchangeFor(r, {});
        a.path_params = {{"target", "192.0.2.1"}};
        b.path_params = {{"target", "192.0.2.2"}};
        CPPUNIT_ASSERT(ResponseCache::keyOf(a) != ResponseCache::keyOf(b));
        b.path_params = {{"target", "192.0.2.1"}};
        CPPUNIT_ASSERT_EQUAL(ResponseCache::keyOf(a), ResponseCache::keyOf(b));
    }

    void storedAnswerComesBackWithAge() {
        ManualClock clock;
        ResponseCache cache(std::make_shared<MemoryCache>(1 << 20, 4, clock.fn()));
        Route r = publicRoute();
        Exchange fresh = exchangeFor(r, {{"name", "a.example"}});
        answer200(fresh, R"({"checked_at":"2026-11-22T18:51:11Z"})");
        cache.store(fresh, kHandlerLines);
        *clock.now += 7500ms;

        Exchange again = exchangeFor(r, {{"name", "a.example"}});
        again.response.headers = "X-RateLimit-Limit: 9\r\n";  // this caller's quota, counted before the cache
        CPPUNIT_ASSERT(cache.answer(again));
        CPPUNIT_ASSERT_EQUAL(200, again.response.status);
        CPPUNIT_ASSERT_EQUAL(std::string("application/json"), again.response.content_type);
        CPPUNIT_ASSERT_EQUAL(fresh.response.body, again.response.body);
        CPPUNIT_ASSERT_EQUAL(std::string("X-RateLimit-Limit: 9\r\nX-Handler: yes\r\nAge: 7\r\nX-Cache: hit\r\n"),
                             again.response.headers);
        CPPUNIT_ASSERT_EQUAL(uint64_t(1), cache.stats().hits);
    }

    void entryExpiresAfterMaxAge() {
        ManualClock clock;
        ResponseCache cache(std::make_shared<MemoryCache>(1 << 20, 4, clock.fn()));
        Route r = publicRoute();
        Exchange fresh = exchangeFor(r, {});
        answer200(fresh, "{}");
        cache.store(fresh, kHandlerLines);
        *clock.now += 59s;
        Exchange within = exchangeFor(r, {});
        CPPUNIT_ASSERT(cache.answer(within));
        *clock.now += 1s;
        Exchange after = exchangeFor(r, {});
        CPPUNIT_ASSERT(!cache.answer(after));
        CPPUNIT_ASSERT_EQUAL(0, after.response.status);
    }

    void headIsServedFromTheGetEntryAndNeverStored() {
        ResponseCache cache(std::make_shared<MemoryCache>(1 << 20));
        Route r = publicRoute();
        Exchange head = exchangeFor(r, {}, "HEAD");
        answer200(head, "");  // a handler may leave HEAD's body out: never keep it for GET
        cache.store(head, kHandlerLines);
        CPPUNIT_ASSERT_EQUAL(uint64_t(0), cache.stats().entries);

        Exchange get = exchangeFor(r, {});
        answer200(get, "{\"full\":true}");
        cache.store(get, kHandlerLines);
        Exchange head_again = exchangeFor(r, {}, "HEAD");
        CPPUNIT_ASSERT(cache.answer(head_again));
        CPPUNIT_ASSERT_EQUAL(std::string("{\"full\":true}"), head_again.response.body);  // the writer drops it for HEAD
    }

    void only200IsStored() {
        ResponseCache cache(std::make_shared<MemoryCache>(1 << 20));
        Route r = publicRoute();
        for (int status : {201, 203, 204, 301, 400, 404, 500, 503}) {
            Exchange ex = exchangeFor(r, {});
            answer200(ex, "{}");
            ex.response.status = status;
            cache.store(ex, kHandlerLines);
        }
        CPPUNIT_ASSERT_EQUAL(uint64_t(0), cache.stats().entries);
    }

    void callerDependentAnswerIsNeverKept() {
        ResponseCache cache(std::make_shared<MemoryCache>(1 << 20));
        Route r = publicRoute("/api/v1/lookup/{target}", "lookup");
        Exchange with = exchangeFor(r, {{"privacy", "1"}});
        answer200(with, "{}");
        with.caller_dependent = true;  // what the meters facility marks
        cache.store(with, kHandlerLines);
        CPPUNIT_ASSERT_EQUAL(uint64_t(0), cache.stats().entries);
        // So the same request never finds an entry, while one without the mark is kept.
        Exchange asks = exchangeFor(r, {{"privacy", "1"}});
        CPPUNIT_ASSERT(!cache.answer(asks));
        Exchange without = exchangeFor(r, {});
        answer200(without, "{}");
        cache.store(without, kHandlerLines);
        CPPUNIT_ASSERT_EQUAL(uint64_t(1), cache.stats().entries);
    }

    void routeWithoutLifetimeIsNeverCached() {
        ResponseCache cache(std::make_shared<MemoryCache>(1 << 20));
        Route r = publicRoute();
        r.response_cache_s = 0;
        Exchange ex = exchangeFor(r, {});
        answer200(ex, "{}");
        cache.store(ex, kHandlerLines);
        CPPUNIT_ASSERT_EQUAL(uint64_t(0), cache.stats().entries);
        CPPUNIT_ASSERT(!cache.answer(ex));
    }

    void entriesLiveInThePluginsNamespace() {
        auto backend = std::make_shared<MemoryCache>(1 << 20);
        ResponseCache cache(backend);
        Route r = publicRoute("/api/v1/dns", "dns");
        Exchange ex = exchangeFor(r, {});
        answer200(ex, "{}");
        cache.store(ex, kHandlerLines);
        CPPUNIT_ASSERT(backend->get("dns", ResponseCache::keyOf(ex)));
        CPPUNIT_ASSERT(!backend->get("lookup", ResponseCache::keyOf(ex)));
    }

    void pipelineMetersHitsAndCallsTheHandlerOnce() {
        PipelineRig rig;
        auto first = rig.serve("/api/v1/dns?name=a.example&type=A");
        auto second = rig.serve("/api/v1/dns?name=a.example&type=A");
        auto third = rig.serve("/api/v1/dns?name=a.example&type=A");
        CPPUNIT_ASSERT_EQUAL(1, rig.plugin.calls);
        CPPUNIT_ASSERT_EQUAL(first.body, third.body);
        CPPUNIT_ASSERT_EQUAL(200, third.status);
        // Metering happens before the cache is asked: every hit is counted.
        CPPUNIT_ASSERT_EQUAL(std::string("999"), headerValue(first.headers, "X-RateLimit-Remaining"));
        CPPUNIT_ASSERT_EQUAL(std::string("998"), headerValue(second.headers, "X-RateLimit-Remaining"));
        CPPUNIT_ASSERT_EQUAL(std::string("997"), headerValue(third.headers, "X-RateLimit-Remaining"));
        CPPUNIT_ASSERT_EQUAL(std::string("<none>"), headerValue(first.headers, "Age"));
        CPPUNIT_ASSERT(headerValue(third.headers, "Age").find_first_not_of("0123456789") == std::string::npos);
        for (const auto* r : {&first, &third}) {
            CPPUNIT_ASSERT_EQUAL(std::string("yes"), headerValue(r->headers, "X-Handler"));
            CPPUNIT_ASSERT_EQUAL(std::string("public, max-age=60"), headerValue(r->headers, "Cache-Control"));
            CPPUNIT_ASSERT_EQUAL(std::string("*"), headerValue(r->headers, "Access-Control-Allow-Origin"));
            CPPUNIT_ASSERT_EQUAL(std::string("daily:anonymous"), headerValue(r->headers, "X-RateLimit-Policy"));
        }
        // The handler's line appears once: the host's lines are not kept with the answer.
        CPPUNIT_ASSERT_EQUAL(third.headers.find("X-Handler: "), third.headers.rfind("X-Handler: "));
        CPPUNIT_ASSERT_EQUAL(third.headers.find("X-RateLimit-Limit: "), third.headers.rfind("X-RateLimit-Limit: "));
    }

    void pipelineNormalisesTheQuery() {
        PipelineRig rig;
        auto a = rig.serve("/api/v1/dns?name=a.example&type=MX");
        auto b = rig.serve("/api/v1/dns?type=MX&name=a%2Eexample");
        CPPUNIT_ASSERT_EQUAL(1, rig.plugin.calls);
        CPPUNIT_ASSERT_EQUAL(a.body, b.body);
        auto c = rig.serve("/api/v1/dns?type=A&name=a.example");
        CPPUNIT_ASSERT_EQUAL(2, rig.plugin.calls);
        CPPUNIT_ASSERT(a.body != c.body);
    }

    void pipelineNeverCachesPrivateOr404OrPrivacy() {
        PipelineRig rig;
        rig.serve("/ip");
        rig.serve("/ip");
        CPPUNIT_ASSERT_EQUAL(2, rig.plugin.calls);
        rig.serve("/api/v1/dns?name=a.example&privacy=1");
        rig.serve("/api/v1/dns?name=a.example&privacy=1");
        CPPUNIT_ASSERT_EQUAL(4, rig.plugin.calls);
        rig.plugin.status = 404;
        auto missing = rig.serve("/api/v1/dns?name=gone.example");
        CPPUNIT_ASSERT_EQUAL(std::string("no-store"), headerValue(missing.headers, "Cache-Control"));
        rig.serve("/api/v1/dns?name=gone.example");
        CPPUNIT_ASSERT_EQUAL(6, rig.plugin.calls);
        CPPUNIT_ASSERT_EQUAL(uint64_t(0), rig.pipeline->responseCache().stats().entries);
    }

    void pipelineAnswersHeadFromGet() {
        PipelineRig rig;
        rig.serve("/api/v1/dns?name=h.example", "HEAD");
        CPPUNIT_ASSERT_EQUAL(1, rig.plugin.calls);
        auto get = rig.serve("/api/v1/dns?name=h.example");
        CPPUNIT_ASSERT_EQUAL(2, rig.plugin.calls);
        auto head = rig.serve("/api/v1/dns?name=h.example", "HEAD");
        CPPUNIT_ASSERT_EQUAL(2, rig.plugin.calls);
        CPPUNIT_ASSERT_EQUAL(200, head.status);
        CPPUNIT_ASSERT_EQUAL(get.body.size(), head.body.size());  // Content-Length as for GET
        CPPUNIT_ASSERT(headerValue(head.headers, "Age") != "<none>");
    }

    // The same public route: a transient answer is kept by no cache (the
    // handler runs every time) and says no-store; a sound one is kept.
    void transientAnswerIsNeverKeptAndGoesOutNoStore() {
        PipelineRig rig;
        auto first = rig.serve("/api/v1/dns?name=t.example&flaky=1");
        CPPUNIT_ASSERT_EQUAL(200, first.status);
        CPPUNIT_ASSERT_EQUAL(std::string("no-store"), headerValue(first.headers, "Cache-Control"));
        rig.serve("/api/v1/dns?name=t.example&flaky=1");
        CPPUNIT_ASSERT_EQUAL(2, rig.plugin.calls);
        auto sound = rig.serve("/api/v1/dns?name=t.example");
        CPPUNIT_ASSERT(headerValue(sound.headers, "Cache-Control").rfind("public, max-age=", 0) == 0);
        rig.serve("/api/v1/dns?name=t.example");
        CPPUNIT_ASSERT_EQUAL(3, rig.plugin.calls);
        CPPUNIT_ASSERT_EQUAL(uint64_t(1), rig.pipeline->responseCache().stats().entries);
        CPPUNIT_ASSERT_EQUAL(std::string("miss"), headerValue(first.headers, "X-Cache"));
    }

    void transientLifetimeIsTheShorterOne() {
        CPPUNIT_ASSERT_EQUAL(std::string("no-store"), ResponseCache::transientCacheControl("public, max-age=60", 0));
        CPPUNIT_ASSERT_EQUAL(std::string("public, max-age=10"),
                             ResponseCache::transientCacheControl("public, max-age=3600", 10));
        // Never longer than the route's own lifetime.
        CPPUNIT_ASSERT_EQUAL(std::string("public, max-age=20"),
                             ResponseCache::transientCacheControl("public, max-age=3600, s-maxage=20", 30));
        CPPUNIT_ASSERT_EQUAL(std::string("public, max-age=5"),
                             ResponseCache::transientCacheControl("public, max-age=5", 30));
        // A route no shared cache may keep stays so; one that says no-store keeps its words.
        CPPUNIT_ASSERT_EQUAL(std::string("private, no-store"),
                             ResponseCache::transientCacheControl("private, no-store", 30));
        CPPUNIT_ASSERT_EQUAL(std::string("no-store"), ResponseCache::transientCacheControl("private, max-age=60", 30));
    }

    // transient_max_age_s lets shared caches keep a failure briefly; the
    // host's own cache still never does.
    void transientAnswerWithAConfiguredLifetimeIsStillNeverKept() {
        PipelineRig rig;
        rig.m.transient_max_age_s = 10;
        auto first = rig.serve("/api/v1/dns?name=c.example&flaky=1");
        CPPUNIT_ASSERT_EQUAL(std::string("public, max-age=10"), headerValue(first.headers, "Cache-Control"));
        auto again = rig.serve("/api/v1/dns?name=c.example&flaky=1");
        CPPUNIT_ASSERT_EQUAL(2, rig.plugin.calls);
        CPPUNIT_ASSERT_EQUAL(std::string("<none>"), headerValue(again.headers, "Age"));
        CPPUNIT_ASSERT_EQUAL(std::string("miss"), headerValue(again.headers, "X-Cache"));
        CPPUNIT_ASSERT_EQUAL(uint64_t(0), rig.pipeline->responseCache().stats().entries);
        // A private route's failure stays no-store whatever the key says.
        rig.serve("/ip?flaky=1");
        CPPUNIT_ASSERT_EQUAL(std::string("private, no-store"),
                             headerValue(rig.serve("/ip?flaky=1").headers, "Cache-Control"));
    }

    // A route the cache serves says where each answer came from, and CORS
    // lets a browser read it and Age; a route it never serves says nothing.
    void pipelineSaysHitOrMiss() {
        PipelineRig rig;
        auto miss = rig.serve("/api/v1/dns?name=x.example");
        auto hit = rig.serve("/api/v1/dns?name=x.example");
        CPPUNIT_ASSERT_EQUAL(std::string("miss"), headerValue(miss.headers, "X-Cache"));
        CPPUNIT_ASSERT_EQUAL(std::string("<none>"), headerValue(miss.headers, "Age"));
        CPPUNIT_ASSERT_EQUAL(std::string("hit"), headerValue(hit.headers, "X-Cache"));
        CPPUNIT_ASSERT(headerValue(hit.headers, "Age") != "<none>");
        CPPUNIT_ASSERT_EQUAL(hit.headers.find("X-Cache: "), hit.headers.rfind("X-Cache: "));  // once
        const std::string exposed = headerValue(hit.headers, "Access-Control-Expose-Headers");
        CPPUNIT_ASSERT_MESSAGE(exposed, contains(exposed, "Age") && contains(exposed, "X-Cache"));
        CPPUNIT_ASSERT_EQUAL(std::string("<none>"), headerValue(rig.serve("/ip").headers, "X-Cache"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ResponseCacheTest);
