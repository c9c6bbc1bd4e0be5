// JsonString: a string value written into a JSON body, byte for byte as
// ipfacts::JsonWriter::value(std::string_view) writes it (quotes, escapes,
// invalid UTF-8 replaced by U+FFFD), in one pass and without the writer's
// allocations. The /json body quotes about twenty strings per request, some
// of them non-ASCII place names, so this is on the hottest path of the plugin.
#ifndef IPFACTS_PLUGINS_IP_JSONSTRING_H
#define IPFACTS_PLUGINS_IP_JSONSTRING_H

#include <cstddef>
#include <string>
#include <string_view>

namespace ipfacts::ip {

/// The room writeJsonString needs for a string of `n` bytes: two quotes,
/// six per byte (a control character becomes \u00XX; an invalid byte the
/// three bytes of U+FFFD), and 8 it may write past the end and not count.
constexpr size_t jsonStringBound(size_t n) { return 2 + 6 * n + 8; }

/// Writes `s` as a quoted JSON string at `p`, which has room for
/// jsonStringBound(s.size()) bytes, and returns the end of what it wrote:
/// `"`, `\` and control characters (and DEL) escaped as
/// JsonWriter::appendQuoted does, each byte that does not start a valid UTF-8
/// sequence (RFC 3629: no overlong forms, no surrogates, nothing past
/// U+10FFFF) written as U+FFFD.
char* writeJsonString(char* p, std::string_view s);

/// The same, appended to `out`.
void appendJsonString(std::string& out, std::string_view s);

}  // namespace ipfacts::ip

#endif
