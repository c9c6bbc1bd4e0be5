#include "host/ratelimit/LocalWindowTally.h"

#include <algorithm>
#include <functional>

namespace ipfacts::ratelimit {

LocalWindowTally::Stripe& LocalWindowTally::stripeOf(const std::string& scope) {
    return stripes_[std::hash<std::string>()(scope) % kStripes];
}

std::string LocalWindowTally::nameOf(const std::string& scope, const TallyLimit& l) {
    // A NUL cannot occur in the parts (addresses, hex, names): the joins are unambiguous.
    std::string name = scope;
    name += '\0';
    name += l.key;
    name += '\0';
    name += std::to_string(l.window_s);
    name += l.sliding ? 's' : 'f';
    return name;
}

int64_t LocalWindowTally::countAt(Window& w, const TallyLimit& l, int64_t now_s) {
    if (l.sliding) {
        while (!w.times.empty() && w.times.front() <= now_s - l.window_s) w.times.pop_front();
        return static_cast<int64_t>(w.times.size());
    }
    // Forward only: a take with an older clock reading counts into the newer window.
    const int64_t index = now_s / l.window_s;
    if (index > w.index) w.index = index, w.count = 0;
    return w.count;
}

int64_t LocalWindowTally::retryAfter(const Window& w, const TallyLimit& l, int64_t now_s) {
    if (!l.sliding) return (w.index + 1) * l.window_s - now_s;
    // Until the event that makes the window full leaves it.
    const size_t oldest_needed = w.times.size() - static_cast<size_t>(l.limit);
    return w.times[oldest_needed] + l.window_s - now_s;
}

TallyAnswer LocalWindowTally::take(const std::string& scope, const std::vector<TallyLimit>& limits, int64_t now_s) {
    TallyAnswer a;
    a.at_s = now_s;
    a.counts.resize(limits.size());
    Stripe& s = stripeOf(scope);
    std::lock_guard<std::mutex> lock(s.mu);
    std::vector<Window*> windows;
    windows.reserve(limits.size());
    for (size_t i = 0; i < limits.size(); ++i) {
        Window& w = s.windows[nameOf(scope, limits[i])];
        windows.push_back(&w);
        a.counts[i] = countAt(w, limits[i], now_s);
        if (a.counted && limits[i].limit && a.counts[i] >= limits[i].limit) {
            a.counted = false;
            a.refused_by = i;
            a.retry_after_s = retryAfter(w, limits[i], now_s);
        }
    }
    if (!a.counted) return a;
    for (size_t i = 0; i < limits.size(); ++i) {
        if (limits[i].sliding)
            windows[i]->times.push_back(now_s);
        else
            ++windows[i]->count;
        ++a.counts[i];
    }
    return a;
}

bool LocalWindowTally::full(const std::string& scope, const std::vector<TallyLimit>& limits, int64_t now_s) {
    Stripe& s = stripeOf(scope);
    std::lock_guard<std::mutex> lock(s.mu);
    for (const auto& l : limits) {
        if (!l.limit) continue;
        auto it = s.windows.find(nameOf(scope, l));
        if (it != s.windows.end() && countAt(it->second, l, now_s) >= l.limit) return true;
    }
    return false;
}

void LocalWindowTally::giveBack(const std::string& scope, const std::vector<TallyLimit>& limits,
                                const TallyAnswer& taken) {
    if (!taken.counted) return;
    Stripe& s = stripeOf(scope);
    std::lock_guard<std::mutex> lock(s.mu);
    for (const auto& l : limits) {
        auto it = s.windows.find(nameOf(scope, l));
        if (it == s.windows.end()) continue;
        Window& w = it->second;
        if (l.sliding) {
            auto t = std::find(w.times.rbegin(), w.times.rend(), taken.at_s);
            if (t != w.times.rend()) w.times.erase(std::next(t).base());
        } else if (w.index == taken.at_s / l.window_s && w.count > 0) {
            --w.count;
        }
    }
}

void LocalWindowTally::learn(const std::string& scope, const std::vector<TallyLimit>& limits,
                             const std::vector<int64_t>& counts, int64_t now_s) {
    Stripe& s = stripeOf(scope);
    std::lock_guard<std::mutex> lock(s.mu);
    for (size_t i = 0; i < limits.size() && i < counts.size(); ++i) {
        if (limits[i].sliding) continue;
        Window& w = s.windows[nameOf(scope, limits[i])];
        if (countAt(w, limits[i], now_s) < counts[i]) w.count = counts[i];
    }
}

void LocalWindowTally::purge(int64_t now_s) {
    for (auto& s : stripes_) {
        std::lock_guard<std::mutex> lock(s.mu);
        for (auto it = s.windows.begin(); it != s.windows.end();) {
            // The window's length is the digits before the kind letter at the name's end.
            const std::string& name = it->first;
            const size_t digits = name.rfind('\0') + 1;
            const TallyLimit l{"", std::stoll(name.substr(digits, name.size() - 1 - digits)), 0, name.back() == 's'};
            Window& w = it->second;
            const bool empty = countAt(w, l, now_s) == 0;
            it = empty ? s.windows.erase(it) : std::next(it);
        }
    }
}

size_t LocalWindowTally::size() const {
    size_t n = 0;
    for (const auto& s : stripes_) {
        std::lock_guard<std::mutex> lock(s.mu);
        n += s.windows.size();
    }
    return n;
}

}  // namespace ipfacts::ratelimit
