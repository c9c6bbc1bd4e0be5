#include "host/store/postgres/PgPool.h"

namespace ipfacts::store {

PgPool::PgPool(std::string conninfo, size_t size) : conninfo_(std::move(conninfo)), size_(size ? size : 1) {}

PgPool::Lease::~Lease() { pool_.giveBack(std::move(c_)); }

PgPool::Lease PgPool::borrow() {
    std::unique_lock<std::mutex> lock(mu_);
    freed_.wait(lock, [this] { return !idle_.empty() || open_ < size_; });
    if (!idle_.empty()) {
        auto c = std::move(idle_.back());
        idle_.pop_back();
        return Lease(*this, std::move(c));
    }
    ++open_;
    lock.unlock();
    try {
        return Lease(*this, std::make_unique<PgConnection>(conninfo_));
    } catch (...) {
        lock.lock();
        --open_;
        freed_.notify_one();
        throw;
    }
}

void PgPool::giveBack(std::unique_ptr<PgConnection> c) {
    std::lock_guard<std::mutex> lock(mu_);
    if (c && c->healthy())
        idle_.push_back(std::move(c));
    else
        --open_;  // broken: the next borrower opens a fresh one
    freed_.notify_one();
}

}  // namespace ipfacts::store
