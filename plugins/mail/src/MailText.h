// MailText: the small ASCII text helpers the mail record parsers share
// (SPF, DMARC, MTA-STS, TLS-RPT): record text is ASCII by its RFCs, so no
// locale is involved. Header-only, pure.
#ifndef IPFACTS_PLUGINS_MAIL_MAILTEXT_H
#define IPFACTS_PLUGINS_MAIL_MAILTEXT_H

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

namespace ipfacts::mail {

/// `s` with ASCII letters lower-cased.
inline std::string lowered(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

/// `s` without leading and trailing bytes of `blanks`.
inline std::string_view trimmed(std::string_view s, std::string_view blanks = " \t\r") {
    const size_t a = s.find_first_not_of(blanks);
    if (a == std::string_view::npos) return {};
    return s.substr(a, s.find_last_not_of(blanks) - a + 1);
}

/// True for one or more ASCII digits and nothing else.
inline bool allDigits(std::string_view s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

/// The parts of `s` between the `by` bytes (n bytes give n + 1 parts, empty ones kept).
inline std::vector<std::string_view> splitOn(std::string_view s, char by) {
    std::vector<std::string_view> parts;
    for (size_t start = 0;;) {
        const size_t at = s.find(by, start);
        parts.push_back(s.substr(start, at == std::string_view::npos ? at : at - start));
        if (at == std::string_view::npos) return parts;
        start = at + 1;
    }
}

}  // namespace ipfacts::mail

#endif
