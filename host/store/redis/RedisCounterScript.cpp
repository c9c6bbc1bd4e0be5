#include "host/store/redis/RedisCounterScript.h"

#include <openssl/evp.h>

#include <algorithm>
#include <charconv>

namespace ipfacts::store {
namespace {

// One call counts a whole batch of asks, in order, as one atomic step in
// Redis (a script runs alone), so each decision is as exact as if it were a
// call of its own, and a batch costs Redis one command instead of one each.
// Per ask, ARGV (five values): per minute, per day, challenge after (0:
// none), the day counter's life in seconds, and the expiry of the challenge
// solution sent with it (0: none sent). Per ask, KEYS (two to four, only
// what the ask needs, so the common request costs two keys): the caller's
// minute counter and day counter; its "solved a bot challenge today" mark
// when a challenge applies or a solution was sent; the solution's replay
// record when one was sent. A minute counter lives 120 s, past the minute's
// end, so a node with a late clock still finds it. Returns one string, three
// integers per ask: the verdict (0 counted, 1 minute full, 2 day full, 3
// challenge due, 4 solution already used) plus 8 when the caller solved a
// challenge today (the challenge threshold then no longer applies), the
// minute count and the day count: what the quota headers need, and one reply
// object to read instead of several per ask. Both counters are incremented
// first and taken back when the request is refused (inside the one atomic
// script, so no other client ever sees the interim count): an admitted
// request, the common case, costs two commands, not four. Nothing is counted
// for a refused request, so a client retrying sooner stays blocked until the
// window ends, exactly as in memory.
constexpr const char* kScript = R"lua(
local function one(mk, dk, sk, rk, a)
  local ca = tonumber(ARGV[a + 3])
  if rk then
    if not redis.call('SET', rk, '1', 'NX', 'EXAT', ARGV[a + 5]) then return 4, 0, 0 end
    redis.call('SET', sk, '1', 'EX', ARGV[a + 4])
  end
  local solved = 0
  if ca > 0 and redis.call('EXISTS', sk) == 1 then ca, solved = 0, 8 end
  local pm, pd = tonumber(ARGV[a + 1]), tonumber(ARGV[a + 2])
  local m = redis.call('INCR', mk)
  if m == 1 then redis.call('EXPIRE', mk, 120) end
  local d = redis.call('INCR', dk)
  if d == 1 then redis.call('EXPIRE', dk, ARGV[a + 4]) end
  local v = 0
  if pm > 0 and m > pm then v = 1
  elseif pd > 0 and d > pd then v = 2
  elseif ca > 0 and d > ca then v = 3 end
  if v == 0 then return solved, m, d end
  redis.call('DECR', mk)
  redis.call('DECR', dk)
  return v + solved, m - 1, d - 1
end
local out, k = {}, 1
for a = 0, #ARGV - 1, 5 do
  local mk, dk, sk, rk = KEYS[k], KEYS[k + 1], nil, nil
  k = k + 2
  local sent = ARGV[a + 5] ~= '0'
  if sent or ARGV[a + 3] ~= '0' then sk, k = KEYS[k], k + 1 end
  if sent then rk, k = KEYS[k], k + 1 end
  local v, m, d = one(mk, dk, sk, rk, a)
  out[#out + 1] = string.format('%d %d %d', v, m, d)
end
return table.concat(out, ' ')
)lua";

std::string sha1Hex(const char* text) {
    static const char* digits = "0123456789abcdef";
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    EVP_Digest(text, std::char_traits<char>::length(text), digest, &len, EVP_sha1(), nullptr);
    std::string out;
    for (unsigned i = 0; i < len; ++i) out += digits[digest[i] >> 4], out += digits[digest[i] & 0xf];
    return out;
}

/// Writes RESP by hand: "*<n>\r\n" then each argument as "$<len>\r\n<bytes>\r\n".
class RespWriter {
public:
    explicit RespWriter(std::string& out) : out_(out) {}
    void array(size_t n) { out_ += '*', number(int64_t(n)), out_ += "\r\n"; }
    void arg(std::string_view s) { head(s.size()), out_.append(s), out_ += "\r\n"; }
    void arg(int64_t v) {
        char buf[24];
        auto end = std::to_chars(buf, buf + sizeof buf, v).ptr;
        arg(std::string_view(buf, size_t(end - buf)));
    }
    /// `<tag><rest>`: one key of the caller whose tag is `tag`.
    void key(std::string_view tag, std::string_view rest) {
        head(tag.size() + rest.size()), out_.append(tag), out_.append(rest), out_ += "\r\n";
    }

private:
    void head(size_t len) { out_ += '$', number(int64_t(len)), out_ += "\r\n"; }
    void number(int64_t v) {
        char buf[24];
        auto end = std::to_chars(buf, buf + sizeof buf, v).ptr;
        out_.append(buf, size_t(end - buf));
    }
    std::string& out_;
};

/// `<prefix>{<caller>}`, the start of each of a caller's keys. The caller (its
/// kind and identity, not the rate class) in braces is a cluster hash tag: all
/// of one caller's keys share a slot, so one script call may touch them all.
std::string_view callerTag(const std::string& prefix, const ratelimit::CounterKey& who, std::string& buf) {
    static const char* digits = "0123456789abcdef";
    buf.resize(prefix.size() + 2 + (who.bytes.size() - 1) * 2);
    char* p = std::copy(prefix.begin(), prefix.end(), buf.data());
    *p++ = '{';
    for (size_t i = 1; i < who.bytes.size(); ++i) *p++ = digits[who.bytes[i] >> 4], *p++ = digits[who.bytes[i] & 0xf];
    *p = '}';
    return buf;
}

/// `<class>:<window><number>`: the rest of the key of a caller's counter of one rate class.
std::string_view classCounter(const ratelimit::CounterKey& who, char window, int64_t number, char (&buf)[48]) {
    char* p = std::to_chars(buf, buf + 4, int(who.bytes[0])).ptr;
    *p++ = ':', *p++ = window, *p++ = ':';
    p = std::to_chars(p, buf + sizeof buf, number).ptr;
    return std::string_view(buf, size_t(p - buf));
}

bool nextNumber(std::string_view& text, int64_t& v) {
    while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc()) return false;
    text.remove_prefix(size_t(end - text.data()));
    return true;
}

}  // namespace

