// FlagParameter: a query parameter that switches something on and takes
// only the value "1", at most once (SPEC part 4: `full` on /json).
#ifndef IPFACTS_PLUGINS_IP_FLAGPARAMETER_H
#define IPFACTS_PLUGINS_IP_FLAGPARAMETER_H

#include <cstddef>
#include <optional>
#include <string_view>

namespace ipfacts::ip {

enum class Flag {
    Absent,   ///< not given: the default behaviour
    Set,      ///< given once, as "1"
    Invalid,  ///< repeated, or any value but "1" (empty included): answer 400
};

/// `count` is how often the parameter occurs, `first` its first value.
Flag readFlag(size_t count, std::optional<std::string_view> first);

}  // namespace ipfacts::ip

#endif
