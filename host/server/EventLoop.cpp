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
#include <chrono>
#include <cstring>
#include <stdexcept>

namespace ipfacts::server {
namespace {

constexpr uint64_t kWakeTag = 1ull << 63;
constexpr uint64_t kListenerTag = 1ull << 62;
constexpr int kAcceptBatch = 64;
// Out of descriptors (EMFILE/ENFILE): stop accepting this long, as nginx
// does, instead of waking for the same pending connection again and again.
constexpr int64_t kAcceptPauseMs = 500;
constexpr int64_t kFdWarningEverySeconds = 60;

int64_t monotonicMillis() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

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
                     CallerCounter& per_address, CallerCounter& slow_per_caller)
    : spec_(spec),
      pipeline_(pipeline),
      workers_(workers),
      per_address_(per_address),
      slow_per_caller_(slow_per_caller) {
    epfd_ = epoll_create1(EPOLL_CLOEXEC);
    wakefd_ = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    if (epfd_ < 0 || wakefd_ < 0) throw std::runtime_error(std::string("epoll/eventfd: ") + std::strerror(errno));
    epoll_event ev{};
    ev.events = EPOLLIN;
    ev.data.u64 = kWakeTag;
    epoll_ctl(epfd_, EPOLL_CTL_ADD, wakefd_, &ev);
}

EventLoop::~EventLoop() {
    conns_.clear();
    for (const auto& l : listeners_) ::close(l.fd);
    ::close(wakefd_);
    ::close(epfd_);
}

void EventLoop::listen(const manifest::ListenAddress& addr, SSL_CTX* tls) {
    int fd = bindListener(addr);
    epoll_event ev{};
    ev.events = EPOLLIN;
    ev.data.u64 = kListenerTag | listeners_.size();
    epoll_ctl(epfd_, EPOLL_CTL_ADD, fd, &ev);
    listeners_.push_back({fd, tls});
}

void EventLoop::stop(int64_t answer_by) {
    answer_by_ = answer_by;
    stopping_ = true;
    uint64_t one = 1;
    [[maybe_unused]] ssize_t n = ::write(wakefd_, &one, sizeof one);
}

void EventLoop::run() {
    epoll_event events[256];
    int64_t last_sweep = monotonicSeconds();
    while (true) {
        if (stopping_ && !stop_begun_) beginStopping();
        if (stop_begun_ && (open_ == 0 || monotonicMillis() >= answer_by_)) break;

        int wait_ms = 1000;
        if (accept_paused_until_ms_) {
            int64_t left = accept_paused_until_ms_ - monotonicMillis();
            if (left <= 0)
                resumeAccepting();
            else
                wait_ms = static_cast<int>(std::min<int64_t>(left, wait_ms));
        }
        if (stop_begun_) wait_ms = static_cast<int>(std::clamp<int64_t>(answer_by_ - monotonicMillis(), 0, wait_ms));
        int n = epoll_wait(epfd_, events, 256, wait_ms);
        pipeline_.holdSharedAsks();
        for (int i = 0; i < n; ++i) {
            uint64_t tag = events[i].data.u64;
            if (tag == kWakeTag)
                onWorkerDone();
            else if (tag & kListenerTag) {
                size_t idx = tag & ~kListenerTag;
                if (idx < listeners_.size()) accept(listeners_[idx]);
            } else
                onConnection(static_cast<int>(tag), events[i].events);
        }
        pipeline_.sendSharedAsks();
        int64_t now = monotonicSeconds();
        if (now != last_sweep) {
            last_sweep = now;
            sweep();
            pipeline_.flushLog();
        }
    }
    answerAbandoned();
    pipeline_.flushLog();
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
        if (c && !c->awaiting_worker && !c->hasPendingOutput() && !c->midRequest()) close(c->fd());
}

/// The grace is over: every request a worker still holds is answered 503
/// now. The connection object stays (the worker still reads the request it
/// points into) until the process ends; its socket is shut down.
void EventLoop::answerAbandoned() {
    for (auto& slot : conns_) {
        if (!slot) continue;
        HttpConnection& c = *slot;
        if (c.awaiting_worker) {
            pipeline::Exchange ex;
            c.describe(ex.request);
            ex.response.addHeader("Retry-After", "5");
            pipeline_.rejectUnparsed(ex, 503, "shutting_down",
                                     "the server is restarting and the answer was not ready in time; retry shortly");
            writeResponse(ex, false, c.output());
            c.flush();
            ::shutdown(c.fd(), SHUT_RDWR);
            c.abandoned = true;
            continue;
        }
        if (c.hasPendingOutput()) c.flush();  // best effort, never waits
        close(c.fd());
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
        if (static_cast<size_t>(fd) >= conns_.size()) conns_.resize(static_cast<size_t>(fd) + 1);
        conns_[static_cast<size_t>(fd)] = std::make_unique<HttpConnection>(fd, *peer, ssl, spec_, next_generation_++);
        ++open_;
        pipeline_.counters().local().connectionOpened();
        auto& c = *conns_[static_cast<size_t>(fd)];
        epoll_event ev{};
        ev.events = EPOLLIN | EPOLLRDHUP;
        ev.data.u64 = static_cast<uint64_t>(fd);
        c.epoll_events = ev.events;
        epoll_ctl(epfd_, EPOLL_CTL_ADD, fd, &ev);
    }
}

/// The per-address connection limit. A refused plain-HTTP client is told
/// why (429) before the socket closes; a TLS one is only closed.
bool EventLoop::admit(int fd, const net::IpAddress& peer, bool tls) {
    if (per_address_.admit(peer)) return true;
    pipeline_.counters().local().refusal(metrics::Refusal::TooManyConnections);
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
        for (const auto& l : listeners_) {
            epoll_event ev{};
            ev.data.u64 = kListenerTag | static_cast<uint64_t>(&l - listeners_.data());
            epoll_ctl(epfd_, EPOLL_CTL_MOD, l.fd, &ev);  // no events: asleep, still registered
        }
    }
    accept_paused_until_ms_ = monotonicMillis() + kAcceptPauseMs;
    ++fd_pauses_since_warning_;
    int64_t now = monotonicSeconds();
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
    for (size_t i = 0; i < listeners_.size(); ++i) {
        epoll_event ev{};
        ev.events = EPOLLIN;
        ev.data.u64 = kListenerTag | i;
        epoll_ctl(epfd_, EPOLL_CTL_MOD, listeners_[i].fd, &ev);
    }
}

