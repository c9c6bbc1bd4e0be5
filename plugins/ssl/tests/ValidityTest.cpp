// Days remaining, the expiry band and the lifetime policy in force at issue.
#include "Validity.h"

#include <cppunit/extensions/HelperMacros.h>

#include <ctime>

namespace ipfacts::ssl {
namespace {

int64_t utc(int year, int month, int day) {
    std::tm tm{};
    tm.tm_year = year - 1900;
    tm.tm_mon = month - 1;
    tm.tm_mday = day;
    return static_cast<int64_t>(timegm(&tm));
}

constexpr int64_t kDay = 86400;

}  // namespace

class ValidityTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(ValidityTest);
    CPPUNIT_TEST(daysRemainingRoundsDown);
    CPPUNIT_TEST(bandsAtTheirEdges);
    CPPUNIT_TEST(lifetimeCountsBothEnds);
    CPPUNIT_TEST(policyInForceAtIssue);
    CPPUNIT_TEST(policyLimitInSeconds);
    CPPUNIT_TEST_SUITE_END();

public:
    void daysRemainingRoundsDown() {
        const int64_t now = utc(2026, 11, 22);
        CPPUNIT_ASSERT_EQUAL(int64_t(30), daysRemaining(now + 30 * kDay, now));
        CPPUNIT_ASSERT_EQUAL(int64_t(29), daysRemaining(now + 30 * kDay - 1, now));
        CPPUNIT_ASSERT_EQUAL(int64_t(0), daysRemaining(now + 1, now));
        CPPUNIT_ASSERT_EQUAL(int64_t(-1), daysRemaining(now - 1, now));
        CPPUNIT_ASSERT_EQUAL(int64_t(-2), daysRemaining(now - kDay - 1, now));
    }

    void bandsAtTheirEdges() {
        const int64_t now = utc(2026, 11, 22), start = now - 10 * kDay;
        CPPUNIT_ASSERT(expiryBand(start, now - 1, now) == kBandExpired);
        CPPUNIT_ASSERT(expiryBand(start, now, now) == kBandCritical);  // the last second is still valid
        CPPUNIT_ASSERT(expiryBand(start, now + 7 * kDay - 1, now) == kBandCritical);
        CPPUNIT_ASSERT(expiryBand(start, now + 7 * kDay, now) == kBandWarning);
        CPPUNIT_ASSERT(expiryBand(start, now + 30 * kDay - 1, now) == kBandWarning);
        CPPUNIT_ASSERT(expiryBand(start, now + 30 * kDay, now) == kBandOk);
        CPPUNIT_ASSERT(expiryBand(now + 1, now + 90 * kDay, now) == kBandNotYetValid);
    }

    void lifetimeCountsBothEnds() {
        const int64_t start = utc(2026, 1, 1);
        CPPUNIT_ASSERT_EQUAL(int64_t(90 * kDay), lifetimeSeconds(start, start + 90 * kDay - 1));
        CPPUNIT_ASSERT_EQUAL(int64_t(90), lifetimeDays(start, start + 90 * kDay - 1));
        CPPUNIT_ASSERT_EQUAL(int64_t(7), lifetimeDays(start, start + 7 * kDay));  // openssl -days 7
    }

    void policyInForceAtIssue() {
        struct Case {
            int64_t issued;
            int64_t maxDays;
            const char* since;
        } cases[] = {
            {utc(2019, 6, 1), 825, "2018-03-01"},  {utc(2020, 8, 31), 825, "2018-03-01"},
            {utc(2020, 9, 1), 398, "2020-09-01"},  {utc(2026, 3, 15) - 1, 398, "2020-09-01"},
            {utc(2026, 3, 15), 200, "2026-03-15"}, {utc(2027, 3, 14), 200, "2026-03-15"},
            {utc(2027, 3, 15), 100, "2027-03-15"}, {utc(2029, 3, 14), 100, "2027-03-15"},
            {utc(2029, 3, 15), 47, "2029-03-15"},  {utc(2035, 1, 1), 47, "2029-03-15"},
            {utc(2010, 1, 1), 825, "2018-03-01"},
        };
        for (const Case& c : cases) {
            const LifetimePolicy p = lifetimePolicy(c.issued, c.issued + kDay);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(c.since, c.maxDays, p.maxDays);
            CPPUNIT_ASSERT_EQUAL(std::string(c.since), p.inForceSince);
            CPPUNIT_ASSERT(p.withinLimit);
        }
    }

    void policyLimitInSeconds() {
        const int64_t before = utc(2026, 3, 1), after = utc(2026, 4, 1);
        CPPUNIT_ASSERT(lifetimePolicy(before, before + 398 * kDay - 1).withinLimit);
        CPPUNIT_ASSERT(!lifetimePolicy(before, before + 398 * kDay).withinLimit);    // one second over
        CPPUNIT_ASSERT(!lifetimePolicy(after, after + 398 * kDay - 1).withinLimit);  // 200 days then
        CPPUNIT_ASSERT(lifetimePolicy(after, after + 200 * kDay - 1).withinLimit);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ValidityTest);

}  // namespace ipfacts::ssl
