// SqliteAccountStore against the account store contract
// (tests/support/AccountStoreContract.h), on a fresh SQLite file per test.
#include "host/store/sqlite/SqliteAccountStore.h"
#include "tests/support/AccountStoreContract.h"
#include "tests/support/TempSqliteFile.h"

class SqliteAccountStoreTest : public ipfacts::testing::AccountStoreContract {
    CPPUNIT_TEST_SUB_SUITE(SqliteAccountStoreTest, ipfacts::testing::AccountStoreContract);
    CPPUNIT_TEST_SUITE_END();

    ipfacts::testing::TempSqliteFile file_{"ipfacts-accounts"};

protected:
    std::unique_ptr<ipfacts::store::AccountStore> open() override {
        return std::make_unique<ipfacts::store::SqliteAccountStore>(file_.path);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(SqliteAccountStoreTest);
