// Versioned migrations of the host's SQLite file: steps run once, in order,
// per owner; a later build's appended step runs on an older file; a file
// newer than the build is refused; a failing step leaves nothing half done.
#include "host/store/sqlite/SqliteFile.h"
#include "host/store/sqlite/SqliteSchema.h"
#include "tests/support/TempSqliteFile.h"

#include <cppunit/extensions/HelperMacros.h>

#include <sqlite3.h>

#include <memory>
#include <stdexcept>

using ipfacts::store::migrateSchema;
using ipfacts::store::SchemaMigrations;

namespace {

struct Db {
    ipfacts::testing::TempSqliteFile file{"ipfacts-schema"};
    std::unique_ptr<sqlite3, int (*)(sqlite3*)> db{nullptr, sqlite3_close};
    Db() {
        std::string error;
        db.reset(ipfacts::store::openSqliteFile(file.path, error));
        if (!db) throw std::runtime_error(error);
    }
    int count(const char* sql) {
        sqlite3_stmt* st = nullptr;
        sqlite3_prepare_v2(db.get(), sql, -1, &st, nullptr);
        int n = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int(st, 0) : -1;
        sqlite3_finalize(st);
        return n;
    }
};

const SchemaMigrations kV1{"things", {"CREATE TABLE things (id INTEGER PRIMARY KEY)"}};
const SchemaMigrations kV2{"things",
                           {"CREATE TABLE things (id INTEGER PRIMARY KEY)",
                            "ALTER TABLE things ADD COLUMN name TEXT; INSERT INTO things (id, name) VALUES (1, 'a')"}};

}  // namespace

class SqliteSchemaTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(SqliteSchemaTest);
    CPPUNIT_TEST(stepsRunOnce);
    CPPUNIT_TEST(anAppendedStepRunsOnAnOlderFile);
    CPPUNIT_TEST(ownersAreApart);
    CPPUNIT_TEST(aNewerFileIsRefused);
    CPPUNIT_TEST(aFailingStepChangesNothing);
    CPPUNIT_TEST_SUITE_END();

public:
    void stepsRunOnce() {
        Db d;
        CPPUNIT_ASSERT_EQUAL(2, migrateSchema(d.db.get(), kV2));
        CPPUNIT_ASSERT_EQUAL(2, migrateSchema(d.db.get(), kV2));  // a second start: nothing to do, no error
        CPPUNIT_ASSERT_EQUAL(1, d.count("SELECT count(*) FROM things"));
    }
    void anAppendedStepRunsOnAnOlderFile() {
        Db d;
        CPPUNIT_ASSERT_EQUAL(1, migrateSchema(d.db.get(), kV1));
        CPPUNIT_ASSERT_EQUAL(0, d.count("SELECT count(*) FROM things"));
        CPPUNIT_ASSERT_EQUAL(2, migrateSchema(d.db.get(), kV2));
        CPPUNIT_ASSERT_EQUAL(1, d.count("SELECT count(*) FROM things WHERE name = 'a'"));
        CPPUNIT_ASSERT_EQUAL(2, d.count("SELECT version FROM schema_version WHERE owner = 'things'"));
    }
    void ownersAreApart() {
        Db d;
        migrateSchema(d.db.get(), kV2);
        CPPUNIT_ASSERT_EQUAL(1, migrateSchema(d.db.get(), {"others", {"CREATE TABLE others (x)"}}));
        CPPUNIT_ASSERT_EQUAL(2, d.count("SELECT count(*) FROM schema_version"));
    }
    void aNewerFileIsRefused() {
        Db d;
        migrateSchema(d.db.get(), kV2);
        try {
            migrateSchema(d.db.get(), kV1);
            CPPUNIT_FAIL("a file of version 2 opened by a build knowing 1");
        } catch (const std::runtime_error& e) {
            CPPUNIT_ASSERT(std::string(e.what()).find("newer than this build") != std::string::npos);
        }
    }
    void aFailingStepChangesNothing() {
        Db d;
        migrateSchema(d.db.get(), kV1);
        const SchemaMigrations broken{"things", {kV1.steps[0], "INSERT INTO things (id) VALUES (5); SELECT nonsense("}};
        CPPUNIT_ASSERT_THROW(migrateSchema(d.db.get(), broken), std::runtime_error);
        CPPUNIT_ASSERT_EQUAL(0, d.count("SELECT count(*) FROM things"));
        CPPUNIT_ASSERT_EQUAL(1, d.count("SELECT version FROM schema_version WHERE owner = 'things'"));
    }
};
CPPUNIT_TEST_SUITE_REGISTRATION(SqliteSchemaTest);
