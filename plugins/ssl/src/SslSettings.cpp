#include "SslSettings.h"

#include <stdexcept>
#include <string>

namespace ipfacts::ssl {
namespace {

int integerKey(const Host& host, const char* key, int fallback, int low, int high) {
    const std::optional<std::string> text = host.config(key);
    if (!text) return fallback;
    size_t used = 0;
    long value = 0;
    try {
        value = std::stol(*text, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used != text->size() || value < low || value > high)
        throw std::runtime_error(std::string("ssl: config key `") + key + "` must be an integer from " +
                                 std::to_string(low) + " to " + std::to_string(high) + ", not '" + *text + "'");
    return static_cast<int>(value);
}

}  // namespace

SslSettings SslSettings::fromConfig(const Host& host) {
    SslSettings s;
    s.port = integerKey(host, "port", 443, 1, 65535);
    s.probeTimeoutMs = integerKey(host, "probe_timeout_ms", 3000, 100, 60000);
    s.httpsTimeoutMs = integerKey(host, "https_timeout_ms", 3000, 100, 60000);
    if (std::optional<std::string> path = host.configPath("public_suffixes"); path && !path->empty())
        s.publicSuffixes = PublicSuffixes::fromFile(*path);
    return s;
}

}  // namespace ipfacts::ssl
