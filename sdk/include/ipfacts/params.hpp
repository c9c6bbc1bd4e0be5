// ipfacts query-parameter helpers shared by plugins. Header-only, C++17.
#ifndef IPFACTS_PARAMS_HPP
#define IPFACTS_PARAMS_HPP

#include <ipfacts/plugin.hpp>

#include <cstddef>
#include <optional>
#include <string_view>

namespace ipfacts {

/// A query parameter that switches something on (`full=1`, `privacy=1`).
enum class Flag {
    Absent,   ///< not given: the default behaviour
    Set,      ///< given once, as "1"
    Invalid,  ///< repeated, or any value but "1" (empty included): answer 400 invalid_parameter
};

/// Reads a flag from how often it occurs (`count`) and its first value.
/// Only "1", given once, sets it: "flag=true" or "flag=0" would look
/// meaningful and silently not be, so refusing them keeps a caller from
/// believing in a flag that was ignored. Pure; thread-safe.
inline Flag readFlag(size_t count, std::optional<std::string_view> first) {
    if (count == 0) return Flag::Absent;
    if (count > 1 || !first || *first != "1") return Flag::Invalid;
    return Flag::Set;
}

/// readFlag for the query parameter `name` of the request being handled.
/// Reads the request only during the call; safe wherever the Request is.
inline Flag readFlag(const Request& req, std::string_view name) {
    return readFlag(req.queryCount(name), req.query(name));
}

}  // namespace ipfacts

#endif
