// The rules a host applies to a plugin before it runs it, written once for
// the host's loader and `ipfactsd --check-config` (host/plugins/PluginCheck)
// and for the SDK's fake host (ipfacts/testing/FakeRefusal.hpp), so the fake
// refuses what the host refuses, in the same words. Each rule reads only the
// plugin's descriptor and what the caller offers. Header-only, C++17.
#ifndef IPFACTS_CONTRACT_HPP
#define IPFACTS_CONTRACT_HPP

#include <ipfacts/plugin.h>

#include <algorithm>
#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace ipfacts::contract {

/// The descriptor's member ending at byte `end`, when its struct_size reaches there.
inline bool reaches(const ipf_plugin_descriptor& d, size_t end) { return d.struct_size >= end; }

/// What the descriptor declares, or nullptr when it declares nothing or
/// predates the member (1.3 for the first two, 1.7 for the ranges).
inline const char* const* requiredFacilities(const ipf_plugin_descriptor& d) {
    return reaches(d, offsetof(ipf_plugin_descriptor, required_facilities) + sizeof d.required_facilities)
               ? d.required_facilities
               : nullptr;
}
inline const ipf_config_key* configKeys(const ipf_plugin_descriptor& d) {
    return reaches(d, offsetof(ipf_plugin_descriptor, config_keys) + sizeof d.config_keys) ? d.config_keys : nullptr;
}
inline const ipf_config_range* configRanges(const ipf_plugin_descriptor& d) {
    return reaches(d, offsetof(ipf_plugin_descriptor, config_ranges) + sizeof d.config_ranges) ? d.config_ranges
                                                                                               : nullptr;
}

/// Why a host speaking ABI `major`.`minor` refuses the descriptor, or nullopt.
inline std::optional<std::string> abiRefusal(const ipf_plugin_descriptor* d, uint16_t major = IPF_ABI_MAJOR,
                                             uint16_t minor = IPF_ABI_MINOR) {
    if (!d) return "ipfacts_plugin_v1() returned no descriptor";
    if (d->abi_major != major)
        return "built for ABI major " + std::to_string(d->abi_major) + ", this host speaks major " +
               std::to_string(major) + "; rebuild the plugin against this SDK";
    if (d->abi_minor > minor && !(d->flags & IPF_PLUGIN_COPES_WITH_OLDER_HOST))
        return "requires ABI " + std::to_string(d->abi_major) + "." + std::to_string(d->abi_minor) +
               ", newer than this host's " + std::to_string(major) + "." + std::to_string(minor) +
               ", and does not declare it copes with an older host";
    const size_t v10_size = offsetof(ipf_plugin_descriptor, openapi_fragment) + sizeof(const char*);
    if (d->struct_size < v10_size)
        return "descriptor is " + std::to_string(d->struct_size) + " bytes, smaller than ABI 1.0's " +
               std::to_string(v10_size);
    if (!d->name || !d->init || !d->handlers || d->handler_count == 0)
        return "descriptor lacks a name, init or handlers";
    for (size_t i = 0; i < d->handler_count; ++i)
        if (!d->handlers[i].name || !d->handlers[i].fn)
            return "handler " + std::to_string(i) + " has no name or function";
    return std::nullopt;
}

/// One sentence per facility the plugin requires and `offered` (slot names) lacks.
inline std::vector<std::string> missingFacilities(const ipf_plugin_descriptor& d,
                                                  const std::vector<std::string>& offered) {
    std::vector<std::string> out;
    if (const char* const* required = requiredFacilities(d))
        for (const char* const* f = required; *f; ++f)
            if (std::find(offered.begin(), offered.end(), *f) == offered.end())
                out.push_back(std::string("requires the ") + *f +
                              " facility, which the manifest does not configure (add a " + *f + ": section)");
    return out;
}

/// "zones.3" matches the declared "zones.*"; "zones.count" does too.
inline bool keyMatches(const std::string& declared, const std::string& key) {
    if (declared == key) return true;
    if (declared.size() < 2 || declared.compare(declared.size() - 2, 2, ".*") != 0) return false;
    const std::string stem = declared.substr(0, declared.size() - 1);  // "zones."
    if (key == stem + "count") return true;
    if (key.compare(0, stem.size(), stem) != 0) return false;
    std::string rest = key.substr(stem.size());
    rest = rest.substr(0, rest.find('.'));
    return !rest.empty() && std::all_of(rest.begin(), rest.end(), [](char c) { return c >= '0' && c <= '9'; });
}