const char* counterScript() { return kScript; }

const std::string& counterScriptSha() {
    static const std::string sha = sha1Hex(kScript);
    return sha;
}

std::string counterScriptLoad() {
    std::string out;
    RespWriter w(out);
    w.array(3), w.arg("SCRIPT"), w.arg("LOAD"), w.arg(kScript);
    return out;
}

namespace {

/// The keys ask `a` names: its minute and day counters, then its solved mark
/// when a challenge applies or a solution was sent, and the solution's replay record.
size_t keysOf(const CounterAsk& a) {
    const bool sent = !a.pass.signature.empty();
    return 2 + (sent || a.quota.challenge_after ? 1 : 0) + (sent ? 1 : 0);
}

}  // namespace

void appendCounterCall(std::string& out, const std::string& prefix, const CounterAsk* asks, size_t n) {
    size_t keys = 0;
    for (size_t i = 0; i < n; ++i) keys += keysOf(asks[i]);
    out.reserve(out.size() + 64 + keys * (prefix.size() + 64) + n * 48);
    RespWriter w(out);
    w.array(3 + keys + n * 5);
    w.arg("EVALSHA"), w.arg(counterScriptSha()), w.arg(int64_t(keys));
    std::string tag_buf;
    char rest[48];
    for (size_t i = 0; i < n; ++i) {
        const CounterAsk& a = asks[i];
        const int64_t day = a.now_s / 86400;
        const std::string_view tag = callerTag(prefix, a.key, tag_buf);
        w.key(tag, classCounter(a.key, 'm', a.now_s / 60, rest));
        w.key(tag, classCounter(a.key, 'd', day, rest));
        if (keysOf(a) > 2) w.key(tag, classCounter(a.key, 's', day, rest));
        // The replay record sits with its caller (a solution is bound to the
        // caller's address block), in no rate class: a solution counts once.
        if (keysOf(a) > 3) w.key(tag, "r:" + a.pass.signature);
    }
    for (size_t i = 0; i < n; ++i) {
        const CounterAsk& a = asks[i];
        const int64_t day_life = (a.now_s / 86400 + 1) * 86400 - a.now_s + 3600;  // past the day's end
        w.arg(a.quota.per_minute), w.arg(a.quota.per_day), w.arg(a.quota.challenge_after), w.arg(day_life);
        w.arg(a.pass.signature.empty() ? 0 : a.pass.expires_unix);
    }
}

bool readCounterReply(std::string_view reply, const CounterAsk* asks, size_t n,
                      std::vector<ratelimit::RateDecision>& out) {
    out.clear();
    out.reserve(n);
    for (size_t i = 0; i < n; ++i) {
        int64_t v, m, d;
        if (!nextNumber(reply, v) || !nextNumber(reply, m) || !nextNumber(reply, d) || v < 0 || (v & 7) > 4)
            return false;
        manifest::Quota quota = asks[i].quota;
        if (v & 8) quota.challenge_after = 0;  // solved today: the threshold no longer applies
        out.push_back(
            ratelimit::RateLimiter::decide(quota, static_cast<ratelimit::RateVerdict>(v & 7), m, d, asks[i].now_s));
    }
    return reply.find_first_not_of(' ') == std::string_view::npos;
}

}  // namespace ipfacts::store
