#include "RdapClient.h"

#include "FollowPolicy.h"

#include <algorithm>
#include <ctime>

namespace ipfacts::rdap {
namespace {

const char* kAccept = "application/rdap+json, application/json;q=0.8";

int secondsToUtcMidnight(int64_t nowMs) {
    const int64_t s = nowMs / 1000;
    return static_cast<int>(86400 - s % 86400);
}

}  // namespace

std::string resolveUrl(const std::string& base, const std::string& location) {
    if (location.find("://") != std::string::npos) return location;
    const size_t scheme = base.find("://");
    if (location.rfind("//", 0) == 0) return base.substr(0, scheme + 1) + location;
    const size_t pathStart = base.find('/', scheme + 3);
    const std::string origin = pathStart == std::string::npos ? base : base.substr(0, pathStart);
    if (!location.empty() && location[0] == '/') return origin + location;
    const size_t lastSlash = base.rfind('/');
    return (lastSlash != std::string::npos && lastSlash > scheme + 2 ? base.substr(0, lastSlash + 1) : origin + "/") +
           location;
}

int retryAfterSeconds(const std::string& value, int64_t nowMs, int fallback) {
    if (!value.empty() && value.size() < 10 && value.find_first_not_of("0123456789") == std::string::npos)
        return std::clamp(std::stoi(value), 1, 86400);
    std::tm t{};
    if (strptime(value.c_str(), "%a, %d %b %Y %H:%M:%S GMT", &t)) {
        const int64_t at = timegm(&t);
        return static_cast<int>(std::clamp<int64_t>(at - nowMs / 1000, 1, 86400));
    }
    return fallback;
}

RdapFetch fetchRdap(const Host& host, const std::string& url, const RdapFetchLimits& limits,
                    const Bootstrap& configured) {
    RdapFetch f;
    std::string next = url;
    for (int hop = 0;; ++hop) {
        if (std::find(f.hops.begin(), f.hops.end(), next) != f.hops.end()) {
            f.outcome = RdapFetch::Outcome::Loop;
            f.error = "redirect loop: " + next + " was already asked";
            return f;
        }
        if (hop > limits.maxRedirects) {
            f.outcome = RdapFetch::Outcome::Loop;
            f.error = "more than " + std::to_string(limits.maxRedirects) + " redirects between registries";
            return f;
        }
        f.hops.push_back(next);
        f.url = next;
        HttpCall call;
        call.url = next;
        call.headers = {HttpHeader{"Accept", kAccept}};
        call.timeout_ms = limits.timeoutMs;
        call.max_body_bytes = limits.maxBodyBytes;
        call.max_redirects = 0;  // each hop is ours: guarded, budgeted and checked for loops
        HttpReplies replies = host.fetchAll({call});
        if (!replies.ok()) {
            f.error = std::string(replies.reason());
            return f;
        }
        HttpReplyView r = replies.front();
        f.status = r.status();
        if (!r.ok()) {
            const std::string why(r.error());
            if (why.rfind("budget:", 0) == 0) {
                f.outcome = RdapFetch::Outcome::RateLimited;
                f.ourBudget = true;
                f.retryAfterS = why.find("a minute") != std::string::npos ? 60 : secondsToUtcMidnight(host.nowMs());
            }
            f.error = why;
            return f;
        }
        if (f.status >= 300 && f.status < 400) {
            auto location = r.header("location");
            if (!location || location->empty()) {
                f.error = "redirect " + std::to_string(f.status) + " without a Location";
                return f;
            }
            next = resolveUrl(next, std::string(*location));
            if (const std::string why = followRefusal(next, configured); !why.empty()) {
                f.error = "it redirected to " + next + ", not followed: " + why;
                return f;
            }
            continue;
        }
        if (f.status == 200) {
            f.outcome = RdapFetch::Outcome::Found;
            f.body = std::string(r.body());
            return f;
        }
        if (f.status == 404) {
            f.outcome = RdapFetch::Outcome::NotFound;
            return f;
        }
        if (f.status == 429) {
            f.outcome = RdapFetch::Outcome::RateLimited;
            f.retryAfterS = retryAfterSeconds(std::string(r.header("retry-after").value_or("")), host.nowMs(), 60);
            f.error = "the registry answered 429 Too Many Requests";
            return f;
        }
        f.error = "the registry answered HTTP " + std::to_string(f.status);
        return f;
    }
}

}  // namespace ipfacts::rdap
