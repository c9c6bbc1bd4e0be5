// AsciiText: the small text helpers the registries' answers need (ASCII
// letter case, surrounding white space), once for the whole plugin.
#ifndef IPFACTS_PLUGINS_RDAP_ASCIITEXT_H
#define IPFACTS_PLUGINS_RDAP_ASCIITEXT_H

#include <cctype>
#include <string>
#include <string_view>

namespace ipfacts::rdap {

/// `s` with ASCII letters in lower case; other bytes unchanged.
inline std::string lowerText(std::string s) {
    for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

/// True when `s` is one or more ASCII digits and nothing else.
inline bool allDigits(std::string_view s) {
    if (s.empty()) return false;
    for (char c : s)
        if (!std::isdigit(static_cast<unsigned char>(c))) return false;
    return true;
}

/// `s` without leading and trailing white space.
inline std::string trimText(std::string_view s) {
    size_t a = 0, b = s.size();
    while (a < b && std::isspace(static_cast<unsigned char>(s[a]))) ++a;
    while (b > a && std::isspace(static_cast<unsigned char>(s[b - 1]))) --b;
    return std::string(s.substr(a, b - a));
}

}  // namespace ipfacts::rdap

#endif
