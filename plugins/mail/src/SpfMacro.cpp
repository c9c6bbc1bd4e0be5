#include "SpfMacro.h"

#include <ipfacts/address.hpp>

#include <algorithm>
#include <vector>

namespace ipfacts::mail {
namespace {

constexpr std::string_view kLetters = "slodiphcrtv";
constexpr std::string_view kExplanationOnly = "crt";
constexpr std::string_view kDelimiters = ".-+,/_=";

char lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

// One parsed %{...}: letter, digits (0: all), reverse, delimiters.
struct Expand {
    char letter = 0;
    bool upper = false;  // URL-escape the value (RFC 7208 7.3)
    size_t keep = 0;
    bool reverse = false;
    std::string delimiters;
};

// Parses the expand starting at text[i] == '%' and text[i+1] == '{';
// sets `end` past the '}'. nullopt and `why` when malformed.
std::optional<Expand> parseExpand(std::string_view text, size_t i, size_t& end, std::string& why) {
    const size_t close = text.find('}', i + 2);
    if (close == std::string_view::npos) return why = "a macro '%{' is not closed with '}'", std::nullopt;
    std::string_view body = text.substr(i + 2, close - i - 2);
    if (body.empty()) return why = "an empty macro '%{}'", std::nullopt;
    Expand e;
    e.upper = body[0] >= 'A' && body[0] <= 'Z';
    e.letter = lower(body[0]);
    if (kLetters.find(e.letter) == std::string_view::npos)
        return why = std::string("'%{") + body[0] + "' is not a macro letter (s l o d i p h c r t v)", std::nullopt;
    size_t j = 1;
    size_t digits = 0;
    while (j < body.size() && body[j] >= '0' && body[j] <= '9') {
        if (++digits > 3) return why = "a macro's digit transformer is too long", std::nullopt;
        e.keep = e.keep * 10 + static_cast<size_t>(body[j] - '0');
        ++j;
    }
    if (digits > 0 && e.keep == 0) return why = "a macro keeps 0 labels (RFC 7208 7.3 needs at least 1)", std::nullopt;
    if (j < body.size() && lower(body[j]) == 'r') e.reverse = true, ++j;
    for (; j < body.size(); ++j) {
        if (kDelimiters.find(body[j]) == std::string_view::npos)
            return why = std::string("'") + body[j] + "' is not a macro delimiter (. - + , / _ =)", std::nullopt;
        e.delimiters += body[j];
    }
    end = close + 1;
    return e;
}

// Walks text: literals to onLiteral, expands to onExpand; false with `why`
// at the first syntax error.
template <class Literal, class OnExpand>
bool walk(std::string_view text, std::string& why, Literal onLiteral, OnExpand onExpand) {
    for (size_t i = 0; i < text.size();) {
        const char c = text[i];
        if (c != '%') {
            if (static_cast<unsigned char>(c) < 0x21 || static_cast<unsigned char>(c) > 0x7e)
                return why = "a macro-string holds only visible ASCII characters", false;
            onLiteral(std::string_view(&text[i], 1));
            ++i;
            continue;
        }
        if (i + 1 >= text.size()) return why = "a '%' ends the macro-string (write %% for a percent sign)", false;
        const char n = text[i + 1];
        if (n == '%' || n == '_' || n == '-') {
            onLiteral(n == '%' ? "%" : n == '_' ? " " : "%20");
            i += 2;
            continue;
        }
        if (n != '{') return why = std::string("'%") + n + "' is not a macro (write %% for a percent sign)", false;
        size_t end = 0;
        std::optional<Expand> e = parseExpand(text, i, end, why);
        if (!e || !onExpand(*e)) return false;
        i = end;
    }
    return true;
}

std::vector<std::string> split(std::string_view s, std::string_view delimiters) {
    std::vector<std::string> parts(1);
    for (char c : s)
        if (delimiters.find(c) != std::string_view::npos)
            parts.emplace_back();
        else
            parts.back() += c;
    return parts;
}

// RFC 3986 unreserved characters stay; every other byte becomes %XX.
std::string urlEscaped(std::string_view value) {
    static const char* hex = "0123456789ABCDEF";
    std::string out;
    for (char c : value) {
        const auto b = static_cast<unsigned char>(c);
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '.' ||
            c == '_' || c == '~') {
            out += c;
        } else {
            out += '%';
            out += hex[b >> 4];
            out += hex[b & 15];
        }
    }
    return out;
}

std::string transform(std::string_view value, const Expand& e) {
    std::vector<std::string> parts = split(value, e.delimiters.empty() ? "." : e.delimiters);
    if (e.reverse) std::reverse(parts.begin(), parts.end());
    const size_t from = (e.keep && e.keep < parts.size()) ? parts.size() - e.keep : 0;
    std::string out;
    for (size_t k = from; k < parts.size(); ++k) out += (k > from ? "." : "") + parts[k];
    return e.upper ? urlEscaped(out) : out;
}

// %{i}: dotted quad, or 32 dot-separated nibbles for IPv6 (RFC 7208 7.3).
std::string ipForMacro(std::string_view ip, int version) {
    if (version == 4) return std::string(ip);
    std::optional<Address> a = parseAddress(ip);
    if (!a) return std::string(ip);
    static const char* hex = "0123456789abcdef";
    std::string out;
    for (size_t k = 0; k < 16; ++k) {
        if (k) out += '.';
        out += hex[a->bytes[k] >> 4];
        out += '.';
        out += hex[a->bytes[k] & 15];
    }
    return out;
}

}  // namespace

