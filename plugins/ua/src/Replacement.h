// uap-core's replacement templates: "$1".."$9" stand for capture groups.
#ifndef IPFACTS_UA_REPLACEMENT_HPP
#define IPFACTS_UA_REPLACEMENT_HPP

#include "Regex.h"

#include <optional>
#include <string>
#include <string_view>

namespace ipfacts::ua {

/// Expands a uap-core replacement template against a match, as the reference
/// parsers do: each "$N" (one digit, 1..9) becomes group N, or nothing when
/// that group did not match or does not exist; any other text is copied.
/// The result is trimmed of surrounding white space, and an empty result is
/// nullopt (the field is absent). Thread-safe (pure).
std::optional<std::string> expandReplacement(std::string_view pattern, const RegexMatch& match);

/// The template used when a regexes.yaml entry gives no replacement for a
/// field: "$N", i.e. the field is group N as matched.
std::string defaultReplacement(int group);

}  // namespace ipfacts::ua

#endif
