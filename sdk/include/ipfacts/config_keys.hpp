// A plugin's config keys, declared once: each key's type, range, default and
// meaning in one constexpr table of the plugin class,
//
//   static constexpr ipfacts::ConfigKey kConfig[] = {
//       ipfacts::requiredPath("catalogue", "the blocklist catalogue, etc/blocklists.yaml"),
//       ipfacts::integerKey("cache_ttl_s", 1, 86400, "3600", "how long a list's answer is kept")};
//   static constexpr auto kConfig = ipfacts::kNoConfig;   // a plugin that takes none
//
// from which IPFACTS_PLUGIN writes the descriptor's config_keys and (ABI 1.7)
// config_ranges. The host checks the manifest's values against them before
// init (unknown key, type, range, required), `ipfactsd --check-config` the
// same, the SDK's fake host too, and the plugin reads its values with the
// defaults applied through ipfacts::Config (ipfacts/config.hpp). A default
// outside its range fails the plugin's build. Header-only, C++17.
#ifndef IPFACTS_CONFIG_KEYS_HPP
#define IPFACTS_CONFIG_KEYS_HPP

#include <ipfacts/plugin.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <type_traits>

namespace ipfacts {

/// One key of a plugin's manifest section.
struct ConfigKey {
    const char* key;          ///< dotted path; ".*" stands for a list's index ("zones.*")
    ipf_config_type type;     ///< IPF_CONFIG_*
    bool required;            ///< the manifest must set it
    const char* fallback;     ///< the default, as the manifest would write it; nullptr: none
    int64_t min;              ///< integer keys: the smallest value accepted
    int64_t max;              ///< integer keys: the largest value accepted
    const char* description;  ///< one line
};

/// An integer key from `min` to `max` (both accepted); `fallback` nullptr: no default.
constexpr ConfigKey integerKey(const char* key, int64_t min, int64_t max, const char* fallback,
                               const char* description) {
    return {key, IPF_CONFIG_INTEGER, false, fallback, min, max, description};
}
/// A file the manifest must name; the host checks it can be read.
constexpr ConfigKey requiredPath(const char* key, const char* description) {
    return {key, IPF_CONFIG_PATH, true, nullptr, 0, 0, description};
}
/// A file the manifest may name; the host checks it can be read.
constexpr ConfigKey optionalPath(const char* key, const char* description) {
    return {key, IPF_CONFIG_PATH, false, nullptr, 0, 0, description};
}
/// Any scalar, read as text.
constexpr ConfigKey stringKey(const char* key, const char* fallback, const char* description) {
    return {key, IPF_CONFIG_STRING, false, fallback, 0, 0, description};
}
/// Any scalar the manifest must set, read as text.
constexpr ConfigKey requiredString(const char* key, const char* description) {
    return {key, IPF_CONFIG_STRING, true, nullptr, 0, 0, description};
}
/// true or false.
constexpr ConfigKey booleanKey(const char* key, const char* fallback, const char* description) {
    return {key, IPF_CONFIG_BOOLEAN, false, fallback, 0, 0, description};
}
/// A resolver of the manifest's resolver.named the manifest must name (ABI 1.5).
constexpr ConfigKey requiredResolver(const char* key, const char* description) {
    return {key, IPF_CONFIG_RESOLVER, true, nullptr, 0, 0, description};
}

/// The table of a plugin that takes no config: the host refuses any key.
inline constexpr std::array<ConfigKey, 0> kNoConfig{};

namespace detail {

/// The decimal integer `text` spells (optionally signed), at compile time.
constexpr bool spellsInteger(const char* text, int64_t* out) {
    bool negative = *text == '-';
    if (*text == '-' || *text == '+') ++text;
    if (!*text) return false;
    int64_t n = 0;
    for (; *text; ++text) {
        if (*text < '0' || *text > '9' || n > (INT64_MAX - 9) / 10) return false;
        n = n * 10 + (*text - '0');
    }
    *out = negative ? -n : n;
    return true;
}

constexpr bool sameText(const char* a, const char* b) {
    while (*a && *a == *b) ++a, ++b;
    return *a == *b;
}

/// A declaration the host could hold to: a key, a default of its type and
/// inside its range, and no default on a key the manifest must set anyway.
constexpr bool soundDeclaration(const ConfigKey& k) {
    if (!k.key || !k.description || (k.required && k.fallback)) return false;
    if (k.type == IPF_CONFIG_BOOLEAN && k.fallback)
        return sameText(k.fallback, "true") || sameText(k.fallback, "false");
    if (k.type != IPF_CONFIG_INTEGER) return true;
    int64_t n = 0;
    return k.min <= k.max && (!k.fallback || (spellsInteger(k.fallback, &n) && n >= k.min && n <= k.max));
}

template <class Table>
constexpr bool soundDeclarations(const Table& table) {
    for (size_t i = 0; i < std::size(table); ++i)
        if (!soundDeclaration(table[i])) return false;
    return true;
}

/// The descriptor's two C tables written from the one table, each ended by a NULL key.
template <size_t N>
struct ConfigTables {
    ipf_config_key keys[N + 1];
    ipf_config_range ranges[N + 1];
};

template <size_t N, class Table>
constexpr ConfigTables<N> configTables(const Table& table) {
    ConfigTables<N> t{};
    size_t ranged = 0;
    for (size_t i = 0; i < N; ++i) {
        const ConfigKey& k = table[i];
        t.keys[i] = {k.key, static_cast<uint32_t>(k.type), k.required ? 1u : 0u, k.fallback, k.description};
        if (k.type == IPF_CONFIG_INTEGER) t.ranges[ranged++] = {k.key, k.min, k.max};
    }
    return t;
}

template <class P, class = void>
struct HasConfigTable : std::false_type {};
template <class P>
struct HasConfigTable<P, std::void_t<decltype(P::kConfig)>> : std::true_type {};
template <class P, class = void>
struct HasConfigKeys : std::false_type {};
template <class P>
struct HasConfigKeys<P, std::void_t<decltype(P::kConfigKeys)>> : std::true_type {};

enum class ConfigSource { none, cTable, table };
template <class P>
constexpr ConfigSource configSourceOf() {
    if constexpr (HasConfigTable<P>::value) return ConfigSource::table;
    if constexpr (HasConfigKeys<P>::value) return ConfigSource::cTable;
    return ConfigSource::none;
}

// What IPFACTS_PLUGIN writes into config_keys and config_ranges: from the
// class's kConfig table; from a hand-written kConfigKeys C table (an SDK
// before 1.7: no ranges); or nothing (any config passed unchecked).
template <class P, ConfigSource = configSourceOf<P>()>
struct DeclaresConfig {
    static constexpr const ipf_config_key* keys() { return nullptr; }
    static constexpr const ipf_config_range* ranges() { return nullptr; }
};
template <class P>
struct DeclaresConfig<P, ConfigSource::cTable> {
    static constexpr const ipf_config_key* keys() { return P::kConfigKeys; }
    static constexpr const ipf_config_range* ranges() { return nullptr; }
};
template <class P>
struct DeclaresConfig<P, ConfigSource::table> {
    static_assert(soundDeclarations(P::kConfig),
                  "kConfig: every key needs a name and a description, an integer key min <= max and a default "
                  "inside its range, a boolean default true or false, a required key no default");
    static constexpr ConfigTables<std::size(P::kConfig)> tables = configTables<std::size(P::kConfig)>(P::kConfig);
    static constexpr const ipf_config_key* keys() { return tables.keys; }
    static constexpr const ipf_config_range* ranges() { return tables.ranges; }
};

}  // namespace detail
}  // namespace ipfacts

#endif
