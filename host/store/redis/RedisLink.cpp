#include "host/store/redis/RedisLink.h"

#include <hiredis/hiredis.h>

namespace ipfacts::store {
namespace {

RedisReply convert(const redisReply* r) {
    RedisReply out;
    switch (r->type) {
        case REDIS_REPLY_INTEGER:
            out.type = RedisReply::Type::Integer;
            out.integer = r->integer;
            break;
        case REDIS_REPLY_STRING:
        case REDIS_REPLY_STATUS:
            out.type = RedisReply::Type::String;
            out.text.assign(r->str, r->len);
            break;
        case REDIS_REPLY_ERROR:
            out.type = RedisReply::Type::Error;
            out.text.assign(r->str, r->len);
            break;
        case REDIS_REPLY_ARRAY:
            out.type = RedisReply::Type::Array;
            for (size_t i = 0; i < r->elements; ++i) out.elements.push_back(convert(r->element[i]));
            break;
        case REDIS_REPLY_NIL:
            break;
        default:
            out.type = RedisReply::Type::Other;
    }
    return out;
}

timeval toTimeval(int ms) { return timeval{ms / 1000, (ms % 1000) * 1000}; }

}  // namespace

RedisReply toRedisReply(const redisReply& r) { return convert(&r); }

RedisLink::RedisLink(std::string host, int port, int timeout_ms)
    : host_(std::move(host)), port_(port), timeout_ms_(timeout_ms) {}

RedisLink::~RedisLink() { close(); }

void RedisLink::close() {
    if (ctx_) redisFree(ctx_);
    ctx_ = nullptr;
}

void RedisLink::connect() {
    redisContext* c = redisConnectWithTimeout(host_.c_str(), port_, toTimeval(timeout_ms_));
    if (!c || c->err) {
        std::string why = c ? c->errstr : "out of memory";
        if (c) redisFree(c);
        throw RedisDown("redis " + host_ + ":" + std::to_string(port_) + ": " + why);
    }
    redisSetTimeout(c, toTimeval(timeout_ms_));
    ctx_ = c;
}

std::vector<RedisReply> RedisLink::run(const std::vector<Command>& batch) {
    send(batch);
    return receive(batch.size());
}

void RedisLink::send(const std::vector<Command>& batch) {
    if (!ctx_) connect();
    std::vector<const char*> argv;
    std::vector<size_t> lens;
    for (const auto& cmd : batch) {
        argv.clear();
        lens.clear();
        for (const auto& a : cmd) argv.push_back(a.data()), lens.push_back(a.size());
        if (redisAppendCommandArgv(ctx_, static_cast<int>(argv.size()), argv.data(), lens.data()) != REDIS_OK) {
            close();
            throw RedisDown("redis: cannot queue a command");
        }
    }
    flush();
}

void RedisLink::sendWire(const std::string& wire) {
    if (!ctx_) connect();
    if (redisAppendFormattedCommand(ctx_, wire.data(), wire.size()) != REDIS_OK) {
        close();
        throw RedisDown("redis: cannot queue a command");
    }
    flush();
}

void RedisLink::flush() {
    // Write it all now: the server works on it while the caller writes to others.
    int done = 0;
    while (!done) {
        if (redisBufferWrite(ctx_, &done) != REDIS_OK) {
            std::string why = ctx_->errstr[0] ? ctx_->errstr : "write failed";
            close();
            throw RedisDown("redis " + host_ + ":" + std::to_string(port_) + ": " + why);
        }
    }
}

std::vector<RedisReply> RedisLink::receive(size_t count) {
    if (!ctx_) throw RedisDown("redis " + host_ + ":" + std::to_string(port_) + ": not connected");
    std::vector<RedisReply> replies;
    replies.reserve(count);
    for (size_t i = 0; i < count; ++i) {
        void* raw = nullptr;
        if (redisGetReply(ctx_, &raw) != REDIS_OK || !raw) {
            std::string why = ctx_->errstr[0] ? ctx_->errstr : "no reply";
            close();
            throw RedisDown("redis " + host_ + ":" + std::to_string(port_) + ": " + why);
        }
        replies.push_back(convert(static_cast<redisReply*>(raw)));
        freeReplyObject(raw);
    }
    return replies;
}

}  // namespace ipfacts::store
