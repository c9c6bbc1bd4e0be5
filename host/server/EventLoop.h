// EventLoop: one thread, one epoll set, its own SO_REUSEPORT listening
// sockets (the kernel spreads connections across loops). Requests whose
// handler never blocks are answered on the loop; the rest run as fibers on
// the FiberScheduler and come back through an eventfd. Each connection is in
// one ConnectionState and moves only as ConnectionState.cpp's table allows.
// Measured on this design: about three system calls per keep-alive request
// (epoll_wait, recv, send).
#pragma once

#include "host/fiber/FiberScheduler.h"
#include "host/manifest/Manifest.h"
#include "host/pipeline/Pipeline.h"
#include "host/server/CallerCounter.h"
#include "host/server/ConnectionState.h"
#include "host/server/HttpConnection.h"

#include <openssl/ssl.h>

#include <atomic>
#include <memory>
#include <mutex>
#include <vector>

namespace ipfacts::server {

class EventLoop {
public:
    /// `clock` gives the loop its time (header and keep-alive time-outs, the
    /// queue's time budget, shutdown); null: the real clock. A test passes a
    /// manual ServiceClock and moves it. Whatever is passed must outlive the loop.
    EventLoop(const manifest::ServerSpec& spec, pipeline::Pipeline& pipeline, fiber::FiberScheduler& workers,
              CallerCounter& per_address, CallerCounter& slow_per_caller,
              const ratelimit::ServiceClock* clock = nullptr);
    ~EventLoop();
    EventLoop(const EventLoop&) = delete;
    EventLoop& operator=(const EventLoop&) = delete;

    /// Binds a listening socket for `addr` (before run). `tls` may be null.
    /// Throws std::runtime_error when the address cannot be bound.
    void listen(const manifest::ListenAddress& addr, SSL_CTX* tls);

    /// Serves until stop(); then answers the requests in flight — with their
    /// result, or 503 at `answer_by` (monotonic milliseconds) if a worker still
    /// holds them — and returns.
    void run();
    /// Asks the loop to stop, answering what is in flight by `answer_by`.
    /// Thread-safe, async-signal-unsafe.
    void stop(int64_t answer_by);

    /// Serves an accepted non-blocking socket from `peer` (already admitted
    /// by the per-address limit); takes ownership of `fd` and of `ssl`, which
    /// may be null. The listeners call it; tests hand it one end of a socketpair.
    void serveSocket(int fd, const net::IpAddress& peer, SSL* ssl);
    /// One round: waits up to `max_wait_ms` for events, handles them, and
    /// sweeps time-outs when the clock's second changed. run() turns it;
    /// a test turns it by hand on the test's thread.
    void turn(int max_wait_ms);

    size_t openConnections() const { return open_; }
    /// Where the connection on `fd` is; Closed when there is none.
    ConnectionState stateOf(int fd) const;

private:
    struct Listener {
        int fd;
        SSL_CTX* tls;
    };

    int64_t millisNow() const { return clock_.monotonicMicros() / 1000; }
    int64_t secondsNow() const { return clock_.monotonicMicros() / 1'000'000; }
    int waitMs();
    HttpConnection* connection(int fd) const;
    void accept(const Listener& l);
    bool admit(int fd, const net::IpAddress& peer, bool tls);
    void pauseAccepting(int err);
    void resumeAccepting();
    void beginStopping();
    void answerAbandoned();
    void onConnection(int fd, uint32_t events);
    void serve(HttpConnection& c);
    bool startExchange(HttpConnection& c);
    bool proceed(HttpConnection& c, pipeline::Pipeline::Next next);
    bool handOff(HttpConnection& c);
    void takeBack(HttpConnection& c, pipeline::Pipeline::Next next);
    void handleOnWorker(pipeline::Exchange& ex);
    // Each writes the refusal and counts it for /metrics.
    void writeOverloaded(pipeline::HttpResponse& r);
    void writeTooManySlow(pipeline::HttpResponse& r, unsigned limit);
    void expireQueued(HttpConnection& c, int64_t now_us);
    void respond(HttpConnection& c, pipeline::Exchange& ex);
    void onWorkerDone();
    void resumeCounted();
    void flush(HttpConnection& c);
    void watch(HttpConnection& c);
    void unwatch(HttpConnection& c);  // out of the epoll set, whatever it waited for
    bool control(int op, int fd, uint32_t events, uint64_t tag);
    void drop(HttpConnection& c);
    void close(HttpConnection& c);
    void closeIdleAtStop();
    void sweep();
    void post(int fd, uint64_t generation);

    const manifest::ServerSpec& spec_;
    pipeline::Pipeline& pipeline_;
    fiber::FiberScheduler& workers_;
    CallerCounter& per_address_;
    CallerCounter& slow_per_caller_;
    const ratelimit::ServiceClock& clock_;
    int epfd_ = -1;
    int wakefd_ = -1;
    std::vector<Listener> listeners_;
    std::vector<std::unique_ptr<HttpConnection>> conns_;  // by fd
    size_t open_ = 0;
    uint64_t next_generation_ = 1;
    int64_t last_sweep_s_ = 0;
    std::atomic<bool> stopping_{false};
    std::atomic<int64_t> answer_by_{0};
    bool stop_begun_ = false;
    // Out of descriptors: accepting pauses until this monotonic millisecond.
    int64_t accept_paused_until_ms_ = 0;
    int64_t last_fd_warning_s_ = 0;
    uint64_t fd_pauses_since_warning_ = 0;
    std::mutex done_mu_;
    std::vector<std::pair<int, uint64_t>> done_;  // finished worker exchanges
    // Exchanges whose count came back this round (from counters_, on this thread).
    std::vector<std::pair<int, uint64_t>> counted_;
    // This loop's own shared counters (store.counters: redis), on its epoll
    // set; null: counted in memory, or in the pipeline's shared counters.
    std::unique_ptr<ratelimit::LoopCounters> counters_;
};

}  // namespace ipfacts::server
