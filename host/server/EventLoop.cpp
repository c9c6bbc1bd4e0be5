#include "host/server/EventLoop.h"

#include "host/pipeline/ErrorEnvelope.h"
#include "host/server/Listener.h"
#include "host/server/ResponseWriter.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cstring>
#include <stdexcept>

namespace ipfacts::server {
namespace {

constexpr uint64_t kWakeTag = 1ull << 63;
constexpr uint64_t kListenerTag = 1ull << 62;
constexpr uint64_t kCountersTag = 1ull << 61;
constexpr int kAcceptBatch = 64;
// Out of descriptors (EMFILE/ENFILE): stop accepting this long, as nginx
// does, instead of waking for the same pending connection again and again.
constexpr int64_t kAcceptPauseMs = 500;
constexpr int64_t kFdWarningEverySeconds = 60;

/// The loop's time when the daemon gives it none: the real monotonic clock.
const ratelimit::ServiceClock& realClock() {
    static const ratelimit::ServiceClock clock(false);
    return clock;
}

const char* operationName(int op) { return op == EPOLL_CTL_ADD ? "add" : op == EPOLL_CTL_MOD ? "modify" : "delete"; }

/// The whole answer to a connection refused at accept: it has sent nothing
/// yet, so it is written before the request and the socket closed.
const std::string& tooManyConnectionsReply() {
    static const std::string reply = [] {
        std::string body =
            R"({"error":"too_many_connections","message":"too many open connections from your address; close some and retry","status":429})";
        return "HTTP/1.1 429 Too Many Requests\r\nServer: ipfacts\r\nContent-Type: application/json\r\n"
               "Content-Length: " +
               std::to_string(body.size()) +
               "\r\nRetry-After: 1\r\nAccess-Control-Allow-Origin: *\r\nCache-Control: no-store\r\n"
               "Connection: close\r\n\r\n" +
               body;
    }();
    return reply;
}
// A client that pipelines requests but does not read the answers stops being
// read once this much is waiting for it, so it cannot grow our memory.
constexpr size_t kMaxPendingOutput = 256 * 1024;

}  // namespace

EventLoop::EventLoop(const manifest::ServerSpec& spec, pipeline::Pipeline& pipeline, fiber::FiberScheduler& workers,
                     CallerCounter& per_address, CallerCounter& slow_per_caller, const ratelimit::ServiceClock* clock)
    : spec_(spec),
      pipeline_(pipeline),
      workers_(workers),
      per_address_(per_address),
      slow_per_caller_(slow_per_caller),
      clock_(clock ? *clock : realClock()) {
    epfd_ = epoll_create1(EPOLL_CLOEXEC);
    wakefd_ = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    if (epfd_ < 0 || wakefd_ < 0) throw std::runtime_error(std::string("epoll/eventfd: ") + std::strerror(errno));
    if (!control(EPOLL_CTL_ADD, wakefd_, EPOLLIN, kWakeTag)) {
        ::close(wakefd_);
        ::close(epfd_);
        throw std::runtime_error(std::string("epoll: cannot watch the wake-up eventfd: ") + std::strerror(errno));
    }
    counters_ = pipeline_.openLoopCounters(ratelimit::LoopSeat{epfd_, kCountersTag, &clock_});
    last_sweep_s_ = secondsNow();
}

EventLoop::~EventLoop() {
    counters_.reset();  // its socket leaves the epoll set while the set is open
    conns_.clear();
    for (const auto& l : listeners_) ::close(l.fd);
    ::close(wakefd_);
    ::close(epfd_);
}

void EventLoop::listen(const manifest::ListenAddress& addr, SSL_CTX* tls) {
    int fd = bindListener(addr);
    if (!control(EPOLL_CTL_ADD, fd, EPOLLIN, kListenerTag | listeners_.size())) {
        const int err = errno;
        ::close(fd);
        throw std::runtime_error(std::string("epoll: cannot watch a listening socket: ") + std::strerror(err));
    }
    listeners_.push_back({fd, tls});
}

void EventLoop::stop(int64_t answer_by) {
    answer_by_ = answer_by;
    stopping_ = true;
    uint64_t one = 1;
    [[maybe_unused]] ssize_t n = ::write(wakefd_, &one, sizeof one);
}

void EventLoop::run() {
    while (true) {
        if (stopping_ && !stop_begun_) beginStopping();
        if (stop_begun_ && (open_ == 0 || millisNow() >= answer_by_)) break;
        turn(waitMs());
    }
    answerAbandoned();
    pipeline_.flushLog();
}

/// How long the next round may wait: a second at most, less while accepting
/// is paused or the shutdown grace runs out.
int EventLoop::waitMs() {
    int wait_ms = 1000;
    if (accept_paused_until_ms_) {
        int64_t left = accept_paused_until_ms_ - millisNow();
        if (left <= 0)
            resumeAccepting();
        else
            wait_ms = static_cast<int>(std::min<int64_t>(left, wait_ms));
    }
    if (stop_begun_) wait_ms = static_cast<int>(std::clamp<int64_t>(answer_by_ - millisNow(), 0, wait_ms));
    // A count's reply deadline: the waiting requests are answered on time.
    if (const int64_t by = counters_ ? counters_->tickByMs() : 0)
        wait_ms = static_cast<int>(std::clamp<int64_t>(by - millisNow(), 0, wait_ms));
    return wait_ms;
}

void EventLoop::turn(int max_wait_ms) {
    epoll_event events[256];
    int n = epoll_wait(epfd_, events, 256, max_wait_ms);
    pipeline_.holdSharedAsks();
    for (int i = 0; i < n; ++i) {
        uint64_t tag = events[i].data.u64;
        if (tag == kWakeTag)
            onWorkerDone();
        else if (tag == kCountersTag)
            counters_->ready(events[i].events);
        else if (tag & kListenerTag) {
            size_t idx = tag & ~kListenerTag;
            if (idx < listeners_.size()) accept(listeners_[idx]);
        } else
            onConnection(static_cast<int>(tag), events[i].events);
    }
    if (counters_) {
        counters_->tick();
        // The round's asks go out together. Sending may answer some at once
        // (Redis refused the connection), and what those resume may ask again.
        do {
            resumeCounted();
            counters_->send();
        } while (!counted_.empty());
    } else {
        pipeline_.sendSharedAsks();
    }
    const int64_t now = secondsNow();
    if (now != last_sweep_s_) {
        last_sweep_s_ = now;
        sweep();
        pipeline_.flushLog();
    }
}

HttpConnection* EventLoop::connection(int fd) const {
    if (fd < 0 || static_cast<size_t>(fd) >= conns_.size()) return nullptr;
    return conns_[static_cast<size_t>(fd)].get();
}

ConnectionState EventLoop::stateOf(int fd) const {
    const HttpConnection* c = connection(fd);
    return c ? c->state.now() : ConnectionState::Closed;
}

/// Stop taking connections; close idle ones; let the ones in flight finish.
void EventLoop::beginStopping() {
    stop_begun_ = true;
    for (const auto& l : listeners_) ::close(l.fd);
    listeners_.clear();
    accept_paused_until_ms_ = 0;
    closeIdleAtStop();
}

void EventLoop::closeIdleAtStop() {
    for (auto& c : conns_)
        if (c && !c->state.handedOff() && !c->hasPendingOutput() && !c->midRequest()) close(*c);
}

/// The grace is over: every request still away from the loop is answered
/// 503 now. The connection object stays (the worker still reads the request
/// it points into) until the process ends; its socket is shut down.
void EventLoop::answerAbandoned() {
    for (auto& slot : conns_) {
        if (!slot) continue;
        HttpConnection& c = *slot;
        if (c.state.handedOff()) {
            pipeline::Exchange ex;
            c.describe(ex.request);
            ex.response.addHeader("Retry-After", "5");
            pipeline_.rejectUnparsed(ex, 503, "shutting_down",
                                     "the server is restarting and the answer was not ready in time; retry shortly");
            writeResponse(ex, false, c.output());
            c.flush();
            ::shutdown(c.fd(), SHUT_RDWR);
            c.state.move(ConnectionState::Abandoned);
            continue;
        }
        if (c.hasPendingOutput()) c.flush();  // best effort, never waits
        close(c);
    }
}

void EventLoop::accept(const Listener& l) {
    for (int i = 0; i < kAcceptBatch; ++i) {
        sockaddr_storage ss{};
        socklen_t len = sizeof ss;
        int fd = ::accept4(l.fd, reinterpret_cast<sockaddr*>(&ss), &len, SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (fd < 0) {
            if (errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM) pauseAccepting(errno);
            return;  // EAGAIN, or a transient error the next wake retries
        }
        auto peer = net::IpAddress::fromSockaddr(reinterpret_cast<sockaddr*>(&ss));
        if (!peer || open_ >= spec_.max_connections || stopping_) {
            ::close(fd);
            continue;
        }
        if (!admit(fd, *peer, l.tls != nullptr)) continue;
        int one = 1;
        setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        SSL* ssl = nullptr;
        if (l.tls) {
            ssl = SSL_new(l.tls);
            SSL_set_fd(ssl, fd);
            SSL_set_accept_state(ssl);
            SSL_set_mode(ssl, SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER);
        }
        serveSocket(fd, *peer, ssl);
    }
}

void EventLoop::serveSocket(int fd, const net::IpAddress& peer, SSL* ssl) {
    if (static_cast<size_t>(fd) >= conns_.size()) conns_.resize(static_cast<size_t>(fd) + 1);
    conns_[static_cast<size_t>(fd)] =
        std::make_unique<HttpConnection>(fd, peer, ssl, spec_, next_generation_++, clock_);
    ++open_;
    pipeline_.counters().local().connectionOpened();
    watch(*conns_[static_cast<size_t>(fd)]);
}

/// The per-address connection limit. A refused plain-HTTP client is told
/// why (429) before the socket closes; a TLS one is only closed.
bool EventLoop::admit(int fd, const net::IpAddress& peer, bool tls) {
    if (per_address_.admit(peer)) return true;
    pipeline_.counters().local().refusal(pipeline::Refusal::TooManyConnections);
    if (!tls) {
        const std::string& reply = tooManyConnectionsReply();
        [[maybe_unused]] ssize_t n = ::send(fd, reply.data(), reply.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
    }
    ::close(fd);
    return false;
}

/// Out of descriptors: take the listeners out of the epoll set for a while.
/// Connections keep waiting in the kernel's backlog and are accepted once
/// descriptors free up; the loop sleeps meanwhile instead of spinning.
void EventLoop::pauseAccepting(int err) {
    if (accept_paused_until_ms_ == 0) {
        for (size_t i = 0; i < listeners_.size(); ++i)
            control(EPOLL_CTL_MOD, listeners_[i].fd, 0, kListenerTag | i);  // no events: asleep, still registered
    }
    accept_paused_until_ms_ = millisNow() + kAcceptPauseMs;
    ++fd_pauses_since_warning_;
    int64_t now = secondsNow();
    if (last_fd_warning_s_ == 0 || now - last_fd_warning_s_ >= kFdWarningEverySeconds) {
        spdlog::warn(
            "accept: {} ({} open connections on this loop); accepting paused {} ms at a time, {} pauses "
            "since the last warning",
            std::strerror(err), open_, kAcceptPauseMs, fd_pauses_since_warning_);
        last_fd_warning_s_ = now;
        fd_pauses_since_warning_ = 0;
    }
}

void EventLoop::resumeAccepting() {
    accept_paused_until_ms_ = 0;
    for (size_t i = 0; i < listeners_.size(); ++i) control(EPOLL_CTL_MOD, listeners_[i].fd, EPOLLIN, kListenerTag | i);
}

void EventLoop::onConnection(int fd, uint32_t events) {
    HttpConnection* found = connection(fd);
    if (!found) return;
    HttpConnection& c = *found;
    if (c.state.handedOff()) {
        // The request away still holds this connection's buffer; a hang-up
        // is dealt with once it is back.
        if (events & (EPOLLHUP | EPOLLERR)) c.hung_up = true;
        // Parked for the counters, the socket stayed in the set: out now, so a
        // level-triggered event does not wake the loop again until the answer.
        if (c.state.is(ConnectionState::AwaitingMeter)) unwatch(c);
        return;
    }
    if (events & EPOLLOUT) {
        if (c.hasPendingOutput()) {
            bool was_full = c.pendingOutput() >= kMaxPendingOutput;
            flush(c);
            if (!connection(fd)) return;
            // Requests that arrived while the client was not reading are still buffered.
            if (was_full && c.pendingOutput() < kMaxPendingOutput) serve(c);
            if (!connection(fd)) return;
        }
    }
    // Read on input, on hang-up (to see it), and when TLS waited for writability
    // to go on reading; not while the client leaves its answers unread.
    bool readable = events & (EPOLLIN | EPOLLHUP | EPOLLERR | EPOLLRDHUP);
    bool tls_resume = (events & EPOLLOUT) && c.wantsWrite();
    if ((readable || tls_resume) && c.state.is(ConnectionState::Reading) && c.pendingOutput() < kMaxPendingOutput) {
        auto io = c.readSome();
        if (io == HttpConnection::Io::Closed) {
            close(c);
            return;
        }
        if (io == HttpConnection::Io::Progress || c.midRequest())
            serve(c);
        else
            watch(c);
    }
}

/// Answers what is buffered, request after request, until one goes away
/// from the loop, the connection closes, or the client stops reading.
void EventLoop::serve(HttpConnection& c) {
    const int fd = c.fd();
    for (;;) {
        while (c.state.is(ConnectionState::Reading) && c.pendingOutput() < kMaxPendingOutput) {
            auto parsed = c.parse();
            if (parsed == HttpConnection::Parse::NeedMore) {
                flush(c);
                return;
            }
            if (parsed == HttpConnection::Parse::Error) {
                pipeline::Exchange ex;
                c.describe(ex.request);
                pipeline_.rejectUnparsed(ex, c.errorStatus(), c.errorToken(), c.errorMessage());
                writeResponse(ex, false, c.output());
                c.state.move(ConnectionState::Closing);
                break;
            }
            if (!startExchange(c)) break;  // away: on a worker, or parked for its count
        }
        const bool stopped_full = c.state.is(ConnectionState::Reading) && c.pendingOutput() >= kMaxPendingOutput;
        flush(c);
        // Stopped by the output limit and the socket took it all: the requests already
        // read go on now, since no readiness event comes for bytes already buffered.
        if (!stopped_full || !connection(fd) || c.pendingOutput() >= kMaxPendingOutput) return;
    }
}

/// Begins the parsed request; answers it here unless it goes away.
/// Returns false when it went away (a hand-off).
bool EventLoop::startExchange(HttpConnection& c) {
    c.exchange = std::make_unique<pipeline::Exchange>();
    auto& ex = *c.exchange;
    c.describe(ex.request);
    if (counters_) {
        // This loop's own counters answer on this thread, within a round: resumed at its end.
        ex.counters = counters_.get();
        ex.wake = [this, fd = c.fd(), gen = c.generation()] { counted_.emplace_back(fd, gen); };
    } else if (pipeline_.countsShared()) {
        // Shared counters of the pipeline's answer from another thread: back to this loop, as a worker does.
        ex.wake = [this, fd = c.fd(), gen = c.generation()] { post(fd, gen); };
    }
    return proceed(c, pipeline_.begin(ex));
}

/// Carries the exchange on from `next`: parks it for the shared counters,
/// handles it here or hands it to a worker, and answers it when it stays.
/// Returns false when it went away.
bool EventLoop::proceed(HttpConnection& c, pipeline::Pipeline::Next next) {
    auto& ex = *c.exchange;
    if (next == pipeline::Pipeline::Next::AwaitMeter) {
        // The socket stays in the epoll set (taken out only if it stirs before
        // the answer, see onConnection): the answer comes within a round trip,
        // and two epoll_ctl calls a request cost more than the count itself.
        c.state.move(ConnectionState::AwaitingMeter);
        return false;
    }
    if (next == pipeline::Pipeline::Next::HandleInline) {
        pipeline_.handle(ex);
        if (ex.deferred) next = pipeline::Pipeline::Next::HandleOnWorker;
    }
    if (next == pipeline::Pipeline::Next::HandleOnWorker && handOff(c)) return false;
    respond(c, ex);
    return true;
}

/// Starts the connection's exchange on a worker fiber: OnWorker, or Deferred
/// for a non-blocking handler that asked to run again there. False when it
/// cannot: the caller already holds its limit of slow requests (the
/// response is then a 429) or the workers are full (a 503).
bool EventLoop::handOff(HttpConnection& c) {
    pipeline::Exchange* exp = c.exchange.get();
    if (!slow_per_caller_.admit(exp->caller_block)) {
        writeTooManySlow(exp->response, slow_per_caller_.limit());
        return false;
    }
    const int64_t start_by = exp->started_us + int64_t(exp->route->spec.time_budget_ms) * 1000;
    auto ticket = std::make_shared<WorkerTicket>(start_by);
    exp->on_worker = true;
    const int fd = c.fd();
    const uint64_t gen = c.generation();
    bool queued = workers_.submit(
        [this, exp, fd, gen, ticket] {
            if (!ticket->start()) return;  // waited past its budget: the loop answered 503
            handleOnWorker(*exp);
            post(fd, gen);
        },
        start_by);
    if (!queued) {
        slow_per_caller_.release(exp->caller_block);
        writeOverloaded(exp->response);
        return false;
    }
    c.state.move(exp->deferred ? ConnectionState::Deferred : ConnectionState::OnWorker);
    c.ticket = std::move(ticket);
    watch(c);
    return true;
}

/// The one way back from a hand-off, whichever it was: the loop has the
/// request again and carries it on from `next` (Respond: a worker's answer,
/// or the 503 of a request that waited too long; after the meter: what the
/// pipeline says next). Once it is answered, the connection closes if the
/// client hung up meanwhile, else the requests pipelined behind it are served.
void EventLoop::takeBack(HttpConnection& c, pipeline::Pipeline::Next next) {
    if (c.state.is(ConnectionState::OnWorker) || c.state.is(ConnectionState::Deferred)) {
        slow_per_caller_.release(c.exchange->caller_block);
        c.ticket.reset();
    }
    c.state.move(ConnectionState::Reading);
    if (!proceed(c, next)) return;  // away again: the meter let it on to a worker
    if (c.hung_up) {
        close(c);
        return;
    }
    serve(c);
}

/// A handler that throws is a plugin bug; the caller still gets an answer.
void EventLoop::handleOnWorker(pipeline::Exchange& ex) {
    try {
        pipeline_.handle(ex);
    } catch (const std::exception& e) {
        spdlog::error("route={} handler threw: {}", ex.route ? ex.route->spec.path : "-", e.what());
        ex.response = {};
        pipeline::writeError(ex.response, 500, "internal_error", "the endpoint failed; the failure is logged");
    }
}

void EventLoop::writeOverloaded(pipeline::HttpResponse& r) {
    pipeline_.counters().local().refusal(pipeline::Refusal::Overloaded);
    r = {};
    r.addHeader("Retry-After", "1");
    pipeline::writeError(r, 503, "overloaded", "the server is saturated; retry shortly");
}

void EventLoop::writeTooManySlow(pipeline::HttpResponse& r, unsigned limit) {
    pipeline_.counters().local().refusal(pipeline::Refusal::TooManyConcurrent);
    r.addHeader("Retry-After", "1");
    pipeline::writeError(r, 429, "too_many_concurrent",
                         "this address already has " + std::to_string(limit) +
                             " requests waiting on upstreams; retry when one of them is answered");
}

/// Answers 503 a request still waiting for a worker at the end of its budget.
void EventLoop::expireQueued(HttpConnection& c, int64_t now_us) {
    if (!c.ticket || now_us < c.ticket->startBy() || !c.ticket->expire()) return;
    writeOverloaded(c.exchange->response);
    takeBack(c, pipeline::Pipeline::Next::Respond);
}

void EventLoop::respond(HttpConnection& c, pipeline::Exchange& ex) {
    pipeline_.finish(ex);
    bool keep = c.keepAlive() && !ex.response.close && !stopping_;
    writeResponse(ex, keep, c.output());
    c.exchange.reset();
    c.consumeRequest();
    if (!keep) c.state.move(ConnectionState::Closing);
}

void EventLoop::post(int fd, uint64_t generation) {
    bool first;
    {
        std::lock_guard<std::mutex> lock(done_mu_);
        first = done_.empty();
        done_.emplace_back(fd, generation);
    }
    // One wake-up per batch: the loop reads the eventfd before it takes the
    // list, so what joins a non-empty list is taken with it.
    if (!first) return;
    uint64_t one = 1;
    [[maybe_unused]] ssize_t n = ::write(wakefd_, &one, sizeof one);
}

/// Requests back from workers and from the shared counters.
void EventLoop::onWorkerDone() {
    uint64_t count;
    [[maybe_unused]] ssize_t n = ::read(wakefd_, &count, sizeof count);
    std::vector<std::pair<int, uint64_t>> done;
    {
        std::lock_guard<std::mutex> lock(done_mu_);
        done.swap(done_);
    }
    for (auto [fd, gen] : done) {
        HttpConnection* c = connection(fd);
        if (!c || c->generation() != gen || !c->exchange || !c->state.handedOff()) continue;
        if (c->state.is(ConnectionState::AwaitingMeter))
            takeBack(*c, pipeline_.resume(*c->exchange));  // the stages after metering, here
        else
            takeBack(*c, pipeline::Pipeline::Next::Respond);
    }
}

/// Requests whose count came back this round, carried on from the meter.
void EventLoop::resumeCounted() {
    while (!counted_.empty()) {
        std::vector<std::pair<int, uint64_t>> counted;
        counted.swap(counted_);
        for (auto [fd, gen] : counted) {
            HttpConnection* c = connection(fd);
            if (!c || c->generation() != gen || !c->exchange || !c->state.is(ConnectionState::AwaitingMeter)) continue;
            takeBack(*c, pipeline_.resume(*c->exchange));
        }
    }
}

void EventLoop::flush(HttpConnection& c) {
    if (c.hasPendingOutput() && c.flush() == HttpConnection::Io::Closed) {
        drop(c);
        return;
    }
    if (!c.hasPendingOutput() && c.state.is(ConnectionState::Closing)) {
        close(c);
        return;
    }
    watch(c);
}

/// Registers what the connection now waits for. While a worker holds it the
/// socket leaves the set: a level-triggered hang-up would otherwise wake the
/// loop again and again until the answer is back.
void EventLoop::watch(HttpConnection& c) {
    // Parked for the counters: left as it is (see proceed and onConnection).
    if (c.state.is(ConnectionState::AwaitingMeter)) return;
    uint32_t want = 0;
    if (!c.state.handedOff()) {
        // RDHUP only with IN: a level-triggered half-close we are not reading
        // for would wake the loop again and again.
        if (c.state.is(ConnectionState::Reading) && c.pendingOutput() < kMaxPendingOutput) want |= EPOLLIN | EPOLLRDHUP;
        if (c.hasPendingOutput() || c.wantsWrite()) want |= EPOLLOUT;
    }
    if (want == c.epoll_events) return;
    int op = want == 0 ? EPOLL_CTL_DEL : c.epoll_events == 0 ? EPOLL_CTL_ADD : EPOLL_CTL_MOD;
    if (!control(op, c.fd(), want, static_cast<uint64_t>(c.fd()))) {
        drop(c);
        return;
    }
    c.epoll_events = want;
}

void EventLoop::unwatch(HttpConnection& c) {
    if (c.epoll_events == 0) return;
    if (!control(EPOLL_CTL_DEL, c.fd(), 0, 0)) {
        drop(c);
        return;
    }
    c.epoll_events = 0;
}

/// One epoll_ctl; a failure is logged and reported, never ignored.
bool EventLoop::control(int op, int fd, uint32_t events, uint64_t tag) {
    epoll_event ev{};
    ev.events = events;
    ev.data.u64 = tag;
    if (epoll_ctl(epfd_, op, fd, &ev) == 0) return true;
    spdlog::error("epoll_ctl {} fd={}: {}", operationName(op), fd, std::strerror(errno));
    return false;
}

/// The socket failed: the connection closes now, or once the request that
/// is away comes back (its buffers are lent out until then).
void EventLoop::drop(HttpConnection& c) {
    if (c.state.handedOff()) {
        c.hung_up = true;
        return;
    }
    close(c);
}

void EventLoop::close(HttpConnection& c) {
    if (!c.state.move(ConnectionState::Closed)) return;  // away: refused and logged
    const int fd = c.fd();
    if (c.epoll_events) control(EPOLL_CTL_DEL, fd, 0, 0);  // closing anyway: logged, nothing more to do
    per_address_.release(c.peer());
    conns_[static_cast<size_t>(fd)].reset();  // closes the socket
    --open_;
    pipeline_.counters().local().connectionClosed();
}

void EventLoop::sweep() {
    const int64_t now = secondsNow();
    const int64_t now_us = clock_.monotonicMicros();
    for (auto& slot : conns_) {
        if (slot && slot->ticket) expireQueued(*slot, now_us);
        if (!slot || slot->state.handedOff()) continue;
        HttpConnection& c = *slot;
        if (c.state.is(ConnectionState::Reading) && c.headPending() &&
            now - c.headStartedAt() >= static_cast<int64_t>(spec_.header_timeout_s)) {
            pipeline::Exchange ex;
            c.describe(ex.request);
            if (ex.request.method.empty()) ex.request.method = "-";
            pipeline_.rejectUnparsed(ex, 408, "request_timeout", "the request was not completed in time");
            writeResponse(ex, false, c.output());
            c.state.move(ConnectionState::Closing);
            flush(c);
        } else if (!c.headPending() && !c.hasPendingOutput() &&
                   now - c.last_activity >= static_cast<int64_t>(spec_.keepalive_timeout_s)) {
            close(c);
        } else if (c.hasPendingOutput() && now - c.last_activity >= static_cast<int64_t>(spec_.keepalive_timeout_s)) {
            close(c);  // the client stopped reading
        }
    }
}

}  // namespace ipfacts::server
