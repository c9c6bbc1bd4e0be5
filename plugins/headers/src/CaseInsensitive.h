// ASCII case-insensitive hashing and comparison of header names, so a lookup
// by the name as received needs no lower-cased copy (HTTP field names are
// case-insensitive, RFC 9110 section 5.1).
#ifndef IPFACTS_PLUGINS_HEADERS_CASEINSENSITIVE_H
#define IPFACTS_PLUGINS_HEADERS_CASEINSENSITIVE_H

#include <cstddef>
#include <string>
#include <string_view>

namespace ipfacts::headers {

/// Hash of `s` that ignores ASCII letter case. Stateless and thread-safe.
struct CaseInsensitiveHash {
    size_t operator()(std::string_view s) const noexcept;
};

/// Equality of two names ignoring ASCII letter case. Stateless and thread-safe.
struct CaseInsensitiveEqual {
    bool operator()(std::string_view a, std::string_view b) const noexcept;
};

/// Replaces the contents of `out` with `s` in ASCII lower case. Reuses
/// `out`'s capacity, so a caller lower-casing many names allocates once.
void assignLowerCase(std::string& out, std::string_view s);

/// `s` in ASCII lower case.
std::string lowerCase(std::string_view s);

}  // namespace ipfacts::headers

#endif
