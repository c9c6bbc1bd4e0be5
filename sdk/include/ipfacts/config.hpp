// ipfacts plugin configuration helpers: a key of the plugin's manifest
// section read with its range, so every plugin refuses a bad value the same
// way. Header-only, C++17.
//
//   int port = ipfacts::configInteger(host, "ssl", "port", 443, 1, 65535);
#ifndef IPFACTS_CONFIG_HPP
#define IPFACTS_CONFIG_HPP

#include <ipfacts/plugin.hpp>

#include <exception>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace ipfacts {

/// The integer at `key` of the plugin's section, or `fallback` when the key
/// is absent. Throws std::runtime_error ("<plugin>: config key `k` must be an
/// integer from low to high, not 'x'") for anything else, which refuses the
/// plugin at init with that message in the host's log. Thread-safe.
inline int configInteger(const Host& host, std::string_view plugin, const char* key, int fallback, int low, int high) {
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
        throw std::runtime_error(std::string(plugin) + ": config key `" + key + "` must be an integer from " +
                                 std::to_string(low) + " to " + std::to_string(high) + ", not '" + *text + "'");
    return static_cast<int>(value);
}

}  // namespace ipfacts

#endif