std::optional<std::string> macroStringError(std::string_view text, bool inExplanation) {
    std::string why;
    const bool ok = walk(
        text, why, [](std::string_view) {},
        [&](const Expand& e) {
            if (!inExplanation && kExplanationOnly.find(e.letter) != std::string_view::npos)
                return why = std::string("the macro letter '") + e.letter + "' is allowed only in an exp text", false;
            return true;
        });
    if (ok) return std::nullopt;
    return why;
}

bool hasMacroExpand(std::string_view text) {
    for (size_t i = 0; i + 1 < text.size(); ++i) {
        if (text[i] != '%') continue;
        if (text[i + 1] == '{') return true;
        ++i;  // an escape: skip its second character
    }
    return false;
}

std::optional<std::string> expandMacros(std::string_view text, const MacroValues& values) {
    std::string out, why;
    const bool ok = walk(
        text, why, [&](std::string_view lit) { out += lit; },
        [&](const Expand& e) {
            std::optional<std::string> value;
            switch (e.letter) {
                case 'd':
                    value = std::string(values.domain);
                    break;
                case 'i':
                    value = ipForMacro(values.ip, values.version);
                    break;
                case 'c':
                    value = std::string(values.ip);
                    break;
                case 'v':
                    value = values.version == 4 ? "in-addr" : "ip6";
                    break;
                case 's':
                    value = values.sender;
                    break;
                case 'l':
                    value = values.localPart;
                    break;
                case 'o':
                    value = values.senderDomain;
                    break;
                case 'h':
                    value = values.helo;
                    break;
                case 'p':
                    value = values.validatedName;
                    break;
                default:
                    break;  // r, t: only in explanations, which are not fetched
            }
            if (!value) return false;
            out += transform(*value, e);
            return true;
        });
    if (!ok) return std::nullopt;
    return out;
}

std::optional<std::string> expandKnownMacros(std::string_view text, std::string_view domain, std::string_view ip,
                                             int version) {
    MacroValues values;
    values.domain = domain;
    values.ip = ip;
    values.version = version;
    return expandMacros(text, values);
}

bool usesMacroLetter(std::string_view text, char letter) {
    std::string why;
    bool uses = false;
    walk(
        text, why, [](std::string_view) {},
        [&](const Expand& e) {
            uses = uses || e.letter == lower(letter);
            return true;
        });
    return uses;
}

}  // namespace ipfacts::mail
