// Measured status against the suite's ipfactsd, on the manual clock of its
// manifest (status.manual_clock): real probes of the daemon itself, a port
// that refuses (down) and a listener that never answers (time-out); figures
// checked against seeded history rows (with a gap while the prober was
// stopped: unknown, neither up nor down) for the 24-hour and 30-day windows
// as the clock moves; a target that stops answering; the badge and the page
// rendered in headless Chromium showing the JSON's numbers.
#include "host/store/sqlite/SqliteProbeHistory.h"
#include "tests/integration/support/HttpClient.h"
#include "tests/integration/support/Json.h"
#include "tests/integration/support/Service.h"

#include <Poco/JSON/Array.h>
#include <cppunit/extensions/HelperMacros.h>

#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <map>
#include <set>
#include <thread>

using namespace ipfacts::testing;
using Poco::JSON::Object;

namespace {

constexpr int64_t kMinute = 60'000;
constexpr int64_t kHour = 60 * kMinute;
constexpr int64_t kDay = 24 * kHour;
// Far apart, whole minutes: each test's samples lie outside the others' 30-day windows.
constexpr int64_t kProbeBase = 1'767'225'600'000;  // 2026-01-01T00:00:00Z
constexpr int64_t kSeedBase = kProbeBase + 100 * kDay;
constexpr int64_t kSwitchBase = kSeedBase + 100 * kDay;
constexpr int64_t kBrowserBase = kSwitchBase + 100 * kDay;
// Ten days before the browser's round, so the page it checks still shows these upstream figures.
constexpr int64_t kUpstreamBase = kBrowserBase - 10 * kDay;

std::string selfUrl() { return "http://127.0.0.1:" + std::to_string(Service::instance().port()) + "/ip"; }

Object::Ptr control(const std::string& query) {
    auto r = get("/test/status/control?" + query);
    CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 200, r.status);
    return parseJson(r.body);
}

Object::Ptr status() {
    auto r = get("/api/v1/status");
    CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 200, r.status);
    return parseJson(r.body);
}

Object::Ptr region(const Object::Ptr& st, size_t target) {
    auto regions = st->getArray("targets")->getObject(unsigned(target))->getArray("regions");
    CPPUNIT_ASSERT_EQUAL(size_t(1), regions->size());
    return regions->getObject(0);
}

double number(const Object::Ptr& o, const std::string& k) {
    CPPUNIT_ASSERT_MESSAGE(k + " is null", !o->isNull(k));
    return o->getValue<double>(k);
}

/// What the accounting must give for `rows` at `now`, counted the plain way.
struct Expected {
    int64_t up = 0, down = 0, unknown = 0;
    std::vector<int64_t> latencies;  // of successful checks, sorted
    double uptime() const { return 100.0 * double(up) / double(up + down); }
    double percentileMs(int p) const {
        size_t rank = size_t(std::ceil(p / 100.0 * double(latencies.size())));
        return double(latencies[std::max<size_t>(rank, 1) - 1]) / 1000.0;
    }
};

Expected expected(const std::vector<ipfacts::store::ProbeSample>& rows, int64_t now, int64_t window) {
    Expected e;
    std::set<int64_t> minutes;
    int64_t first = INT64_MAX;
    for (const auto& s : rows) {
        if (s.at_ms <= now - 30 * kDay || s.at_ms > now) continue;
        first = std::min(first, s.at_ms);
        if (s.at_ms <= now - window) continue;
        minutes.insert(s.at_ms / kMinute);
        if (s.ok) {
            ++e.up;
            e.latencies.push_back(s.latency_us);
        } else {
            ++e.down;
        }
    }
    std::sort(e.latencies.begin(), e.latencies.end());
    // Every whole minute of the window after the first check and before now's minute, without a row.
    for (int64_t m = std::max((now - window) / kMinute + 1, first / kMinute); m < now / kMinute; ++m)
        if (!minutes.count(m)) ++e.unknown;
    return e;
}

