#include "host/ratelimit/RateLimiter.h"

#include <algorithm>
#include <cstring>

namespace ipfacts::ratelimit {

CounterKey RateLimiter::addressKey(size_t class_index, const uint8_t* addr, size_t len) {
    CounterKey k;
    k.bytes[0] = static_cast<uint8_t>(class_index);
    k.bytes[1] = len == 4 ? 4 : 6;
    std::memcpy(k.bytes.data() + 2, addr, len > 16 ? 16 : len);
    return k;
}

CounterKey RateLimiter::identityKey(size_t class_index, std::string_view id) {
    CounterKey k;
    k.bytes[0] = static_cast<uint8_t>(class_index);
    k.bytes[1] = 'k';
    std::memcpy(k.bytes.data() + 2, id.data(), id.size() > 16 ? 16 : id.size());
    return k;
}

RateDecision RateLimiter::take(const CounterKey& key, const manifest::Quota& q, int64_t now_s) {
    if (q.per_minute == 0 && q.per_day == 0 && q.challenge_after == 0) {
        RateDecision d;
        d.unlimited = true;
        return d;
    }
    const size_t hash = CounterKeyHash()(key);
    // The stripe comes from the high bits, the slot within a table from the low ones.
    Stripe& s = stripes_[(hash >> 48) % kStripes];
    int64_t m_count, d_count;
    RateVerdict verdict = RateVerdict::Counted;
    {
        std::lock_guard<std::mutex> lock(s.mu);
        s.roll(now_s / 60, now_s / 86400);
        m_count = s.minute_counts.get(key, hash);
        d_count = s.day_counts.get(key, hash);
        if (q.per_minute && m_count >= q.per_minute) {
            verdict = RateVerdict::MinuteFull;
        } else if (q.per_day && d_count >= q.per_day) {
            verdict = RateVerdict::DayFull;
        } else if (q.challenge_after && d_count >= q.challenge_after) {
            verdict = RateVerdict::ChallengeDue;
        } else {
            // Only what is counted takes a slot: a denied caller adds nothing.
            s.countOne(key, hash, list_changes_, m_count, d_count);
        }
    }
    return decide(q, verdict, m_count, d_count, now_s);
}

RateDecision RateLimiter::decide(const manifest::Quota& q, RateVerdict verdict, int64_t m_count, int64_t d_count,
                                 int64_t now_s) {
    RateDecision d;
    const int64_t minute_end = (now_s / 60 + 1) * 60, day_end = (now_s / 86400 + 1) * 86400;
    d.allowed = verdict == RateVerdict::Counted;
    d.challenge = verdict == RateVerdict::ChallengeDue;
    d.solution_replayed = verdict == RateVerdict::SolutionReplayed;
    d.retry_after_s = verdict == RateVerdict::MinuteFull ? minute_end - now_s : d.allowed ? 0 : day_end - now_s;

    // Report the window closest to exhaustion: the smaller share left.
    const int64_t m_left = q.per_minute ? q.per_minute - m_count : 0;
    // Past challenge_after an anonymous caller is stopped until it proves it is
    // not a bot, so that is the daily figure it can count on.
    int64_t d_limit = q.per_day;
    if (q.challenge_after && (!d_limit || q.challenge_after < d_limit)) d_limit = q.challenge_after;
    const int64_t d_left = d_limit ? d_limit - d_count : 0;
    bool use_minute = q.per_minute && (!d_limit || m_left * d_limit < d_left * q.per_minute);
    if (use_minute) {
        d.limit = q.per_minute, d.remaining = m_left, d.minute_window = true, d.reset_unix = minute_end;
    } else {
        d.limit = d_limit, d.remaining = d_left, d.reset_unix = day_end;
    }
    if (d.remaining < 0) d.remaining = 0;
    d.minute = {q.per_minute, std::max<int64_t>(m_left, 0), minute_end - now_s};
    d.day = {d_limit, std::max<int64_t>(d_left, 0), day_end - now_s};
    return d;
}

bool RateLimiter::exhausted(const CounterKey& key, const manifest::Quota& q, int64_t now_s) {
    const size_t hash = CounterKeyHash()(key);
    Stripe& s = stripes_[(hash >> 48) % kStripes];
    std::lock_guard<std::mutex> lock(s.mu);
    s.roll(now_s / 60, now_s / 86400);
    return (q.per_minute && s.minute_counts.get(key, hash) >= q.per_minute) ||
           (q.per_day && s.day_counts.get(key, hash) >= q.per_day);
}

void RateLimiter::count(const CounterKey& key, int64_t now_s) {
    const size_t hash = CounterKeyHash()(key);
    Stripe& s = stripes_[(hash >> 48) % kStripes];
    std::lock_guard<std::mutex> lock(s.mu);
    s.roll(now_s / 60, now_s / 86400);
    int64_t m_count, d_count;
    s.countOne(key, hash, list_changes_, m_count, d_count);
}

void RateLimiter::Stripe::countOne(const CounterKey& key, size_t hash, bool list, int64_t& m_count, int64_t& d_count) {
    m_count = ++minute_counts.at(key, hash);
    d_count = ++day_counts.at(key, hash);
    if (list && day_counts.markChanged(key, hash)) day_changed.push_back(key);
}

std::vector<DayCount> RateLimiter::takeChangedDayCounts(int64_t now_s, int64_t& day) {
    std::vector<DayCount> out;
    day = now_s / 86400;
    CounterKeyHash hasher;
    for (auto& s : stripes_) {
        std::lock_guard<std::mutex> lock(s.mu);
        s.roll(now_s / 60, day);
        // A stripe a later clock reading has rolled past `day` holds nothing of it.
        if (s.day != day) continue;
        for (const auto& key : s.day_changed) out.push_back({key, s.day_counts.takeChanged(key, hasher(key))});
        s.day_changed.clear();
    }
    return out;
}

void RateLimiter::restoreDayCounts(int64_t day, const std::vector<DayCount>& counts, int64_t now_s) {
    if (day != now_s / 86400) return;
    CounterKeyHash hasher;
    for (const auto& c : counts) {
        const size_t hash = hasher(c.key);
        Stripe& s = stripes_[(hash >> 48) % kStripes];
        std::lock_guard<std::mutex> lock(s.mu);
        s.roll(now_s / 60, day);
        if (s.day != day) continue;
        uint32_t& n = s.day_counts.at(c.key, hash);
        if (c.count > n) n = c.count;
    }
}

void RateLimiter::Stripe::roll(int64_t now_minute, int64_t now_day) {
    // Forward only: a thread that read the clock just before another rolled
    // the window counts into the new one rather than wiping it.
    if (now_minute > minute) minute_counts.clear(), minute = now_minute;
    if (now_day > day) day_counts.clear(), day_changed.clear(), day = now_day;
}

void RateLimiter::purge(int64_t now_s) {
    for (auto& s : stripes_) {
        std::lock_guard<std::mutex> lock(s.mu);
        s.roll(now_s / 60, now_s / 86400);
    }
}

RateLimiter::Usage RateLimiter::usage() const {
    Usage u;
    for (const auto& s : stripes_) {
        std::lock_guard<std::mutex> lock(s.mu);
        u.callers_today += s.day_counts.size();
        u.callers_minute += s.minute_counts.size();
        u.bytes += s.day_counts.bytes() + s.minute_counts.bytes();
    }
    return u;
}

}  // namespace ipfacts::ratelimit
