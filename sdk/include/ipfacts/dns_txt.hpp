// ipfacts TXT record data: the character-strings of a TXT record's RDATA as
// the resolver facilities give it, in presentation format (RFC 1035 5.1):
// `"v=spf1 -all"`, `"part one" "part two"`, with \" \\ and \DDD escapes.
// Header-only, C++17; pure and thread-safe. The text is untrusted (whoever
// runs the zone wrote it): the parser checks every byte and never reads past
// the end.
//
//   std::optional<std::vector<std::string>> s = ipfacts::txtStrings(record.data());
//   if (s) joined = ipfacts::joinTxt(*s);     // RFC 7208 3.3: strings joined without spaces
#ifndef IPFACTS_DNS_TXT_HPP
#define IPFACTS_DNS_TXT_HPP

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ipfacts {

/// The character-strings of one TXT record's data in presentation format,
/// unescaped (each at most 255 bytes on the wire; the bytes as they were,
/// which may be anything, NUL included). Quoted strings are separated by
/// blanks; an unquoted run of non-blank characters is a string too (zone
/// files allow it). nullopt when the text is malformed: an unterminated
/// quote, a dangling backslash, a \DDD above 255 or not three digits, or a
/// string longer than 255 bytes. Returns new strings.
inline std::optional<std::vector<std::string>> txtStrings(std::string_view data) {
    std::vector<std::string> out;
    size_t i = 0;
    auto blank = [](char c) { return c == ' ' || c == '\t'; };
    auto digit = [](char c) { return c >= '0' && c <= '9'; };
    while (true) {
        while (i < data.size() && blank(data[i])) ++i;
        if (i == data.size()) return out;
        const bool quoted = data[i] == '"';
        if (quoted) ++i;
        std::string s;
        bool closed = !quoted;
        while (i < data.size()) {
            char c = data[i];
            if (quoted && c == '"') {
                closed = true;
                ++i;
                break;
            }
            if (!quoted && blank(c)) break;
            if (!quoted && c == '"') return std::nullopt;  // a quote inside a bare string
            if (c == '\\') {
                if (i + 1 >= data.size()) return std::nullopt;
                if (digit(data[i + 1])) {
                    if (i + 3 >= data.size() || !digit(data[i + 2]) || !digit(data[i + 3])) return std::nullopt;
                    const int v = (data[i + 1] - '0') * 100 + (data[i + 2] - '0') * 10 + (data[i + 3] - '0');
                    if (v > 255) return std::nullopt;
                    s += static_cast<char>(v);
                    i += 4;
                } else {
                    s += data[i + 1];
                    i += 2;
                }
            } else {
                s += c;
                ++i;
            }
            if (s.size() > 255) return std::nullopt;
        }
        if (!closed) return std::nullopt;
        // Strings must be separated: `"a""b"` is not two strings of a zone file.
        if (i < data.size() && !blank(data[i])) return std::nullopt;
        out.push_back(std::move(s));
    }
}

/// The strings joined without separators, as SPF and DMARC read a record
/// (RFC 7208 3.3, RFC 7489 6.4).
inline std::string joinTxt(const std::vector<std::string>& strings) {
    std::string joined;
    for (const std::string& s : strings) joined += s;
    return joined;
}

}  // namespace ipfacts

#endif