/// Answers HTTP on a listening socket until stopped: the switchable target.
class TinyServer {
public:
    explicit TinyServer(int fd) : fd_(fd) {
        ::listen(fd_, 16);
        thread_ = std::thread([this] { serve(); });
    }
    ~TinyServer() { stop(); }
    void stop() {
        stopping_ = true;
        if (thread_.joinable()) thread_.join();
    }

private:
    void serve() {
        while (!stopping_) {
            pollfd p{fd_, POLLIN, 0};
            if (::poll(&p, 1, 50) <= 0) continue;
            int c = ::accept(fd_, nullptr, nullptr);
            if (c < 0) continue;
            std::string in;
            char buf[1024];
            while (in.find("\r\n\r\n") == std::string::npos) {
                pollfd q{c, POLLIN, 0};
                if (::poll(&q, 1, 1000) <= 0) break;
                ssize_t n = ::read(c, buf, sizeof buf);
                if (n <= 0) break;
                in.append(buf, size_t(n));
            }
            const std::string out = "HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n";
            ssize_t w = ::write(c, out.data(), out.size());
            (void)w;
            ::close(c);
        }
    }
    int fd_;
    std::atomic<bool> stopping_{false};
    std::thread thread_;
};

}  // namespace

class StatusTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(StatusTest);
    CPPUNIT_TEST(probesSelfRefusedAndSlow);
    CPPUNIT_TEST(seededHistoryWithGap);
    CPPUNIT_TEST(headersAndNoHostCache);
    CPPUNIT_TEST(controlRefusesBadParameters);
    CPPUNIT_TEST(upstreamsCountedByTheFacilities);
    CPPUNIT_TEST(upstreamDownDegradesTheService);
    CPPUNIT_TEST(pageAndBadgeInChromium);
    CPPUNIT_TEST(stoppedTargetGoesDown);
    CPPUNIT_TEST_SUITE_END();

