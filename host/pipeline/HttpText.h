// Small text routines of HTTP: percent-decoding, query splitting, reason phrases.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ipfacts::pipeline {

/// Decodes %XX escapes (and '+' as space when `plus_is_space`). nullopt on a
/// malformed escape or a decoded NUL, which no parameter may hold.
std::optional<std::string> percentDecode(std::string_view in, bool plus_is_space);

/// Splits "a=1&b=2&a=3" into decoded pairs, in order. nullopt on bad escapes.
std::optional<std::vector<std::pair<std::string, std::string>>> parseQuery(std::string_view query);

// The API key in a query, one rule everywhere (identify stage, access log,
// what plugins read, every URL echoed back): a parameter is the key when its
// name, percent-decoded, is "key" in any case ("key", "KEY", "ke%79");
// parameters are separated by '&' or ';'. Its value is percent-decoded.

/// True when `param` ("name=value", raw) is a key parameter.
bool isKeyParam(std::string_view param);
/// True when the raw query holds a key parameter.
bool hasKeyParam(std::string_view query);
/// The decoded value of the first key parameter of the raw query (a
/// malformed escape reads as ""), or nullopt when there is none.
std::optional<std::string> keyParamValue(std::string_view query);

/// True when the raw query holds a parameter no log may show: `key`, or
/// `token` (a sign-in link's, logged before its handler could redact it when
/// the request is refused early: 404, 405, 400, 503).
bool hasSecretParam(std::string_view query);
/// The target with every such parameter written "<name>=<replacement>".
std::string redactSecretParams(std::string_view target, std::string_view replacement);

/// The target with key parameters removed entirely.
std::string removeKeyParam(std::string_view target);

/// "OK", "Not Found", ...
std::string_view reasonPhrase(int status);

/// Case-insensitive ASCII comparison.
bool iequals(std::string_view a, std::string_view b);

}  // namespace ipfacts::pipeline
