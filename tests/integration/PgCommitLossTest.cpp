// A lost reply to COMMIT (tests/store/CommitCutter between the store and a
// real PostgreSQL): the COMMIT reaches the server and is applied, the client's
// connection breaks before the reply, and PgPool retries the step on a fresh
// connection. Each key change must come out as if the reply had arrived: a
// rotate answers success (the caller is shown the new key) with the old key
// revoked, an add answers success with one key (none made and never shown),
// a revoke answers success. Checked through a second pool that bypasses the
// cutter, so what the database holds is read as it is.
#include "host/store/postgres/PgAccountStore.h"
#include "host/store/postgres/PgPool.h"
#include "tests/store/CommitCutter.h"
#include "tests/store/PostgresServer.h"

#include <cppunit/extensions/HelperMacros.h>

#include <memory>

using namespace ipfacts;
using ipfacts::testing::CommitCutter;
using ipfacts::testing::PostgresServer;

namespace {

constexpr int64_t kNow = 1'790'000'000;
const std::string kAccount = "acct_commit";

std::string hashOf(int i) { return store::sha256Hex("commit-key-" + std::to_string(i)); }
std::string idOf(int i) { return hashOf(i).substr(0, 16); }

}  // namespace

class PgCommitLossTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(PgCommitLossTest);
    CPPUNIT_TEST(aRotateWhoseCommitReplyIsLostSucceedsOnce);
    CPPUNIT_TEST(anAddWhoseCommitReplyIsLostLeavesOneKeyShown);
    CPPUNIT_TEST(aRevokeWhoseCommitReplyIsLostSucceeds);
    CPPUNIT_TEST(aRetryThatFindsTheChangeCommitsNothingMore);
    CPPUNIT_TEST_SUITE_END();

public:
    void setUp() override {
        auto direct_pool = std::make_shared<store::PgPool>(server().conninfo(), 1);
        direct_pool->with([](store::PgConnection& db) {
            db.run("DROP SCHEMA public CASCADE; CREATE SCHEMA public");
            return 0;
        });
        direct_ = std::make_unique<store::PgAccountStore>(direct_pool);
        cutter_ = std::make_unique<CommitCutter>(server().port());
        std::string through_cutter = server().conninfo();
        const std::string port = "port=" + std::to_string(server().port());
        through_cutter.replace(through_cutter.find(port), port.size(), "port=" + std::to_string(cutter_->port()));
        store_ = std::make_unique<store::PgAccountStore>(std::make_shared<store::PgPool>(through_cutter, 2));
    }
    void tearDown() override {
        store_.reset();
        direct_.reset();
        cutter_.reset();
    }

    void aRotateWhoseCommitReplyIsLostSucceedsOnce() {
        CPPUNIT_ASSERT(store_->addKey(hashOf(1), kAccount, kNow, 5));
        cutter_->cutCommits(1);
        const bool rotated = store_->rotateKey(kAccount, idOf(1), hashOf(2), kNow + 1);
        CPPUNIT_ASSERT_EQUAL(1, cutter_->cuts());
        // Succeeded (the dashboard shows the new key), and the database agrees.
        CPPUNIT_ASSERT(rotated);
        CPPUNIT_ASSERT(!direct_->findLive(hashOf(1)));
        CPPUNIT_ASSERT(direct_->findLive(hashOf(2)));
        CPPUNIT_ASSERT_EQUAL(1, direct_->liveKeyCount(kAccount));
    }

    void anAddWhoseCommitReplyIsLostLeavesOneKeyShown() {
        const int64_t before = direct_->keysVersion();
        cutter_->cutCommits(1);
        CPPUNIT_ASSERT(store_->addKey(hashOf(3), kAccount, kNow, 5));  // shown to the caller
        CPPUNIT_ASSERT_EQUAL(1, cutter_->cuts());
        CPPUNIT_ASSERT_EQUAL(1, direct_->liveKeyCount(kAccount));
        CPPUNIT_ASSERT(direct_->findLive(hashOf(3)));
        CPPUNIT_ASSERT_EQUAL(before + 1, direct_->keysVersion());  // one change, not one per attempt
        // The admin command's add, the same way.
        cutter_->cutCommits(1);
        store_->add(hashOf(4), kAccount);
        CPPUNIT_ASSERT_EQUAL(2, cutter_->cuts());
        CPPUNIT_ASSERT_EQUAL(2, direct_->liveKeyCount(kAccount));
    }

    void aRevokeWhoseCommitReplyIsLostSucceeds() {
        CPPUNIT_ASSERT(store_->addKey(hashOf(5), kAccount, kNow, 5));
        CPPUNIT_ASSERT(store_->addKey(hashOf(6), kAccount, kNow, 5));
        cutter_->cutCommits(1);
        CPPUNIT_ASSERT(store_->revokeKey(kAccount, idOf(5), kNow + 2));
        CPPUNIT_ASSERT_EQUAL(1, cutter_->cuts());
        CPPUNIT_ASSERT(!direct_->findLive(hashOf(5)));
        cutter_->cutCommits(1);
        CPPUNIT_ASSERT(store_->revoke(hashOf(6)));  // the admin's revoke
        CPPUNIT_ASSERT_EQUAL(2, cutter_->cuts());
        CPPUNIT_ASSERT_EQUAL(0, direct_->liveKeyCount(kAccount));
        // Revoking what was revoked before, at another time, is still refused.
        CPPUNIT_ASSERT(!store_->revokeKey(kAccount, idOf(5), kNow + 60));
    }

    // Every COMMIT would be cut, but the retry finds the first attempt's
    // change and sends none: one cut, and the rotate answered once.
    void aRetryThatFindsTheChangeCommitsNothingMore() {
        CPPUNIT_ASSERT(store_->addKey(hashOf(7), kAccount, kNow, 5));
        cutter_->cutCommits(5);
        CPPUNIT_ASSERT(store_->rotateKey(kAccount, idOf(7), hashOf(8), kNow + 3));
        CPPUNIT_ASSERT_EQUAL(1, cutter_->cuts());
        cutter_->cutCommits(0);
        auto keys = direct_->keysOf(kAccount);
        CPPUNIT_ASSERT_EQUAL(size_t(2), keys.size());
        CPPUNIT_ASSERT(direct_->findLive(hashOf(8)));
        CPPUNIT_ASSERT(!direct_->findLive(hashOf(7)));
    }

private:
    /// Started at the first test, stopped when the suite's process ends.
    static PostgresServer& server() {
        static const std::unique_ptr<PostgresServer> pg = [] {
            auto s = std::make_unique<PostgresServer>("pg-commit-loss");
            s->start();
            return s;
        }();
        return *pg;
    }
    std::unique_ptr<CommitCutter> cutter_;
    std::unique_ptr<store::PgAccountStore> store_;   // through the cutter
    std::unique_ptr<store::PgAccountStore> direct_;  // straight to the server
};
CPPUNIT_TEST_SUITE_REGISTRATION(PgCommitLossTest);
