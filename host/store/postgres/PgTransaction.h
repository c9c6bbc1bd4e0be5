// PgTransaction: BEGIN ... COMMIT on one leased connection, rolled back when
// left by an exception. Shared by every PostgreSQL store of the host.
#pragma once

#include "host/store/postgres/PgConnection.h"

namespace ipfacts::store {

class PgTransaction {
public:
    explicit PgTransaction(PgConnection& db) : db_(db) { db_.run("BEGIN"); }
    ~PgTransaction() {
        if (done_) return;
        try {
            db_.run("ROLLBACK");
        } catch (const PgError&) {
            // A broken connection is dropped by the pool; nothing to undo.
        }
    }
    PgTransaction(const PgTransaction&) = delete;
    PgTransaction& operator=(const PgTransaction&) = delete;

    void commit() {
        db_.run("COMMIT");
        done_ = true;
    }

private:
    PgConnection& db_;
    bool done_ = false;
};

}  // namespace ipfacts::store
