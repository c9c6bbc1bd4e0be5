#include "RdapSettings.h"

#include <stdexcept>

namespace ipfacts::rdap {
namespace {

int intIn(const Host& host, const char* key, int fallback, int lo, int hi) {
    auto v = host.config(key);
    if (!v) return fallback;
    int n = 0;
    try {
        n = std::stoi(std::string(*v));
    } catch (const std::exception&) {
        throw std::invalid_argument(std::string(key) + " is not a number");
    }
    if (n < lo || n > hi)
        throw std::invalid_argument(std::string(key) + " is " + std::to_string(n) + ", not " + std::to_string(lo) +
                                    "-" + std::to_string(hi));
    return n;
}

std::string pathOr(const Host& host, const char* key) {
    auto v = host.configPath(key);
    return v ? std::string(*v) : std::string();
}

}  // namespace

RdapSettings RdapSettings::fromConfig(const Host& host) {
    RdapSettings s;
    s.bootstrapDir = pathOr(host, "bootstrap_dir");
    s.overrides = pathOr(host, "overrides");
    s.whoisServers = pathOr(host, "whois_servers");
    s.refreshUrl = std::string(host.config("refresh_url").value_or("https://data.iana.org/rdap/"));
    if (!s.refreshUrl.empty() && s.refreshUrl.back() != '/') s.refreshUrl += '/';
    s.refreshHours = intIn(host, "refresh_hours", s.refreshHours, 0, 24 * 365);
    if (s.refreshHours > 0 && s.refreshHours < 24)
        throw std::invalid_argument("refresh_hours is " + std::to_string(s.refreshHours) +
                                    ": IANA's files are fetched at most daily (24 or more, 0 for never)");
    s.timeoutMs = intIn(host, "timeout_ms", s.timeoutMs, 100, 30000);
    s.maxRedirects = intIn(host, "max_redirects", s.maxRedirects, 0, 10);
    s.whoisTimeoutMs = intIn(host, "whois_timeout_ms", s.whoisTimeoutMs, 100, 30000);
    s.cacheTtlS = intIn(host, "cache_ttl_s", s.cacheTtlS, 1, 86400);
    s.maxBodyBytes = intIn(host, "max_body_bytes", s.maxBodyBytes, 1024, 16 << 20);
    return s;
}

}  // namespace ipfacts::rdap