void EventLoop::onConnection(int fd, uint32_t events) {
    if (static_cast<size_t>(fd) >= conns_.size() || !conns_[static_cast<size_t>(fd)]) return;
    HttpConnection& c = *conns_[static_cast<size_t>(fd)];
    if (c.awaiting_worker) {
        // The worker still holds this connection's buffer; a hang-up is dealt
        // with once the answer comes back.
        if (events & (EPOLLHUP | EPOLLERR)) c.close_after_write = true;
        // Parked for the counters, the socket stayed in the set: out now, so a
        // level-triggered event does not wake the loop again until the answer.
        if (c.awaiting_meter) unwatch(c);
        return;
    }
    if (events & EPOLLOUT) {
        if (c.hasPendingOutput()) {
            bool was_full = c.pendingOutput() >= kMaxPendingOutput;
            flush(c);
            if (!conns_[static_cast<size_t>(fd)]) return;
            // Requests that arrived while the client was not reading are still buffered.
            if (was_full && c.pendingOutput() < kMaxPendingOutput) serve(c);
            if (!conns_[static_cast<size_t>(fd)]) return;
        }
    }
    // Read on input, on hang-up (to see it), and when TLS waited for writability
    // to go on reading; not while the client leaves its answers unread.
    bool readable = events & (EPOLLIN | EPOLLHUP | EPOLLERR | EPOLLRDHUP);
    bool tls_resume = (events & EPOLLOUT) && c.wantsWrite();
    if ((readable || tls_resume) && !c.close_after_write && c.pendingOutput() < kMaxPendingOutput) {
        auto io = c.readSome();
        if (io == HttpConnection::Io::Closed) {
            close(fd);
            return;
        }
        if (io == HttpConnection::Io::Progress || c.midRequest())
            serve(c);
        else
            watch(c);
    }
}

