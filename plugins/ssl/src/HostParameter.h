// HostParameter: the `host` parameter of GET /api/v1/ssl, read and checked.
// A host name only: every other thing a caller may paste (a URL, a port, a
// path, an address literal) gets its own stable 400 token, so the caller
// learns what to drop.
#ifndef IPFACTS_PLUGINS_SSL_HOSTPARAMETER_H
#define IPFACTS_PLUGINS_SSL_HOSTPARAMETER_H

#include <ipfacts/plugin.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

namespace ipfacts::ssl {

/// Longest `host` accepted, in bytes, before any conversion (the OpenAPI maxLength).
inline constexpr size_t kMaxHostParameterBytes = 1024;

/// The 400 tokens.
inline constexpr const char* kInvalidParameter = "invalid_parameter";     ///< absent, empty, repeated, too long
inline constexpr const char* kSchemeNotAllowed = "scheme_not_allowed";    ///< "https://example.com"
inline constexpr const char* kPathNotAllowed = "path_not_allowed";        ///< "example.com/login", '?', '#'
inline constexpr const char* kPortNotAllowed = "port_not_allowed";        ///< "example.com:8443"
inline constexpr const char* kAddressNotAllowed = "address_not_allowed";  ///< "192.0.2.1", "[2001:db8::1]"
inline constexpr const char* kInvalidHost = "invalid_host";               ///< not a public host name

struct HostName {
    std::string given;  ///< the parameter as sent
    std::string ascii;  ///< A-label form, lower case, no trailing dot
};

struct HostError {
    std::string token;  ///< one of the tokens above
    std::string message;
};

/// Checks a `host` value (present, at most kMaxHostParameterBytes), in this
/// order: a scheme ("xyz://" or a leading "https:"/"http:"); a path,
/// query or fragment ('/', '?', '#'); an IP address literal (bare, in
/// brackets, or either with a port); a port (":" then digits); then the
/// name itself through ipfacts::normaliseName with NameRules::publicHostName
/// (internationalised names to A-labels; single labels such as
/// "localhost", underscores, '@', '*', spaces, an all-digit last label are
/// invalid_host). Thread-safe.
std::variant<HostName, HostError> checkHostValue(std::string_view value);

/// Reads `host` from the request (absent, empty, repeated or too long:
/// invalid_parameter), then checkHostValue. Thread-safe.
std::variant<HostName, HostError> readHostParameter(const Request& req);

}  // namespace ipfacts::ssl

#endif
