#include "host/store/redis/RedisLoopLink.h"

#include <hiredis/async.h>
#include <hiredis/hiredis.h>
#include <spdlog/spdlog.h>
#include <sys/epoll.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace ipfacts::store {
namespace {

constexpr int64_t kFirstBackoffMs = 100;

RedisLoopLink* linkOf(const redisAsyncContext* ac) { return static_cast<RedisLoopLink*>(ac->data); }

}  // namespace

RedisLoopLink::RedisLoopLink(RedisLoopLinkOptions options, const ratelimit::LoopSeat& seat, std::string greeting,
                             OnReply on_reply)
    : options_(std::move(options)), seat_(seat), greeting_(std::move(greeting)), on_reply_(std::move(on_reply)) {}

RedisLoopLink::~RedisLoopLink() {
    deadlines_.clear();  // nobody is left to answer
    if (redisAsyncContext* ac = ac_) {
        ac_ = nullptr;
        redisAsyncFree(ac);
    }
}

int64_t RedisLoopLink::nowMs() const { return seat_.clock->monotonicMicros() / 1000; }

bool RedisLoopLink::mayTry() const { return ac_ || nowMs() >= retry_at_ms_; }

bool RedisLoopLink::connect() {
    redisAsyncContext* ac = redisAsyncConnect(options_.host.c_str(), options_.port);
    if (!ac || ac->err) {
        std::string why = ac ? ac->errstr : "out of memory";
        if (ac) redisAsyncFree(ac);
        ac_ = nullptr;
        lost(why.c_str());
        return false;
    }
    ac->data = this;
    ac->ev.data = this;
    ac->ev.addRead = addRead;
    ac->ev.delRead = delRead;
    ac->ev.addWrite = addWrite;
    ac->ev.delWrite = delWrite;
    ac->ev.cleanup = cleanup;
    redisAsyncSetConnectCallback(ac, connected);
    redisAsyncSetDisconnectCallback(ac, disconnected);
    ac_ = ac;
    fd_ = ac->c.fd;
    want_ = EPOLLIN | EPOLLOUT;  // writable: the connect completed (or failed)
    // The greeting's reply is not waited for: the command behind it fails if it failed.
    if (!greeting_.empty()) redisAsyncFormattedCommand(ac, nullptr, nullptr, greeting_.data(), greeting_.size());
    return true;
}

bool RedisLoopLink::send(const std::string& command) {
    if (!ac_ && (!mayTry() || !connect())) return false;
    if (redisAsyncFormattedCommand(ac_, replied, nullptr, command.data(), command.size()) != REDIS_OK) return false;
    deadlines_.push_back(nowMs() + options_.timeout_ms);
    return true;
}

void RedisLoopLink::flush() {
    // Written now, not on the next round's writable event: the round's asks
    // go out at the end of the round that made them.
    if (ac_ && (ac_->c.flags & REDIS_CONNECTED)) redisAsyncHandleWrite(ac_);
    watchAsWanted();
}

void RedisLoopLink::ready(uint32_t events) {
    redisAsyncContext* ac = ac_;
    if (ac && (events & (EPOLLIN | EPOLLERR | EPOLLHUP))) redisAsyncHandleRead(ac);
    // Read may have ended the connection (freed by hiredis: ac_ is null then).
    if (ac_ && ac_ == ac && (events & EPOLLOUT)) redisAsyncHandleWrite(ac);
    watchAsWanted();
}

void RedisLoopLink::tick() {
    if (deadlines_.empty() || nowMs() < deadlines_.front()) return;
    reset("no reply in time");
}

void RedisLoopLink::reset(const char* why) {
    redisAsyncContext* ac = ac_;
    if (!ac) return;
    lost(why);
    redisAsyncFree(ac);  // inside a reply callback hiredis frees it once the callback returns
    watchAsWanted();
}

void RedisLoopLink::lost(const char* why) {
    ac_ = nullptr;
    failWaiting();
    if (!down_)
        spdlog::warn(
            "rate counters: redis {}:{}: {}; counting on this node meanwhile (X-RateLimit-Policy: unavailable)",
            options_.host, options_.port, why);
    down_ = true;
    backoff_ms_ = backoff_ms_ ? std::min<int64_t>(backoff_ms_ * 2, options_.retry_ms) : kFirstBackoffMs;
    retry_at_ms_ = nowMs() + backoff_ms_;
}

void RedisLoopLink::failWaiting() {
    std::deque<int64_t> waiting;
    waiting.swap(deadlines_);
    for (size_t i = 0; i < waiting.size(); ++i) on_reply_(nullptr);
}

void RedisLoopLink::replied(redisAsyncContext* ac, void* reply, void*) {
    RedisLoopLink& self = *linkOf(ac);
    // Null while hiredis frees a connection this link already counted as lost.
    if (self.deadlines_.empty() || ac != self.ac_) return;
    self.deadlines_.pop_front();
    if (reply && self.down_) {
        spdlog::info("rate counters: redis {}:{} answers again; shared counting resumes", self.options_.host,
                     self.options_.port);
        self.down_ = false;
    }
    if (reply) self.backoff_ms_ = 0;
    self.on_reply_(static_cast<const redisReply*>(reply));
}

void RedisLoopLink::connected(const redisAsyncContext* ac, int status) {
    if (status != REDIS_OK && linkOf(ac)->ac_ == ac) linkOf(ac)->lost(ac->errstr[0] ? ac->errstr : "cannot connect");
}

void RedisLoopLink::disconnected(const redisAsyncContext* ac, int) {
    if (linkOf(ac)->ac_ == ac) linkOf(ac)->lost(ac->errstr[0] ? ac->errstr : "connection closed");
}

void RedisLoopLink::addRead(void* self) { static_cast<RedisLoopLink*>(self)->want_ |= EPOLLIN; }
void RedisLoopLink::delRead(void* self) { static_cast<RedisLoopLink*>(self)->want_ &= ~uint32_t(EPOLLIN); }
void RedisLoopLink::addWrite(void* self) { static_cast<RedisLoopLink*>(self)->want_ |= EPOLLOUT; }
void RedisLoopLink::delWrite(void* self) { static_cast<RedisLoopLink*>(self)->want_ &= ~uint32_t(EPOLLOUT); }

/// hiredis closes the socket next: out of the epoll set now, while the descriptor is still ours.
void RedisLoopLink::cleanup(void* self) {
    RedisLoopLink& link = *static_cast<RedisLoopLink*>(self);
    if (link.fd_ >= 0 && link.watching_) epoll_ctl(link.seat_.epoll_fd, EPOLL_CTL_DEL, link.fd_, nullptr);
    link.fd_ = -1;
    link.want_ = link.watching_ = 0;
}

void RedisLoopLink::watchAsWanted() {
    if (fd_ < 0 || want_ == watching_) return;
    epoll_event ev{};
    ev.events = want_;
    ev.data.u64 = seat_.tag;
    const int op = want_ == 0 ? EPOLL_CTL_DEL : watching_ == 0 ? EPOLL_CTL_ADD : EPOLL_CTL_MOD;
    if (epoll_ctl(seat_.epoll_fd, op, fd_, &ev) != 0) {
        spdlog::error("rate counters: epoll_ctl on the redis socket: {}", std::strerror(errno));
        reset("cannot watch the socket");
        return;
    }
    watching_ = want_;
}

}  // namespace ipfacts::store