void EventLoop::serve(HttpConnection& c) {
    const int fd = c.fd();
    while (!c.awaiting_worker && !c.close_after_write && c.pendingOutput() < kMaxPendingOutput) {
        auto parsed = c.parse();
        if (parsed == HttpConnection::Parse::NeedMore) break;
        if (parsed == HttpConnection::Parse::Error) {
            pipeline::Exchange ex;
            c.describe(ex.request);
            pipeline_.rejectUnparsed(ex, c.errorStatus(), c.errorToken(), c.errorMessage());
            writeResponse(ex, false, c.output());
            c.close_after_write = true;
            break;
        }
        if (!startExchange(c)) break;  // handed to a worker
    }
    flush(c);
    (void)fd;
}

/// Begins the parsed request; answers it here unless it goes to a worker.
/// Returns false when a worker took it.
bool EventLoop::startExchange(HttpConnection& c) {
    c.exchange = std::make_unique<pipeline::Exchange>();
    auto& ex = *c.exchange;
    c.describe(ex.request);
    // Shared counters answer from their own thread: back to this loop, as a worker does.
    if (pipeline_.countsShared()) ex.wake = [this, fd = c.fd(), gen = c.generation()] { post(fd, gen); };
    return proceed(c, pipeline_.begin(ex));
}

