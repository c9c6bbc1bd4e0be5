#include "host/facilities/netdb/CivilTime.h"
#include "host/facilities/netdb/PosixTzRule.h"
#include "host/facilities/netdb/TzifZone.h"
#include "host/facilities/netdb/ZoneClock.h"

#include <cppunit/extensions/HelperMacros.h>

#include <atomic>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

using namespace ipfacts::facilities::netdb;

namespace {

/// Unix seconds of a UTC civil time.
int64_t utc(int64_t y, unsigned mo, unsigned d, int h = 12, int mi = 0) {
    return daysFromCivil(y, mo, d) * 86400 + h * 3600 + mi * 60;
}

std::chrono::system_clock::time_point at(int64_t unix_s) {
    return std::chrono::system_clock::time_point(std::chrono::seconds(unix_s));
}

/// A minimal TZif v2 file: no transitions, one local time type (`utoff`), and `footer`.
std::string tzifWithFooter(int32_t utoff, const std::string& footer) {
    auto be32 = [](std::string& s, uint32_t v) {
        for (int i = 3; i >= 0; --i) s += static_cast<char>((v >> (i * 8)) & 0xFF);
    };
    auto header = [&](std::string& s) {
        s += "TZif2";
        s.append(15, '\0');
        for (uint32_t count : {0u, 0u, 0u, 0u, 1u, 4u}) be32(s, count);  // isut isstd leap time type char
    };
    auto data = [&](std::string& s) {
        be32(s, static_cast<uint32_t>(utoff));
        s += '\0';             // isdst
        s += '\0';             // abbreviation index
        s.append("ABC\0", 4);  // abbreviations
    };
    std::string s;
    header(s);
    data(s);
    header(s);
    data(s);
    return s + "\n" + footer + "\n";
}

/// glibc's offset for `zone` at `t`, from the same TZif files: the oracle.
long glibcOffset(const std::string& zone, int64_t t) {
    setenv("TZ", (":" + zone).c_str(), 1);
    tzset();
    std::time_t tt = static_cast<std::time_t>(t);
    std::tm tm{};
    localtime_r(&tt, &tm);
    return tm.tm_gmtoff;
}

}  // namespace

class ZoneClockTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(ZoneClockTest);
    CPPUNIT_TEST(losAngelesWinterAndSummer);
    CPPUNIT_TEST(londonKolkataAndHalfHourDst);
    CPPUNIT_TEST(footerCoversTimesAfterTheLastTransition);
    CPPUNIT_TEST(dstSwitchesAtTheRightSecond);
    CPPUNIT_TEST(footerOnlyFile);
    CPPUNIT_TEST(posixRuleForms);
    CPPUNIT_TEST(refusesBadNamesAndUnknownZones);
    CPPUNIT_TEST(agreesWithGlibcForEveryZone);
    CPPUNIT_TEST(zonesReadOnDemandAcrossThreads);
    CPPUNIT_TEST(civilCalendar);
    CPPUNIT_TEST_SUITE_END();

    ZoneClock clock{"/usr/share/zoneinfo"};

    std::string local(const char* zone, int64_t t) { return clock.localTime(zone, at(t)).value_or("(none)"); }

