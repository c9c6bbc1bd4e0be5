// Reading a plugin's config through its one table (ipfacts/config_keys.hpp):
// the manifest's value, else the declared default. The host has checked every
// value against the table before init (type, range, required), so a plugin
// writes no range check of its own. Header-only, C++17.
//
//   const ipfacts::Config config(host, kConfig);
//   int port = static_cast<int>(config.integer("port"));   // 443 unless the manifest says otherwise
#ifndef IPFACTS_CONFIG_HPP
#define IPFACTS_CONFIG_HPP

#include <ipfacts/config_keys.hpp>
#include <ipfacts/contract.hpp>
#include <ipfacts/plugin.hpp>

#include <cstdint>
#include <exception>
#include <iterator>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace ipfacts {

/// A plugin's config values, read by the keys of its table. Thread-safe.
class Config {
public:
    /// `declared` is the plugin's kConfig; both must outlive this.
    template <class Table>
    Config(const Host& host, const Table& declared)
        : host_(host), begin_(std::data(declared)), end_(std::data(declared) + std::size(declared)) {}

    /// True when the manifest sets `key` (a default does not count).
    bool isSet(const char* key) const {
        declared(key);
        return host_.config(key).has_value();
    }

    /// The value as written, else the default; nullopt when neither.
    std::optional<std::string> text(const char* key) const {
        const ConfigKey& k = declared(key);
        if (std::optional<std::string> v = host_.config(key)) return v;
        if (k.fallback) return std::string(k.fallback);
        return std::nullopt;
    }

    /// An integer key's value, else its default. Throws std::logic_error for
    /// a key with neither (read it after isSet), std::runtime_error in the
    /// host's words for a value the host would have refused.
    int64_t integer(const char* key) const {
        const ConfigKey& k = declared(key);
        const std::optional<std::string> v = text(key);
        if (!v) throw std::logic_error(std::string("config key ") + key + " has no default: read it after isSet");
        const ipf_config_range range{k.key, k.min, k.max};
        if (auto why = contract::valueProblem(key, IPF_CONFIG_INTEGER, &range, *v)) throw std::runtime_error(*why);
        return *contract::integerOf(*v);
    }

    /// A boolean key's value, else its default (false when neither).
    bool boolean(const char* key) const {
        const std::optional<std::string> v = text(key);
        if (!v) return false;
        if (auto why = contract::valueProblem(key, IPF_CONFIG_BOOLEAN, nullptr, *v)) throw std::runtime_error(*why);
        return *v == "true";
    }

    /// A path key's file, resolved against the manifest's folder; "" when
    /// the manifest names none (a required path is always named).
    std::string path(const char* key) const {
        declared(key);
        return host_.configPath(key).value_or("");
    }

private:
    /// The declaration of `key`; a key the table lacks is the plugin's own mistake.
    const ConfigKey& declared(const char* key) const {
        for (const ConfigKey* k = begin_; k != end_; ++k)
            if (std::string_view(k->key) == key) return *k;
        throw std::logic_error(std::string("config key ") + key + " is not in the plugin's kConfig table");
    }

    const Host& host_;
    const ConfigKey* begin_;
    const ConfigKey* end_;
};

/// Before ABI 1.7's table: the integer at `key`, or `fallback` when absent;
/// throws std::runtime_error outside `low`..`high`. Declare the key in
/// kConfig and read it with Config::integer instead.
inline int configInteger(const Host& host, std::string_view plugin, const char* key, int fallback, int low, int high) {
    const std::optional<std::string> text = host.config(key);
    if (!text) return fallback;
    const ipf_config_range range{key, low, high};
    if (auto why = contract::valueProblem(key, IPF_CONFIG_INTEGER, &range, *text))
        throw std::runtime_error(std::string(plugin) + ": " + *why);
    return static_cast<int>(*contract::integerOf(*text));
}

}  // namespace ipfacts

#endif
