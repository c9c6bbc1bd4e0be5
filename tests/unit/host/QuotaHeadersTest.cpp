// The quota header lines: the contract's X-RateLimit-* for the window closest to being
// used up, and the IETF RateLimit-Policy and RateLimit fields for both windows.
#include "host/pipeline/QuotaHeaders.h"

#include <cppunit/extensions/HelperMacros.h>

#include <string>

using namespace ipfacts;

namespace {

/// The value of the header line that starts with `name` exactly (so that
/// "RateLimit" is not found inside "X-RateLimit-Limit"), or "<none>".
std::string lineValue(const std::string& lines, const std::string& name) {
    const std::string start = name + ": ";
    for (size_t at = 0; at < lines.size();) {
        const size_t end = lines.find("\r\n", at);
        if (lines.compare(at, start.size(), start) == 0)
            return lines.substr(at + start.size(), end - at - start.size());
        at = end + 2;
    }
    return "<none>";
}

// 12:00:30 UTC on 2026-11-27: 30 s left of the minute, 43170 s of the day.
constexpr int64_t kNoonAndHalfAMinute = 1795780830;

}  // namespace

class QuotaHeadersTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(QuotaHeadersTest);
    CPPUNIT_TEST(bothWindowsBesideTheOneReported);
    CPPUNIT_TEST(dayWindowReportedWithRemaining);
    CPPUNIT_TEST(oneWindowQuotaNamesOnlyThatOne);
    CPPUNIT_TEST(challengeThresholdIsTheDayFigureUntilSolved);
    CPPUNIT_TEST(wrongKeyPolicyHasNoCount);
    CPPUNIT_TEST_SUITE_END();

public:
    void bothWindowsBesideTheOneReported() {
        // A keyed caller early in its day: the minute is closest to being used up.
        const manifest::Quota keyed{120, 10000, 0};
        auto d = ratelimit::RateLimiter::decide(keyed, ratelimit::RateVerdict::Counted, 1, 41, kNoonAndHalfAMinute);
        pipeline::HttpResponse r;
        pipeline::writeQuotaHeaders(r, d, "address:key");
        CPPUNIT_ASSERT_EQUAL(std::string("120"), lineValue(r.headers, "X-RateLimit-Limit"));
        CPPUNIT_ASSERT_EQUAL(std::string("<none>"), lineValue(r.headers, "X-RateLimit-Remaining"));
        CPPUNIT_ASSERT_EQUAL(std::string("address:key"), lineValue(r.headers, "X-RateLimit-Policy"));
        CPPUNIT_ASSERT_EQUAL(std::string("\"minute\";q=120;w=60, \"day\";q=10000;w=86400"),
                             lineValue(r.headers, "RateLimit-Policy"));
        // The daily remaining the X- lines leave out is here.
        CPPUNIT_ASSERT_EQUAL(std::string("\"minute\";r=119;t=30, \"day\";r=9959;t=43170"),
                             lineValue(r.headers, "RateLimit"));
    }

    void dayWindowReportedWithRemaining() {
        const manifest::Quota anonymous{60, 1000, 0};
        auto d =
            ratelimit::RateLimiter::decide(anonymous, ratelimit::RateVerdict::Counted, 1, 990, kNoonAndHalfAMinute);
        pipeline::HttpResponse r;
        pipeline::writeQuotaHeaders(r, d, "address:anonymous");
        CPPUNIT_ASSERT_EQUAL(std::string("1000"), lineValue(r.headers, "X-RateLimit-Limit"));
        CPPUNIT_ASSERT_EQUAL(std::string("10"), lineValue(r.headers, "X-RateLimit-Remaining"));
        CPPUNIT_ASSERT_EQUAL(std::string("\"minute\";r=59;t=30, \"day\";r=10;t=43170"),
                             lineValue(r.headers, "RateLimit"));
    }

    void oneWindowQuotaNamesOnlyThatOne() {
        auto d =
            ratelimit::RateLimiter::decide({2, 0, 0}, ratelimit::RateVerdict::MinuteFull, 2, 2, kNoonAndHalfAMinute);
        pipeline::HttpResponse r;
        pipeline::writeQuotaHeaders(r, d, "tight:anonymous");
        CPPUNIT_ASSERT_EQUAL(std::string("\"minute\";q=2;w=60"), lineValue(r.headers, "RateLimit-Policy"));
        CPPUNIT_ASSERT_EQUAL(std::string("\"minute\";r=0;t=30"), lineValue(r.headers, "RateLimit"));
    }

    void challengeThresholdIsTheDayFigureUntilSolved() {
        const manifest::Quota lookup{20, 200, 50};
        auto d =
            ratelimit::RateLimiter::decide(lookup, ratelimit::RateVerdict::ChallengeDue, 3, 50, kNoonAndHalfAMinute);
        pipeline::HttpResponse r;
        pipeline::writeQuotaHeaders(r, d, "lookup:anonymous");
        CPPUNIT_ASSERT_EQUAL(std::string("\"minute\";q=20;w=60, \"day\";q=50;w=86400"),
                             lineValue(r.headers, "RateLimit-Policy"));
        CPPUNIT_ASSERT_EQUAL(std::string("\"minute\";r=17;t=30, \"day\";r=0;t=43170"),
                             lineValue(r.headers, "RateLimit"));
    }

    void wrongKeyPolicyHasNoCount() {
        pipeline::HttpResponse r;
        pipeline::writeQuotaPolicy(r, {10, 100, 0}, "invalid_key");
        CPPUNIT_ASSERT_EQUAL(std::string("invalid_key"), lineValue(r.headers, "X-RateLimit-Policy"));
        CPPUNIT_ASSERT_EQUAL(std::string("\"minute\";q=10;w=60, \"day\";q=100;w=86400"),
                             lineValue(r.headers, "RateLimit-Policy"));
        CPPUNIT_ASSERT_EQUAL(std::string("<none>"), lineValue(r.headers, "RateLimit"));
        CPPUNIT_ASSERT_EQUAL(std::string("<none>"), lineValue(r.headers, "X-RateLimit-Limit"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(QuotaHeadersTest);
