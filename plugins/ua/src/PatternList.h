// A list of case-insensitive patterns, any one of which marks a UA: how
// etc/ua.yaml names bots and command-line clients.
#ifndef IPFACTS_UA_PATTERN_LIST_HPP
#define IPFACTS_UA_PATTERN_LIST_HPP

#include "Regex.h"

#include <yaml-cpp/yaml.h>

#include <string_view>
#include <vector>

namespace ipfacts::ua {

/// Case-insensitive PCRE2 patterns, matched unanchored (write ^ to anchor at
/// the start of the UA). Immutable after construction; thread-safe.
class PatternList {
public:
    /// Compiles the YAML sequence of strings `patterns`; an absent node is an
    /// empty list. Throws std::runtime_error naming `context` on a non-list,
    /// a non-string entry or a bad regex.
    PatternList(const YAML::Node& patterns, std::string_view context);

    /// True when at least one pattern matches `ua`.
    bool matchesAny(std::string_view ua) const;

    size_t size() const { return patterns_.size(); }

private:
    std::vector<Regex> patterns_;
};

}  // namespace ipfacts::ua

#endif
