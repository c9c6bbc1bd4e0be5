// PgAccountStore against the account store contract
// (tests/support/AccountStoreContract.h) on a real PostgreSQL
// (tests/store/PostgresServer): one server for the suite, an empty schema for
// each test. Key changes race across connections here as they would across
// nodes (the live-key limit holds from many threads, each with its own).
#include "host/store/postgres/PgAccountStore.h"
#include "host/store/postgres/PgPool.h"
#include "tests/store/PostgresServer.h"
#include "tests/support/AccountStoreContract.h"

using ipfacts::testing::PostgresServer;

class PgAccountStoreTest : public ipfacts::testing::AccountStoreContract {
    CPPUNIT_TEST_SUB_SUITE(PgAccountStoreTest, ipfacts::testing::AccountStoreContract);
    CPPUNIT_TEST_SUITE_END();

public:
    void setUp() override {
        pool_ = std::make_shared<ipfacts::store::PgPool>(server().conninfo(), 8);
        pool_->with([](ipfacts::store::PgConnection& db) {
            db.run("DROP SCHEMA public CASCADE; CREATE SCHEMA public");
            return 0;
        });
    }
    void tearDown() override { pool_.reset(); }

protected:
    std::unique_ptr<ipfacts::store::AccountStore> open() override {
        return std::make_unique<ipfacts::store::PgAccountStore>(pool_);
    }

private:
    /// Started at the first test, stopped when the suite's process ends.
    static PostgresServer& server() {
        static const std::unique_ptr<PostgresServer> pg = [] {
            auto s = std::make_unique<PostgresServer>("pg-accounts");
            s->start();
            return s;
        }();
        return *pg;
    }
    std::shared_ptr<ipfacts::store::PgPool> pool_;
};

CPPUNIT_TEST_SUITE_REGISTRATION(PgAccountStoreTest);
