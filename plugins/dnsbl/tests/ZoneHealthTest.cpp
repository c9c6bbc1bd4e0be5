// RFC 5782 test points: a healthy zone, a wildcard that lists everything, a
// dead zone, a refused or failed check, and the periodic check's one batch.
#include "TestLists.h"
#include "ZoneHealth.h"

#include <ipfacts/testing/FakeHost.hpp>

#include <cppunit/extensions/HelperMacros.h>

namespace ipfacts::dnsbl {
namespace {

using ipfacts::testing::FakeHost;

ZoneHealth judgeWith(FakeHost& fake, const Blocklist& list) {
    const DnsAnswers answers = fake.host().resolveNamed("blocklists", healthQuestions(list));
    std::vector<DnsAnswerView> views;
    for (size_t i = 0; i < answers.size(); ++i) views.push_back(answers[i]);
    return judgeHealth(list, views, 42);
}

}  // namespace

class ZoneHealthTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(ZoneHealthTest);
    CPPUNIT_TEST(questionsAreTheTestPoints);
    CPPUNIT_TEST(healthyZoneIsUsable);
    CPPUNIT_TEST(wildcardZoneIsUnusable);
    CPPUNIT_TEST(ipv6WildcardIsCaughtToo);
    CPPUNIT_TEST(deadZoneIsUnusable);
    CPPUNIT_TEST(refusedOrFailedCheckIsUnknown);
    CPPUNIT_TEST(boardGoesStaleAfterTheInterval);
    CPPUNIT_TEST(checkAllZonesAsksOneBatch);
    CPPUNIT_TEST_SUITE_END();

public:
    void questionsAreTheTestPoints() {
        const std::vector<DnsQuestion> q = healthQuestions(testing::spamList());
        CPPUNIT_ASSERT_EQUAL(size_t(3), q.size());
        CPPUNIT_ASSERT_EQUAL(std::string("2.0.0.127.bl.example"), q[0].name);
        CPPUNIT_ASSERT_EQUAL(std::string("1.0.0.127.bl.example"), q[1].name);
        CPPUNIT_ASSERT_EQUAL(std::string("1.0.0.0.0.0.f.7.f.f.f.f.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.bl.example"),
                             q[2].name);
        CPPUNIT_ASSERT_EQUAL(size_t(2), healthQuestions(testing::v4List()).size());
    }
    void healthyZoneIsUsable() {
        FakeHost fake;
        testing::healthy(fake, testing::spamList());
        const ZoneHealth h = judgeWith(fake, testing::spamList());
        CPPUNIT_ASSERT(h.status == ZoneHealth::Status::Usable);
        CPPUNIT_ASSERT(h.reason.empty());
        CPPUNIT_ASSERT_EQUAL(int64_t(42), h.checkedAtMs);
    }
    void wildcardZoneIsUnusable() {
        FakeHost fake;
        const Blocklist list = testing::v4List();
        fake.answer(testing::nameOf("127.0.0.2", list), "A", {"127.0.0.2"});
        fake.answer(testing::nameOf("127.0.0.1", list), "A", {"127.0.0.2"});
        const ZoneHealth h = judgeWith(fake, list);
        CPPUNIT_ASSERT(h.status == ZoneHealth::Status::Unusable);
        CPPUNIT_ASSERT_EQUAL(
            std::string("the RFC 5782 test point 127.0.0.1 is listed (127.0.0.2): the zone answers every "
                        "name, so its listings mean nothing"),
            h.reason);
        CPPUNIT_ASSERT(!h.usable());
    }
    void ipv6WildcardIsCaughtToo() {
        FakeHost fake;
        const Blocklist list = testing::spamList();
        testing::healthy(fake, list);
        fake.answer(testing::nameOf("::ffff:7f00:1", list), "A", {"127.0.0.4"});
        CPPUNIT_ASSERT(judgeWith(fake, list).status == ZoneHealth::Status::Unusable);
    }
    void deadZoneIsUnusable() {
        FakeHost fake;
        fake.unlisted = ipfacts::testing::dnsAnswer(3);  // every name NXDOMAIN
        const ZoneHealth h = judgeWith(fake, testing::v4List());
        CPPUNIT_ASSERT(h.status == ZoneHealth::Status::Unusable);
        CPPUNIT_ASSERT(h.reason.find("127.0.0.2 is not listed") != std::string::npos);
        // A parked zone answering outside 127/8 lists nothing, and everything: both points say so.
        FakeHost parked;
        parked.unlisted = ipfacts::testing::dnsAnswer(0, {DnsRecord{"x.", "A", 300, "198.51.100.7"}});
        CPPUNIT_ASSERT(judgeWith(parked, testing::v4List()).status == ZoneHealth::Status::Unusable);
    }
    void refusedOrFailedCheckIsUnknown() {
        FakeHost refused;
        refused.unlisted = ipfacts::testing::dnsAnswer(0, {DnsRecord{"x.", "A", 300, "127.255.255.254"}});
        const ZoneHealth r = judgeWith(refused, testing::spamList());
        CPPUNIT_ASSERT(r.status == ZoneHealth::Status::Unknown);
        CPPUNIT_ASSERT(r.usable());  // the rows are still asked, and say what they got
        CPPUNIT_ASSERT(r.reason.find("was refused: the list refused the query") != std::string::npos);
        FakeHost silent;  // every question times out
        const ZoneHealth t = judgeWith(silent, testing::v4List());
        CPPUNIT_ASSERT(t.status == ZoneHealth::Status::Unknown);
        CPPUNIT_ASSERT(t.reason.find("could not be asked: timeout") != std::string::npos);
    }
    void boardGoesStaleAfterTheInterval() {
        HealthBoard board(1);
        CPPUNIT_ASSERT(board.stale(0, 1000, 600));
        board.set(0, ZoneHealth{ZoneHealth::Status::Usable, "", 1000});
        CPPUNIT_ASSERT(!board.stale(0, 1599, 600));
        CPPUNIT_ASSERT(board.stale(0, 1600, 600));
    }
    void checkAllZonesAsksOneBatch() {
        FakeHost fake;
        const std::vector<Blocklist> lists{testing::spamList(), testing::v4List()};
        testing::healthy(fake, lists[0]);
        HealthBoard board(2);
        checkAllZones(fake.host(), "blocklists", lists, board);
        CPPUNIT_ASSERT_EQUAL(size_t(1), fake.batches.size());
        CPPUNIT_ASSERT_EQUAL(size_t(5), fake.batches[0].size());
        CPPUNIT_ASSERT_EQUAL(std::string("blocklists"), fake.batchResolvers[0]);
        CPPUNIT_ASSERT(board.get(0).status == ZoneHealth::Status::Usable);
        CPPUNIT_ASSERT(board.get(1).status == ZoneHealth::Status::Unknown);  // time-outs
        CPPUNIT_ASSERT_EQUAL(0, fake.openBatches);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ZoneHealthTest);

}  // namespace ipfacts::dnsbl
