// The zone health check as a periodic task: registered with the interval,
// first run one interval in, one batch through the named resolver per run.
#include "TestLists.h"
#include "ZoneHealthTask.h"

#include <ipfacts/testing/FakeHost.hpp>

#include <cppunit/extensions/HelperMacros.h>

namespace ipfacts::dnsbl {

class ZoneHealthTaskTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(ZoneHealthTaskTest);
    CPPUNIT_TEST(runsEveryIntervalInOneBatch);
    CPPUNIT_TEST(nullWithoutTheTasksFacility);
    CPPUNIT_TEST_SUITE_END();

public:
    void runsEveryIntervalInOneBatch() {
        ipfacts::testing::FakeHost fake;
        const std::vector<Blocklist> lists{testing::spamList(), testing::v4List()};
        testing::healthy(fake, lists[0]);
        fake.answer(testing::nameOf("127.0.0.2", lists[1]), "A", {"127.0.0.2"});
        fake.answer(testing::nameOf("127.0.0.1", lists[1]), "A", {"127.0.0.2"});  // a wildcard
        HealthBoard board(2);
        const Host host = fake.host();
        auto task = scheduleZoneHealth(host, "blocklists", lists, board, std::chrono::minutes(10));
        CPPUNIT_ASSERT(task);
        CPPUNIT_ASSERT_EQUAL(size_t(1), fake.tasks.registered.size());
        const auto& t = fake.tasks.registered[0];
        CPPUNIT_ASSERT_EQUAL(std::string("zone-health"), t.name);
        CPPUNIT_ASSERT_EQUAL(uint32_t(600000), t.interval_ms);
        CPPUNIT_ASSERT_EQUAL(uint32_t(600000), t.first_delay_ms);

        CPPUNIT_ASSERT_EQUAL(0, fake.tasks.runDue());  // not before its first interval
        fake.clock.advance(std::chrono::minutes(10));
        CPPUNIT_ASSERT_EQUAL(1, fake.tasks.runDue());
        CPPUNIT_ASSERT_EQUAL(size_t(1), fake.batches.size());
        CPPUNIT_ASSERT_EQUAL(size_t(5), fake.batches[0].size());
        CPPUNIT_ASSERT_EQUAL(std::string("blocklists"), fake.batchResolvers[0]);
        CPPUNIT_ASSERT(board.get(0).status == ZoneHealth::Status::Usable);
        CPPUNIT_ASSERT(board.get(1).status == ZoneHealth::Status::Unusable);
        CPPUNIT_ASSERT_EQUAL(fake.clock.nowMs, board.get(1).checkedAtMs);
        CPPUNIT_ASSERT_EQUAL(0, fake.openBatches);
    }
    void nullWithoutTheTasksFacility() {
        ipfacts::testing::FakeHost fake;
        fake.hasTasks = false;
        const std::vector<Blocklist> lists{testing::v4List()};
        HealthBoard board(1);
        CPPUNIT_ASSERT(!scheduleZoneHealth(fake.host(), "blocklists", lists, board, std::chrono::minutes(10)));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ZoneHealthTaskTest);

}  // namespace ipfacts::dnsbl