/// The decimal integer `text` is (optionally signed), or nullopt.
inline std::optional<int64_t> integerOf(const std::string& text) {
    const size_t digits = (!text.empty() && (text[0] == '-' || text[0] == '+')) ? 1 : 0;
    if (digits == text.size() || !std::all_of(text.begin() + static_cast<std::ptrdiff_t>(digits), text.end(),
                                              [](char c) { return c >= '0' && c <= '9'; }))
        return std::nullopt;
    errno = 0;
    const long long n = std::strtoll(text.c_str(), nullptr, 10);
    if (errno == ERANGE) return std::nullopt;
    return static_cast<int64_t>(n);
}

inline const char* typeName(uint32_t type) {
    switch (type) {
        case IPF_CONFIG_INTEGER:
            return "an integer";
        case IPF_CONFIG_BOOLEAN:
            return "true or false";
        case IPF_CONFIG_PATH:
            return "a path";
        case IPF_CONFIG_RESOLVER:
            return "a resolver name";
        default:
            return "a string";
    }
}

/// Why `value` does not fit key `key` of type `type` and range `range`
/// (nullptr: any integer), or nullopt. Paths and resolver names are text
/// here; whether the file or the resolver exists is the host's to say.
inline std::optional<std::string> valueProblem(const std::string& key, uint32_t type, const ipf_config_range* range,
                                               const std::string& value) {
    const std::string was = ", not '" + value + "'";
    if (type == IPF_CONFIG_BOOLEAN && value != "true" && value != "false")
        return "config key " + key + " must be " + typeName(type) + was;
    if (type != IPF_CONFIG_INTEGER) return std::nullopt;
    const std::optional<int64_t> n = integerOf(value);
    if (range && !(n && *n >= range->min && *n <= range->max))
        return "config key " + key + " must be an integer from " + std::to_string(range->min) + " to " +
               std::to_string(range->max) + was;
    if (!n) return "config key " + key + " must be " + typeName(type) + was;
    return std::nullopt;
}

/// Why `value` of key `key` names no resolver of `named` (resolver.named), or nullopt.
inline std::optional<std::string> resolverProblem(const std::string& key, const std::string& value,
                                                  const std::vector<std::string>& named) {
    if (std::find(named.begin(), named.end(), value) != named.end()) return std::nullopt;
    std::string known;
    for (const std::string& n : named) known += (known.empty() ? "" : ", ") + n;
    return "config key " + key + " names the resolver '" + value +
           "', which resolver.named does not define (it has: " + (known.empty() ? "none" : known) + ")";
}

/// The declared range of integer key `declared`, or nullptr.
inline const ipf_config_range* rangeOf(const ipf_plugin_descriptor& d, const char* declared) {
    if (const ipf_config_range* ranges = configRanges(d))
        for (const ipf_config_range* r = ranges; r->key; ++r)
            if (std::string(r->key) == declared) return r;
    return nullptr;
}

/// The declaration `key` falls under, or nullptr.
inline const ipf_config_key* declarationOf(const ipf_config_key* keys, const std::string& key) {
    for (const ipf_config_key* k = keys; k->key; ++k)
        if (keyMatches(k->key, key)) return k;
    return nullptr;
}

inline std::string knownKeys(const ipf_config_key* keys) {
    std::string out;
    for (const ipf_config_key* k = keys; k->key; ++k) out += (out.empty() ? "" : ", ") + std::string(k->key);
    return out.empty() ? "none" : out;
}

/// A problem of one config key: the key ("" for none in particular) and the sentence.
struct ConfigProblem {
    std::string key;
    std::string message;
};

/// Problems of a plugin's config `values` (dotted key to text) against its
/// declarations: keys it does not declare, values of the wrong type or out of
/// range, required keys missing. A descriptor that declares no keys (before
/// 1.3, or config_keys NULL) takes any config unchecked.
inline std::vector<ConfigProblem> configProblems(const ipf_plugin_descriptor& d,
                                                 const std::map<std::string, std::string>& values) {
    std::vector<ConfigProblem> out;
    const ipf_config_key* keys = configKeys(d);
    if (!keys) return out;
    for (const auto& [key, value] : values) {
        const ipf_config_key* k = declarationOf(keys, key);
        if (!k)
            out.push_back({key, "unknown config key '" + key + "' (it has: " + knownKeys(keys) + ")"});
        else if (key.size() < 6 || key.compare(key.size() - 6, 6, ".count") != 0)
            if (auto why = valueProblem(key, k->type, rangeOf(d, k->key), value)) out.push_back({key, *why});
    }
    for (const ipf_config_key* k = keys; k->key; ++k) {
        const bool set =
            std::any_of(values.begin(), values.end(), [&](const auto& kv) { return keyMatches(k->key, kv.first); });
        if (k->required && !set)
            out.push_back({"", "config key " + std::string(k->key) + " is required (" +
                                   (k->description ? k->description : "") + ")"});
    }
    return out;
}

}  // namespace ipfacts::contract

#endif
