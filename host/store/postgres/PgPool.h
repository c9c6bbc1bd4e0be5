// PgPool: a few PostgreSQL connections lent to the threads that need one
// (worker fibers' threads, the prober, the admin command), at most `size` at
// once; a borrower waits for a free one. Connections open on first need; one
// that broke is dropped and a fresh one opened next time, so the pool heals
// when the server comes back. Never used on an event loop thread.
#pragma once

#include "host/store/postgres/PgConnection.h"

#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace ipfacts::store {

class PgPool {
public:
    PgPool(std::string conninfo, size_t size);

    /// A connection for the lease's lifetime; it goes back to the pool when
    /// the lease ends, unless it broke.
    class Lease {
    public:
        Lease(PgPool& pool, std::unique_ptr<PgConnection> c) : pool_(pool), c_(std::move(c)) {}
        ~Lease();
        Lease(const Lease&) = delete;
        Lease& operator=(const Lease&) = delete;
        PgConnection& operator*() { return *c_; }
        PgConnection* operator->() { return c_.get(); }

    private:
        PgPool& pool_;
        std::unique_ptr<PgConnection> c_;
    };

    /// Waits for a free connection (opening one when below size). Throws PgError.
    Lease borrow();

    /// Runs `fn(connection)`; a PgError of a broken connection is retried once
    /// on a fresh connection (the server restarted in between).
    template <typename Fn>
    auto with(Fn&& fn) {
        for (int attempt = 0;; ++attempt) {
            try {
                Lease lease = borrow();
                return fn(*lease);
            } catch (const PgError& e) {
                if (!e.broken || attempt == 1) throw;
            }
        }
    }

    /// with(fn), any failure rethrown as `Error` (the caller's interface's
    /// own error type), its message prefixed with `what`.
    template <typename Error, typename Fn>
    auto withOr(const char* what, Fn&& fn) {
        try {
            return with(std::forward<Fn>(fn));
        } catch (const std::exception& e) {
            throw Error(std::string(what) + e.what());
        }
    }

private:
    void giveBack(std::unique_ptr<PgConnection> c);

    const std::string conninfo_;
    const size_t size_;
    std::mutex mu_;
    std::condition_variable freed_;
    std::vector<std::unique_ptr<PgConnection>> idle_;
    size_t open_ = 0;  // lent plus idle
};

}  // namespace ipfacts::store
