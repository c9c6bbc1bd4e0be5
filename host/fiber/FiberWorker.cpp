#include "host/fiber/FiberWorker.h"

#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <stdexcept>
#include <string>

namespace ipfacts::fiber {
namespace {

thread_local FiberWorker* t_worker = nullptr;

// Stacks kept mapped for reuse, and how many of them keep their pages warm.
constexpr size_t kPooledFibers = 256;
constexpr size_t kWarmFibers = 8;

int64_t nowUs() {
    return std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

uint32_t epollEvents(short poll_events) {
    uint32_t e = 0;
    if (poll_events & (POLLIN | POLLPRI)) e |= EPOLLIN | EPOLLPRI;
    if (poll_events & POLLOUT) e |= EPOLLOUT;
    return e;  // EPOLLERR and EPOLLHUP are always reported
}

}  // namespace

FiberWorker::FiberWorker(size_t stack_bytes, std::function<void()> ended)
    : stack_bytes_(stack_bytes), ended_(std::move(ended)) {
    epfd_ = epoll_create1(EPOLL_CLOEXEC);
    wakefd_ = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    if (epfd_ < 0 || wakefd_ < 0) throw std::runtime_error(std::string("fiber worker: ") + std::strerror(errno));
    epoll_event ev{};
    ev.events = EPOLLIN;
    ev.data.fd = wakefd_;
    epoll_ctl(epfd_, EPOLL_CTL_ADD, wakefd_, &ev);
    thread_ = std::thread([this] { run(); });
}

FiberWorker::~FiberWorker() {
    stop(true);
    join();
    ::close(wakefd_);
    ::close(epfd_);
}

FiberWorker* FiberWorker::current() { return t_worker; }

void FiberWorker::post(Job job) {
    load_.fetch_add(1, std::memory_order_relaxed);
    {
        std::lock_guard<std::mutex> lock(mu_);
        inbox_.push_back(std::move(job));
    }
    uint64_t one = 1;
    [[maybe_unused]] ssize_t n = ::write(wakefd_, &one, sizeof one);
}

size_t FiberWorker::stop(bool drop_queued) {
    size_t dropped = 0;
    {
        std::lock_guard<std::mutex> lock(mu_);
        stopping_ = true;
        if (drop_queued) {
            dropped = inbox_.size();
            inbox_.clear();
        }
    }
    load_.fetch_sub(dropped, std::memory_order_relaxed);
    uint64_t one = 1;
    [[maybe_unused]] ssize_t n = ::write(wakefd_, &one, sizeof one);
    return dropped;
}

void FiberWorker::join() {
    if (thread_.joinable()) thread_.join();
}

void FiberWorker::run() {
    t_worker = this;
    while (true) {
        startQueued();
        resumeReady();
        if (done()) break;
        waitEvents(nextWaitMs());
        expireTimers();
    }
    t_worker = nullptr;
}

bool FiberWorker::done() {
    std::lock_guard<std::mutex> lock(mu_);
    return stopping_ && inbox_.empty() && live_.empty();
}

void FiberWorker::startQueued() {
    std::deque<Job> jobs;
    {
        std::lock_guard<std::mutex> lock(mu_);
        jobs.swap(inbox_);
    }
    for (auto& job : jobs) start(std::move(job));
}

void FiberWorker::start(Job job) {
    std::unique_ptr<Fiber> owned = takeFiber();
    Fiber* f = owned.get();
    f->start(std::move(job.run), job.deadline_us);
    live_.emplace(f, std::move(owned));
    resume(f);
}

void FiberWorker::resume(Fiber* f) {
    f->resume();
    if (!f->finished()) return;  // parked in poll()
    auto it = live_.find(f);
    recycle(std::move(it->second));
    live_.erase(it);
    load_.fetch_sub(1, std::memory_order_relaxed);
    if (ended_) ended_();
}

void FiberWorker::resumeReady() {
    while (!ready_.empty()) {
        std::vector<Fiber*> now;
        now.swap(ready_);
        for (Fiber* f : now) resume(f);
    }
}

int FiberWorker::nextWaitMs() const {
    if (!ready_.empty()) return 0;
    if (timers_.empty()) return -1;
    const int64_t left_us = timers_.begin()->first - nowUs();
    if (left_us <= 0) return 0;
    return static_cast<int>(std::min<int64_t>((left_us + 999) / 1000, 60'000));
}

void FiberWorker::waitEvents(int timeout_ms) {
    epoll_event events[64];
    const int n = epoll_wait(epfd_, events, 64, timeout_ms);
    for (int i = 0; i < n; ++i) {
        const int fd = events[i].data.fd;
        if (fd == wakefd_) {
            uint64_t count;
            [[maybe_unused]] ssize_t r = ::read(wakefd_, &count, sizeof count);
            continue;
        }
        auto it = watched_.find(fd);
        if (it == watched_.end()) continue;
        for (Wait* w : it->second.waits) wake(*w);
    }
}

void FiberWorker::expireTimers() {
    const int64_t now = nowUs();
    while (!timers_.empty() && timers_.begin()->first <= now) {
        Wait* w = timers_.begin()->second;
        timers_.erase(timers_.begin());
        w->timed = false;
        wake(*w);
    }
}

void FiberWorker::wake(Wait& w) {
    if (w.woken) return;  // level-triggered: several events for one wait
    w.woken = true;
    ready_.push_back(w.fiber);
}

int FiberWorker::poll(pollfd* fds, nfds_t count, int timeout_ms) {
    Fiber* f = fiber::current();
    int64_t until = timeout_ms < 0 ? 0 : nowUs() + int64_t(timeout_ms) * 1000;
    if (f->deadline() && (until == 0 || f->deadline() < until)) until = f->deadline();
    while (true) {
        const int ready = ::poll(fds, count, 0);
        if (ready != 0) return ready;
        if (until && nowUs() >= until) return 0;
        Wait w(f, fds, count);
        if (!registerFds(w)) {
            // Not a descriptor epoll takes: wait the plain way (holds the thread).
            const int64_t left_ms = until ? std::max<int64_t>(0, (until - nowUs()) / 1000) : -1;
            return ::poll(fds, count, static_cast<int>(left_ms));
        }
        if (!w.woken) {
            if (until) {
                w.timed = true;
                w.timer = timers_.emplace(until, &w);
            }
            f->park();
        }
        if (w.timed) timers_.erase(w.timer);
        unregisterFds(w, count);
    }
}

/// False (and nothing registered) when a descriptor cannot go into epoll.
bool FiberWorker::registerFds(Wait& w) {
    for (nfds_t i = 0; i < w.count; ++i) {
        const int fd = w.fds[i].fd;
        if (fd < 0) continue;
        Watched& watched = watched_[fd];
        watched.waits.push_back(&w);
        if (!setInterest(fd, watched)) {
            unregisterFds(w, i + 1);
            return false;
        }
    }
    return true;
}

/// Takes `w` off the first `upto` of its descriptors.
void FiberWorker::unregisterFds(Wait& w, nfds_t upto) {
    for (nfds_t i = 0; i < upto; ++i) {
        const int fd = w.fds[i].fd;
        auto it = watched_.find(fd);
        if (fd < 0 || it == watched_.end()) continue;
        auto& waits = it->second.waits;
        for (auto p = waits.begin(); p != waits.end(); ++p)
            if (*p == &w) {
                waits.erase(p);
                break;
            }
        setInterest(fd, it->second);
        if (waits.empty()) watched_.erase(it);
    }
}

/// Makes the epoll set ask for what the descriptor's waits want, no more (a
/// leftover POLLOUT on a writable socket would wake the thread again and again).
bool FiberWorker::setInterest(int fd, Watched& watched) {
    uint32_t want = 0;
    for (const Wait* w : watched.waits)
        for (nfds_t i = 0; i < w->count; ++i)
            if (w->fds[i].fd == fd) want |= epollEvents(w->fds[i].events) | EPOLLERR | EPOLLHUP;
    if (want == watched.events) return true;
    epoll_event ev{};
    ev.events = want;
    ev.data.fd = fd;
    const int op = want == 0 ? EPOLL_CTL_DEL : watched.events == 0 ? EPOLL_CTL_ADD : EPOLL_CTL_MOD;
    if (epoll_ctl(epfd_, op, fd, &ev) != 0 && op != EPOLL_CTL_DEL) return false;
    watched.events = want;
    return true;
}

std::unique_ptr<Fiber> FiberWorker::takeFiber() {
    if (pool_.empty()) return std::make_unique<Fiber>(stack_bytes_);
    auto f = std::move(pool_.back());
    pool_.pop_back();
    return f;
}

void FiberWorker::recycle(std::unique_ptr<Fiber> f) {
    if (pool_.size() >= kPooledFibers) return;  // unmapped
    if (pool_.size() >= kWarmFibers) f->releaseStack();
    pool_.push_back(std::move(f));
}

}  // namespace ipfacts::fiber