public:
    void probesSelfRefusedAndSlow() {
        auto round = control("set_ms=" + std::to_string(kProbeBase) + "&probe=1");
        auto samples = round->getArray("samples");
        CPPUNIT_ASSERT_EQUAL(size_t(3), samples->size());
        auto self = samples->getObject(0), refused = samples->getObject(1), slow = samples->getObject(2);
        CPPUNIT_ASSERT_EQUAL(selfUrl(), self->getValue<std::string>("target"));
        CPPUNIT_ASSERT_MESSAGE(self->getValue<std::string>("error"), self->getValue<bool>("ok"));
        CPPUNIT_ASSERT_EQUAL(200, self->getValue<int>("http_status"));
        CPPUNIT_ASSERT(!refused->getValue<bool>("ok"));
        CPPUNIT_ASSERT_MESSAGE(refused->getValue<std::string>("error"),
                               refused->getValue<std::string>("error").rfind("connection failed", 0) == 0);
        CPPUNIT_ASSERT_EQUAL(0, refused->getValue<int>("http_status"));
        CPPUNIT_ASSERT(!slow->getValue<bool>("ok"));
        CPPUNIT_ASSERT_EQUAL(std::string("timeout after 500 ms"), slow->getValue<std::string>("error"));
        CPPUNIT_ASSERT(slow->getValue<int64_t>("latency_us") >= 500'000);

        auto st = status();
        CPPUNIT_ASSERT_EQUAL(std::string("2026-01-01T00:00:00Z"), st->getValue<std::string>("generated_at"));
        CPPUNIT_ASSERT(!st->getValue<bool>("available"));
        CPPUNIT_ASSERT(st->getValue<std::string>("available_reason").find("Switchable") != std::string::npos);
        auto overall = st->getObject("overall");
        CPPUNIT_ASSERT_EQUAL(3, overall->getValue<int>("checks_24h"));
        CPPUNIT_ASSERT_DOUBLES_EQUAL(33.3333, number(overall, "uptime_24h"), 1e-9);
        // Failures stay out of latency: the 500 ms time-out is not the p95.
        const double self_ms = double(self->getValue<int64_t>("latency_us")) / 1000.0;
        CPPUNIT_ASSERT_DOUBLES_EQUAL(self_ms, number(overall, "p95_ms"), 1e-9);
        CPPUNIT_ASSERT_DOUBLES_EQUAL(self_ms, number(overall, "p50_ms"), 1e-9);
        auto r0 = region(st, 0), r1 = region(st, 1), r2 = region(st, 2);
        CPPUNIT_ASSERT_EQUAL(std::string("test"), r0->getValue<std::string>("region"));
        CPPUNIT_ASSERT(r0->getValue<bool>("last_ok"));
        CPPUNIT_ASSERT_EQUAL(std::string("2026-01-01T00:00:00Z"), r0->getValue<std::string>("last_checked_at"));
        CPPUNIT_ASSERT_DOUBLES_EQUAL(100.0, number(r0, "uptime_24h"), 1e-9);
        CPPUNIT_ASSERT(!r1->getValue<bool>("last_ok"));
        CPPUNIT_ASSERT_DOUBLES_EQUAL(0.0, number(r1, "uptime_30d"), 1e-9);
        CPPUNIT_ASSERT(r1->isNull("p50_ms"));  // no successful check: no latency
        CPPUNIT_ASSERT_EQUAL(std::string("timeout after 500 ms"), r2->getValue<std::string>("last_error"));
        CPPUNIT_ASSERT_EQUAL(1, r2->getValue<int>("checks_30d"));
    }

    void seededHistoryWithGap() {
        // Three days of checks every minute before kSeedBase, every tenth down, and a
        // two-hour gap 8 to 10 hours before it while the prober was stopped; before
        // that, ten days of hourly down checks 10 to 20 days back.
        std::vector<ipfacts::store::ProbeSample> rows;
        for (int k = 1; k <= 3 * 1440; ++k) {
            if (k >= 481 && k <= 600) continue;
            ipfacts::store::ProbeSample s;
            s.target = selfUrl();
            s.region = "test";
            s.at_ms = kSeedBase - k * kMinute;
            s.ok = k % 10 != 0;
            s.http_status = s.ok ? 200 : 503;
            s.latency_us = s.ok ? 1000 + (k % 97) * 10 : 4'000'000;
            s.error = s.ok ? "" : "HTTP 503";
            rows.push_back(s);
        }
        for (int h = 0; h < 240; ++h) {
            ipfacts::store::ProbeSample s;
            s.target = selfUrl();
            s.region = "test";
            s.at_ms = kSeedBase - 10 * kDay - h * kHour;
            s.error = "connection failed: connection refused";
            rows.push_back(s);
        }
        ipfacts::store::SqliteProbeHistory(Service::instance().stateDir() + "/ipfacts.sqlite").record(rows);

        auto check = [&](int64_t now) {
            control("set_ms=" + std::to_string(now));
            auto st = status();
            auto r = region(st, 0);
            const Expected d = expected(rows, now, kDay), m = expected(rows, now, 30 * kDay);
            CPPUNIT_ASSERT_EQUAL(d.up + d.down, r->getValue<int64_t>("checks_24h"));
            CPPUNIT_ASSERT_EQUAL(d.down, r->getValue<int64_t>("down_24h"));
            CPPUNIT_ASSERT_EQUAL(d.unknown, r->getValue<int64_t>("unknown_intervals_24h"));
            if (d.up + d.down > 0) {
                CPPUNIT_ASSERT_DOUBLES_EQUAL(d.uptime(), number(r, "uptime_24h"), 0.00005);
                CPPUNIT_ASSERT_DOUBLES_EQUAL(d.percentileMs(50), number(r, "p50_ms"), 1e-9);
                CPPUNIT_ASSERT_DOUBLES_EQUAL(d.percentileMs(95), number(r, "p95_ms"), 1e-9);
                CPPUNIT_ASSERT_DOUBLES_EQUAL(d.uptime(), number(st->getObject("overall"), "uptime_24h"), 0.00005);
            }
            CPPUNIT_ASSERT_EQUAL(m.up + m.down, r->getValue<int64_t>("checks_30d"));
            CPPUNIT_ASSERT_EQUAL(m.unknown, r->getValue<int64_t>("unknown_intervals_30d"));
            if (m.up + m.down > 0) CPPUNIT_ASSERT_DOUBLES_EQUAL(m.uptime(), number(r, "uptime_30d"), 0.00005);
            // Only this target has rows in these windows: overall is the same.
            auto overall = st->getObject("overall");
            CPPUNIT_ASSERT_EQUAL(d.up + d.down, overall->getValue<int64_t>("checks_24h"));
            CPPUNIT_ASSERT_EQUAL(std::string("no checks yet"), region(st, 1)->getValue<std::string>("reason"));
            CPPUNIT_ASSERT(region(st, 1)->isNull("uptime_24h"));
            return std::make_pair(d, m);
        };
        auto [d0, m0] = check(kSeedBase);
        // (now - 24 h, now]: minutes 1 to 1439 back, less the 120 of the gap.
        CPPUNIT_ASSERT_EQUAL(int64_t(1319), d0.up + d0.down);
        CPPUNIT_ASSERT_EQUAL(int64_t(120), d0.unknown);  // the gap: unknown, not down
        CPPUNIT_ASSERT_EQUAL(int64_t(131), d0.down);
        // Nine hours on without a round (the prober stopped again): 540 more unknown intervals.
        auto [d1, m1] = check(kSeedBase + 9 * kHour);
        CPPUNIT_ASSERT_EQUAL(int64_t(660), d1.unknown);
        CPPUNIT_ASSERT_EQUAL(int64_t(779), d1.up + d1.down);
        CPPUNIT_ASSERT(!status()->getValue<bool>("available"));
        // 12 days on: only some of the hourly checks are left in the 30-day window.
        auto [d2, m2] = check(kSeedBase + 12 * kDay);
        CPPUNIT_ASSERT_EQUAL(int64_t(0), d2.up + d2.down);
        CPPUNIT_ASSERT(m2.down > 0 && m2.down < 4320 - 120 + 240);
        auto r = region(status(), 0);
        CPPUNIT_ASSERT(r->isNull("uptime_24h") && r->isNull("p50_ms") && !r->isNull("uptime_30d"));
        CPPUNIT_ASSERT_EQUAL(std::string("no checks in the last 24 hours"), r->getValue<std::string>("reason"));
        // 31 days on: everything left both windows.
        auto [d3, m3] = check(kSeedBase + 31 * kDay);
        CPPUNIT_ASSERT_EQUAL(int64_t(0), m3.up + m3.down);
        CPPUNIT_ASSERT(region(status(), 0)->isNull("uptime_30d"));
    }

    void headersAndNoHostCache() {
        control("set_ms=" + std::to_string(kSeedBase));
        auto a = get("/api/v1/status");
        CPPUNIT_ASSERT_EQUAL(std::string("public, max-age=300"), a.header("Cache-Control").value_or(""));
        CPPUNIT_ASSERT(!a.header("X-RateLimit-Limit"));  // not metered
        CPPUNIT_ASSERT_EQUAL(std::string("application/json"), a.header("Content-Type").value_or(""));
        // The host's response cache never keeps a host handler's answer: a moved clock shows at once.
        control("set_ms=" + std::to_string(kSeedBase + kHour));
        auto b = get("/api/v1/status");
        CPPUNIT_ASSERT(!b.header("Age"));
        CPPUNIT_ASSERT(parseJson(a.body)->getValue<std::string>("generated_at") !=
                       parseJson(b.body)->getValue<std::string>("generated_at"));
        auto page = get("/status");
        CPPUNIT_ASSERT_EQUAL(std::string("text/html; charset=utf-8"), page.header("Content-Type").value_or(""));
        CPPUNIT_ASSERT(page.header("Content-Security-Policy").value_or("").rfind("default-src 'none'", 0) == 0);
        auto svg = get("/status/badge.svg");
        CPPUNIT_ASSERT_EQUAL(std::string("image/svg+xml"), svg.header("Content-Type").value_or(""));
        // Once each: the writer sends nosniff on every answer, the pages add none of their own.
        CPPUNIT_ASSERT_EQUAL(size_t(1), svg.headerCount("X-Content-Type-Options"));
        CPPUNIT_ASSERT_EQUAL(size_t(1), page.headerCount("X-Content-Type-Options"));
        auto badge = parseJson(get("/status/badge.json").body);
        CPPUNIT_ASSERT_EQUAL(std::string("uptime 24h"), badge->getValue<std::string>("label"));
        CPPUNIT_ASSERT(svg.body.find(">" + badge->getValue<std::string>("message") + "</text>") != std::string::npos);
    }

    void controlRefusesBadParameters() {
        auto r = get("/test/status/control?set_ms=soon");
        CPPUNIT_ASSERT_EQUAL(400, r.status);
        CPPUNIT_ASSERT_EQUAL(std::string("invalid_parameter"), parseJson(r.body)->getValue<std::string>("error"));
    }

    void upstreamsCountedByTheFacilities() {
        // Names no other test asks, so the response cache cannot answer for the facilities.
        CPPUNIT_ASSERT_EQUAL(200, get("/api/v1/dns?name=status-upstreams.a.test&type=TXT").status);
        CPPUNIT_ASSERT_EQUAL(200, get("/api/v1/reverse/192.0.2.213").status);
        CPPUNIT_ASSERT_EQUAL(200, get("/api/v1/blacklist/192.0.3.213").status);  // through the named resolver
        control("set_ms=" + std::to_string(kSeedBase));
        auto upstreams = status()->getArray("upstreams");
        std::map<std::string, Object::Ptr> by;
        for (size_t i = 0; i < upstreams->size(); ++i) {
            auto u = upstreams->getObject(unsigned(i));
            by[u->getValue<std::string>("facility") + "/" + u->getValue<std::string>("upstream")] = u;
        }
        CPPUNIT_ASSERT(by.count("doh/alpha") && by.count("doh/beta") && by.count("doh/silent"));
        CPPUNIT_ASSERT(by["doh/alpha"]->getValue<int>("ok") >= 1);
        CPPUNIT_ASSERT(by["doh/silent"]->getValue<int>("failed") >= 1);
        CPPUNIT_ASSERT(by["doh/silent"]->getValue<std::string>("last_error").find("timeout") != std::string::npos);
        bool resolver = false;
        for (const auto& [key, u] : by)
            resolver = resolver || (key.rfind("resolver/127.0.0.1:", 0) == 0 && u->getValue<int>("ok") >= 1);
        CPPUNIT_ASSERT_MESSAGE("no resolver upstream counted", resolver);
        // The blocklists' named resolver is its own upstream, named so.
        bool blocklists = false;
        for (const auto& [key, u] : by)
            blocklists =
                blocklists || (key.rfind("resolver/blocklists (127.0.0.1:", 0) == 0 && u->getValue<int>("ok") >= 1);
        CPPUNIT_ASSERT_MESSAGE("the blocklists' resolver is not counted apart", blocklists);
    }

    // The suite's DoH resolver `silent` (a listener that never answers) fails
    // every exchange: after three in a row it is down and the service is
    // degraded, on the JSON and on the page, with its figures over both windows.
    void upstreamDownDegradesTheService() {
        for (int i = 0; i < 3; ++i)  // names no other test asks: the response cache cannot answer
            CPPUNIT_ASSERT_EQUAL(200,
                                 get("/api/v1/dns?name=status-down-" + std::to_string(i) + ".a.test&type=TXT").status);
        control("set_ms=" + std::to_string(kUpstreamBase) + "&probe=1");
        auto st = status();
        CPPUNIT_ASSERT(st->getValue<bool>("degraded"));
        const std::string reason = st->getValue<std::string>("degraded_reason");
        CPPUNIT_ASSERT_MESSAGE(
            reason,
            reason.find("doh upstream silent is down: its latest 3 exchanges failed (timeout") != std::string::npos);
        CPPUNIT_ASSERT_EQUAL(3, st->getValue<int>("upstream_down_after"));
        auto upstreams = st->getArray("upstreams");
        std::map<std::string, std::pair<unsigned, Object::Ptr>> by;
        for (unsigned i = 0; i < upstreams->size(); ++i) {
            auto u = upstreams->getObject(i);
            by[u->getValue<std::string>("facility") + "/" + u->getValue<std::string>("upstream")] = {i, u};
        }
        auto [si, silent] = by.at("doh/silent");
        auto alpha = by.at("doh/alpha").second;
        CPPUNIT_ASSERT(silent->getValue<bool>("down"));
        CPPUNIT_ASSERT(silent->getValue<int>("failed_in_a_row") >= 3);
        const int failed = silent->getValue<int>("failed_24h");
        CPPUNIT_ASSERT(failed >= 3);  // every exchange since the previous round, at this round's time
        CPPUNIT_ASSERT_EQUAL(0, silent->getValue<int>("ok_24h"));
        CPPUNIT_ASSERT_DOUBLES_EQUAL(0.0, number(silent, "uptime_24h"), 1e-9);
        CPPUNIT_ASSERT_EQUAL(failed, silent->getValue<int>("failed_30d"));
        CPPUNIT_ASSERT(silent->getValue<std::string>("last_error").find("timeout") != std::string::npos);
        CPPUNIT_ASSERT(!alpha->getValue<bool>("down"));
        CPPUNIT_ASSERT(alpha->getValue<int>("ok_24h") >= 3);
        CPPUNIT_ASSERT_DOUBLES_EQUAL(100.0, number(alpha, "uptime_24h"), 1e-9);

        // The page says the same, figure for figure.
        const std::string page = get("/status").body;
        const std::string path = "upstreams." + std::to_string(si) + ".";
        for (const std::string& cell :
             {std::string("data-field=\"degraded\" data-value=\"true\">Degraded: doh upstream silent is down"),
              "data-field=\"" + path + "down\" data-value=\"true\">down",
              "data-field=\"" + path + "uptime_24h\" data-value=\"0\">0 %",
              "data-field=\"" + path + "failed_24h\" data-value=\"" + std::to_string(failed) + "\">",
              "data-field=\"" + path + "failed_30d\" data-value=\"" + std::to_string(failed) + "\">"})
            CPPUNIT_ASSERT_MESSAGE(cell, page.find(cell) != std::string::npos);

        // A day and a half on, nobody asked it: the 24-hour window is empty, the
        // 30-day one keeps the failures, and it stays down until it answers.
        control("advance_s=" + std::to_string(36 * 3600) + "&probe=1");
        st = status();
        CPPUNIT_ASSERT(st->getValue<bool>("degraded"));
        for (unsigned i = 0; i < st->getArray("upstreams")->size(); ++i) {
            auto u = st->getArray("upstreams")->getObject(i);
            if (u->getValue<std::string>("upstream") != "silent") continue;
            CPPUNIT_ASSERT(u->isNull("uptime_24h"));
            CPPUNIT_ASSERT_EQUAL(0, u->getValue<int>("failed_24h"));
            CPPUNIT_ASSERT(u->getValue<int>("failed_30d") >= failed);
            CPPUNIT_ASSERT_DOUBLES_EQUAL(0.0, number(u, "uptime_30d"), 1e-9);
            CPPUNIT_ASSERT(u->getValue<bool>("down"));
        }
    }

    void pageAndBadgeInChromium() {
        // One round at a time of its own: the page and the JSON come from one computation.
        control("set_ms=" + std::to_string(kBrowserBase) + "&probe=1");
        const std::string out = Service::buildDir() + "/tests/browser";
        const std::string cmd = "node " + Service::sourceDir() + "/tests/browser/status-page.mjs http://127.0.0.1:" +
                                std::to_string(Service::instance().port()) + " " + out + " 2>&1";
        std::string report;
        try {
            report = runCommand(cmd);
        } catch (const std::exception& e) {
            CPPUNIT_FAIL(std::string(e.what()) + "\n" + runCommand(cmd + " || true"));
        }
        CPPUNIT_ASSERT_MESSAGE(report, report.find("status page: ok") != std::string::npos);
    }

    void stoppedTargetGoesDown() {
        // The switchable target answers, then stops: last_ok turns false and its uptime drops.
        control("set_ms=" + std::to_string(kSwitchBase));
        double before = 0;
        {
            TinyServer up(Service::instance().switchFd());
            auto round = control("advance_s=60&probe=1");
            CPPUNIT_ASSERT(round->getArray("samples")->getObject(1)->getValue<bool>("ok"));
            auto r = region(status(), 1);
            CPPUNIT_ASSERT(r->getValue<bool>("last_ok"));
            before = number(r, "uptime_24h");
            CPPUNIT_ASSERT_DOUBLES_EQUAL(100.0, before, 1e-9);
        }
        Service::instance().closeSwitch();
        control("advance_s=60&probe=1");
        auto r = region(status(), 1);
        CPPUNIT_ASSERT(!r->getValue<bool>("last_ok"));
        CPPUNIT_ASSERT_DOUBLES_EQUAL(50.0, number(r, "uptime_24h"), 1e-9);
        CPPUNIT_ASSERT(!r->isNull("last_error"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(StatusTest);