public:
    void losAngelesWinterAndSummer() {
        CPPUNIT_ASSERT_EQUAL(std::string("2026-11-22T11:05:00-08:00"),
                             local("America/Los_Angeles", utc(2026, 11, 22, 19, 5)));
        CPPUNIT_ASSERT_EQUAL(std::string("2026-01-15T04:00:00-08:00"), local("America/Los_Angeles", utc(2026, 1, 15)));
        CPPUNIT_ASSERT_EQUAL(std::string("2026-07-15T05:00:00-07:00"), local("America/Los_Angeles", utc(2026, 7, 15)));
    }

    void londonKolkataAndHalfHourDst() {
        CPPUNIT_ASSERT_EQUAL(std::string("2026-01-15T12:00:00+00:00"), local("Europe/London", utc(2026, 1, 15)));
        CPPUNIT_ASSERT_EQUAL(std::string("2026-07-15T13:00:00+01:00"), local("Europe/London", utc(2026, 7, 15)));
        CPPUNIT_ASSERT_EQUAL(std::string("2026-07-15T17:30:00+05:30"), local("Asia/Kolkata", utc(2026, 7, 15)));
        // Lord Howe Island moves by half an hour: +10:30 in (southern) winter, +11:00 in summer.
        CPPUNIT_ASSERT_EQUAL(std::string("2026-01-15T23:00:00+11:00"), local("Australia/Lord_Howe", utc(2026, 1, 15)));
        CPPUNIT_ASSERT_EQUAL(std::string("2026-07-15T22:30:00+10:30"), local("Australia/Lord_Howe", utc(2026, 7, 15)));
        CPPUNIT_ASSERT_EQUAL(std::string("2026-07-16T00:45:00+12:45"), local("Pacific/Chatham", utc(2026, 7, 15)));
        CPPUNIT_ASSERT_EQUAL(std::string("2026-07-15T08:00:00-04:00"), local("America/Santiago", utc(2026, 7, 15)));
    }

    void footerCoversTimesAfterTheLastTransition() {
        std::ifstream in("/usr/share/zoneinfo/America/Los_Angeles", std::ios::binary);
        const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        TzifZone la(bytes, "America/Los_Angeles");
        CPPUNIT_ASSERT(la.hasFooter());
        const int64_t jan = utc(2100, 1, 15), jul = utc(2100, 7, 15);
        CPPUNIT_ASSERT(la.lastTransition() && *la.lastTransition() < jan);
        CPPUNIT_ASSERT_EQUAL(int32_t(-8 * 3600), la.utcOffsetAt(jan));
        CPPUNIT_ASSERT_EQUAL(int32_t(-7 * 3600), la.utcOffsetAt(jul));
        CPPUNIT_ASSERT_EQUAL(std::string("2100-07-15T05:00:00-07:00"), local("America/Los_Angeles", jul));
        // Before the first transition: local mean time (type 0), -7:52:58.
        CPPUNIT_ASSERT_EQUAL(int32_t(-(7 * 3600 + 52 * 60 + 58)), la.utcOffsetAt(utc(1850, 1, 1)));
    }

    void dstSwitchesAtTheRightSecond() {
        // 2100-03-14 (second Sunday of March), 02:00 PST = 10:00 UTC; back 2100-11-07 02:00 PDT = 09:00 UTC.
        CPPUNIT_ASSERT_EQUAL(int32_t(-8 * 3600), *clock.utcOffset("America/Los_Angeles", utc(2100, 3, 14, 10) - 1));
        CPPUNIT_ASSERT_EQUAL(int32_t(-7 * 3600), *clock.utcOffset("America/Los_Angeles", utc(2100, 3, 14, 10)));
        CPPUNIT_ASSERT_EQUAL(int32_t(-7 * 3600), *clock.utcOffset("America/Los_Angeles", utc(2100, 11, 7, 9) - 1));
        CPPUNIT_ASSERT_EQUAL(int32_t(-8 * 3600), *clock.utcOffset("America/Los_Angeles", utc(2100, 11, 7, 9)));
    }

    void footerOnlyFile() {
        TzifZone plus3(tzifWithFooter(3 * 3600, "<+03>-3"), "test");
        CPPUNIT_ASSERT_EQUAL(int32_t(3 * 3600), plus3.utcOffsetAt(utc(2026, 7, 1)));
        TzifZone us(tzifWithFooter(-8 * 3600, "PST8PDT,M3.2.0,M11.1.0"), "test");
        CPPUNIT_ASSERT_EQUAL(int32_t(-7 * 3600), us.utcOffsetAt(utc(2026, 7, 1)));
        CPPUNIT_ASSERT_EQUAL(int32_t(-8 * 3600), us.utcOffsetAt(utc(2026, 12, 1)));
        CPPUNIT_ASSERT_THROW(TzifZone(tzifWithFooter(0, "nonsense,"), "test"), std::runtime_error);
        CPPUNIT_ASSERT_THROW(TzifZone("TZif2", "test"), std::runtime_error);
        CPPUNIT_ASSERT_THROW(TzifZone(std::string(60, 'x'), "test"), std::runtime_error);
    }

    void posixRuleForms() {
        auto offset = [](const char* tz, int64_t t) { return PosixTzRule::parse(tz)->utcOffsetAt(t); };
        CPPUNIT_ASSERT_EQUAL(int32_t(3 * 3600), offset("<+03>-3", utc(2030, 1, 1)));
        CPPUNIT_ASSERT_EQUAL(int32_t(-3 * 3600), offset("<-03>3", utc(2030, 1, 1)));
        CPPUNIT_ASSERT_EQUAL(int32_t(5 * 3600 + 1800), offset("IST-5:30", utc(2030, 1, 1)));
        CPPUNIT_ASSERT_EQUAL(int32_t(0), offset("UTC0", utc(2030, 1, 1)));
        CPPUNIT_ASSERT_EQUAL(int32_t(3600), offset("GMT0BST,M3.5.0/1,M10.5.0", utc(2030, 7, 1)));
        CPPUNIT_ASSERT_EQUAL(int32_t(11 * 3600), offset("<+1030>-10:30<+11>-11,M10.1.0,M4.1.0", utc(2030, 1, 1)));
        CPPUNIT_ASSERT_EQUAL(int32_t(10 * 3600 + 1800),
                             offset("<+1030>-10:30<+11>-11,M10.1.0,M4.1.0", utc(2030, 7, 1)));
        // Negative rule time (America/Nuuk): DST from the last Saturday of March, 23:00 local.
        CPPUNIT_ASSERT_EQUAL(int32_t(-3600), offset("<-02>2<-01>,M3.5.0/-1,M10.5.0/0", utc(2030, 7, 1)));
        CPPUNIT_ASSERT_EQUAL(int32_t(-7200), offset("<-02>2<-01>,M3.5.0/-1,M10.5.0/0", utc(2030, 1, 1)));
        // DST all year (hours beyond 24): EST5EDT4,0/0,J365/25.
        CPPUNIT_ASSERT_EQUAL(int32_t(-4 * 3600), offset("EST5EDT4,0/0,J365/25", utc(2030, 1, 10)));
        CPPUNIT_ASSERT_EQUAL(int32_t(-4 * 3600), offset("EST5EDT4,0/0,J365/25", utc(2030, 7, 1)));
        // Julian day without leap days: J60 is March 1 even in a leap year.
        CPPUNIT_ASSERT_EQUAL(daysFromCivil(2028, 3, 1),
                             (TzDateRule{TzDateRule::kJulianNoLeap, 0, 0, 60, 0}).dayIn(2028));
        CPPUNIT_ASSERT_EQUAL(daysFromCivil(2028, 2, 29), (TzDateRule{TzDateRule::kZeroBased, 0, 0, 59, 0}).dayIn(2028));
        // M10.5.0: the last Sunday of October 2030 is the 27th.
        CPPUNIT_ASSERT_EQUAL(daysFromCivil(2030, 10, 27),
                             (TzDateRule{TzDateRule::kMonthWeekDay, 10, 5, 0, 0}).dayIn(2030));
        for (const char* bad : {"", "AB0", "<+03", "PST", "PST8PDT,M13.1.0,M11.1.0", "PST8PDT,M3.2.0", "EST5x", "<>3"})
            CPPUNIT_ASSERT_MESSAGE(bad, !PosixTzRule::parse(bad));
    }

    void refusesBadNamesAndUnknownZones() {
        for (const char* bad : {"", "../etc/passwd", "Europe/../../etc/passwd", "/etc/passwd", "Europe//London",
                                "Europe/London/", "-x", "zone.tab", "Europe/Lon don", "a\\b"})
            CPPUNIT_ASSERT_MESSAGE(bad, !ZoneClock::validName(bad));
        for (const char* good : {"Europe/London", "America/Argentina/Buenos_Aires", "Etc/GMT+5", "Etc/GMT-14", "UTC"})
            CPPUNIT_ASSERT_MESSAGE(good, ZoneClock::validName(good));
        CPPUNIT_ASSERT(!clock.localTime("../../etc/passwd", at(0)));
        CPPUNIT_ASSERT(!clock.localTime("Mars/Olympus_Mons", at(0)));
        CPPUNIT_ASSERT(!clock.localTime("Europe", at(0)));  // a folder, not a zone
        CPPUNIT_ASSERT(clock.preloaded() > 300);
        // Etc/GMT+5 means five hours west.
        CPPUNIT_ASSERT_EQUAL(std::string("2026-01-15T07:00:00-05:00"), local("Etc/GMT+5", utc(2026, 1, 15)));
    }

    void agreesWithGlibcForEveryZone() {
        std::ifstream zi("/usr/share/zoneinfo/tzdata.zi");
        std::string line;
        size_t zones = 0, checks = 0;
        while (std::getline(zi, line)) {
            if (line.rfind("Z ", 0) != 0) continue;
            std::istringstream words(line.substr(2));
            std::string zone;
            words >> zone;
            ++zones;
            // Every 9 days from 1970 to 2070: crosses every DST switch window many times.
            for (int64_t t = utc(1970, 1, 1, 0); t < utc(2070, 1, 1, 0); t += 9 * 86400 + 3607) {
                const auto mine = clock.utcOffset(zone, t);
                CPPUNIT_ASSERT_MESSAGE(zone, mine.has_value());
                if (*mine != glibcOffset(zone, t))
                    CPPUNIT_FAIL(zone + " at " + std::to_string(t) + ": " + std::to_string(*mine) + " vs glibc " +
                                 std::to_string(glibcOffset(zone, t)));
                ++checks;
            }
        }
        unsetenv("TZ");
        tzset();
        CPPUNIT_ASSERT(zones > 300);
        CPPUNIT_ASSERT(checks > 1000000);
    }

    void zonesReadOnDemandAcrossThreads() {
        // A zoneinfo folder without tzdata.zi: nothing preloaded, every zone read on first use.
        namespace fs = std::filesystem;
        char tmpl[] = "/tmp/netdb-zoneinfo-XXXXXX";
        const fs::path dir = ::mkdtemp(tmpl);
        const char* zones[] = {"Europe/London", "Asia/Kolkata", "America/Argentina/Buenos_Aires"};
        for (const char* z : zones) {
            fs::create_directories((dir / z).parent_path());
            fs::copy_file(fs::path("/usr/share/zoneinfo") / z, dir / z);
        }
        ZoneClock lazy(dir.string());
        CPPUNIT_ASSERT_EQUAL(size_t(0), lazy.preloaded());
        const int64_t t = utc(2026, 7, 15);
        std::atomic<int> wrong{0};
        std::vector<std::thread> threads;
        for (int n = 0; n < 4; ++n)
            threads.emplace_back([&] {
                for (int i = 0; i < 500; ++i) {
                    if (lazy.utcOffset("Europe/London", t) != 3600) ++wrong;
                    if (lazy.utcOffset("Asia/Kolkata", t) != 19800) ++wrong;
                    if (lazy.utcOffset("America/Argentina/Buenos_Aires", t) != -10800) ++wrong;
                    if (lazy.utcOffset("Europe/Paris", t)) ++wrong;  // not in this folder
                }
            });
        for (auto& th : threads) th.join();
        fs::remove_all(dir);
        CPPUNIT_ASSERT_EQUAL(0, wrong.load());
        CPPUNIT_ASSERT_EQUAL(size_t(4), lazy.readLater());  // each read once, the miss remembered too
        // Once read, a zone no longer needs its file.
        CPPUNIT_ASSERT_EQUAL(int32_t(3600), *lazy.utcOffset("Europe/London", t));
    }

    void civilCalendar() {
        CPPUNIT_ASSERT_EQUAL(int64_t(0), daysFromCivil(1970, 1, 1));
        CPPUNIT_ASSERT_EQUAL(int64_t(-1), daysFromCivil(1969, 12, 31));
        const CivilDate d = civilFromDays(daysFromCivil(2000, 2, 29));
        CPPUNIT_ASSERT(d.year == 2000 && d.month == 2 && d.day == 29);
        CPPUNIT_ASSERT_EQUAL(4u, weekdayOf(0));  // 1970-01-01 was a Thursday
        CPPUNIT_ASSERT_EQUAL(3u, weekdayOf(-1));
        CPPUNIT_ASSERT_EQUAL(int64_t(-1), dayOf(-1));
        CPPUNIT_ASSERT_EQUAL(std::string("1969-12-31T23:59:59+00:00"), isoLocalTime(-1, 0));
        CPPUNIT_ASSERT_EQUAL(std::string("2026-11-22T13:35:00+05:45"),
                             isoLocalTime(utc(2026, 11, 22, 7, 50), 5 * 3600 + 45 * 60));
    }
};
CPPUNIT_TEST_SUITE_REGISTRATION(ZoneClockTest);