/// Carries the exchange on from `next`: parks it for the shared counters,
/// handles it here or hands it to a worker. Returns false when it waits.
bool EventLoop::proceed(HttpConnection& c, pipeline::Pipeline::Next next) {
    auto& ex = *c.exchange;
    if (next == pipeline::Pipeline::Next::AwaitMeter) {
        c.awaiting_worker = true;  // kept open and unswept, as for a worker
        c.awaiting_meter = true;
        // The socket stays in the epoll set (taken out only if it stirs before
        // the answer, see onConnection): the answer comes within a round trip,
        // and two epoll_ctl calls a request cost more than the count itself.
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

/// Starts the connection's exchange on a worker fiber. False when it cannot:
/// the caller already holds its limit of slow requests (the response is then
/// a 429) or the workers are full (the caller answers 503).
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
    c.awaiting_worker = true;
    c.holds_slow_slot = true;
    c.ticket = std::move(ticket);
    watch(c);
    return true;
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
    pipeline_.counters().local().refusal(metrics::Refusal::Overloaded);
    r = {};
    r.addHeader("Retry-After", "1");
    pipeline::writeError(r, 503, "overloaded", "the server is saturated; retry shortly");
}

void EventLoop::writeTooManySlow(pipeline::HttpResponse& r, unsigned limit) {
    pipeline_.counters().local().refusal(metrics::Refusal::TooManyConcurrent);
    r.addHeader("Retry-After", "1");
    pipeline::writeError(r, 429, "too_many_concurrent",
                         "this address already has " + std::to_string(limit) +
                             " requests waiting on upstreams; retry when one of them is answered");
}

void EventLoop::releaseSlowSlot(HttpConnection& c) {
    if (!c.holds_slow_slot) return;
    c.holds_slow_slot = false;
    if (c.exchange) slow_per_caller_.release(c.exchange->caller_block);
}

/// Answers 503 a request still waiting for a worker at the end of its budget.
void EventLoop::expireQueued(HttpConnection& c, int64_t now_us) {
    if (!c.ticket || now_us < c.ticket->startBy() || !c.ticket->expire()) return;
    releaseSlowSlot(c);
    c.awaiting_worker = false;
    c.ticket.reset();
    writeOverloaded(c.exchange->response);
    bool hung_up = c.close_after_write;
    respond(c, *c.exchange);
    if (hung_up) {
        close(c.fd());
        return;
    }
    serve(c);
}

void EventLoop::respond(HttpConnection& c, pipeline::Exchange& ex) {
    pipeline_.finish(ex);
    bool keep = c.keepAlive() && !ex.response.close && !stopping_;
    writeResponse(ex, keep, c.output());
    c.exchange.reset();
    c.consumeRequest();
    if (!keep) c.close_after_write = true;
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

void EventLoop::onWorkerDone() {
    uint64_t count;
    [[maybe_unused]] ssize_t n = ::read(wakefd_, &count, sizeof count);
    std::vector<std::pair<int, uint64_t>> done;
    {
        std::lock_guard<std::mutex> lock(done_mu_);
        done.swap(done_);
    }
    for (auto [fd, gen] : done) {
        if (static_cast<size_t>(fd) >= conns_.size()) continue;
        auto& slot = conns_[static_cast<size_t>(fd)];
        if (!slot || slot->generation() != gen || !slot->exchange) continue;
        HttpConnection& c = *slot;
        if (c.awaiting_meter) {
            // The shared counters answered: the stages after metering, here.
            c.awaiting_meter = false;
            c.awaiting_worker = false;
            const bool hung_up = c.close_after_write;
            if (!proceed(c, pipeline_.resume(*c.exchange))) continue;  // on a worker now
            if (hung_up) {
                close(fd);
                continue;
            }
            serve(c);
            continue;
        }
        releaseSlowSlot(c);
        c.awaiting_worker = false;
        c.ticket.reset();
        bool hung_up = c.close_after_write;
        respond(c, *c.exchange);
        if (hung_up) {
            close(fd);
            continue;
        }
        serve(c);  // pipelined requests waiting behind this one
    }
}

void EventLoop::flush(HttpConnection& c) {
    const int fd = c.fd();
    if (c.hasPendingOutput() && c.flush() == HttpConnection::Io::Closed) {
        close(fd);
        return;
    }
    if (!c.hasPendingOutput() && c.close_after_write) {
        close(fd);
        return;
    }
    watch(c);
}

/// Registers what the connection now waits for. While a worker holds it the
/// socket leaves the set: a level-triggered hang-up would otherwise wake the
/// loop again and again until the answer is back.
void EventLoop::watch(HttpConnection& c) {
    // Parked for the counters: left as it is (see proceed and onConnection).
    if (c.awaiting_meter) return;
    uint32_t want = 0;
    if (!c.awaiting_worker) {
        // RDHUP only with IN: a level-triggered half-close we are not reading
        // for would wake the loop again and again.
        if (!c.close_after_write && c.pendingOutput() < kMaxPendingOutput) want |= EPOLLIN | EPOLLRDHUP;
        if (c.hasPendingOutput() || c.wantsWrite()) want |= EPOLLOUT;
    }
    if (want == c.epoll_events) return;
    epoll_event ev{};
    ev.events = want;
    ev.data.u64 = static_cast<uint64_t>(c.fd());
    int op = want == 0 ? EPOLL_CTL_DEL : c.epoll_events == 0 ? EPOLL_CTL_ADD : EPOLL_CTL_MOD;
    epoll_ctl(epfd_, op, c.fd(), &ev);
    c.epoll_events = want;
}

void EventLoop::unwatch(HttpConnection& c) {
    if (c.epoll_events == 0) return;
    epoll_ctl(epfd_, EPOLL_CTL_DEL, c.fd(), nullptr);
    c.epoll_events = 0;
}

void EventLoop::close(int fd) {
    auto& slot = conns_[static_cast<size_t>(fd)];
    if (!slot || slot->awaiting_worker) return;
    if (slot->epoll_events) epoll_ctl(epfd_, EPOLL_CTL_DEL, fd, nullptr);
    per_address_.release(slot->peer());
    slot.reset();  // closes the socket
    --open_;
    pipeline_.counters().local().connectionClosed();
}

void EventLoop::sweep() {
    const int64_t now = monotonicSeconds();
    const int64_t now_us = pipeline::monotonicMicros();
    for (auto& slot : conns_) {
        if (slot && slot->awaiting_worker) expireQueued(*slot, now_us);
        if (!slot || slot->awaiting_worker) continue;
        HttpConnection& c = *slot;
        if (c.headPending() && now - c.headStartedAt() >= static_cast<int64_t>(spec_.header_timeout_s)) {
            pipeline::Exchange ex;
            c.describe(ex.request);
            if (ex.request.method.empty()) ex.request.method = "-";
            pipeline_.rejectUnparsed(ex, 408, "request_timeout", "the request was not completed in time");
            writeResponse(ex, false, c.output());
            c.close_after_write = true;
            flush(c);
        } else if (!c.headPending() && !c.hasPendingOutput() &&
                   now - c.last_activity >= static_cast<int64_t>(spec_.keepalive_timeout_s)) {
            close(c.fd());
        } else if (c.hasPendingOutput() && now - c.last_activity >= static_cast<int64_t>(spec_.keepalive_timeout_s)) {
            close(c.fd());  // the client stopped reading
        }
    }
}

}  // namespace ipfacts::server
