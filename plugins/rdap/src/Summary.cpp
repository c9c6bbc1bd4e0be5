#include "Summary.h"

#include "AsciiText.h"

#include <ipfacts/address.hpp>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <ctime>

namespace ipfacts::rdap {
namespace {

using U128 = unsigned __int128;

U128 toNumber(const Address& a) {
    U128 v = 0;
    for (size_t i = 0; i < a.size(); ++i) v = (v << 8) | a.bytes[i];
    return v;
}

Address fromNumber(U128 v, int version) {
    Address a;
    a.version = version;
    for (size_t i = a.size(); i-- > 0;) {
        a.bytes[i] = static_cast<uint8_t>(v & 0xff);
        v >>= 8;
    }
    return a;
}

std::string two(int v) {
    char b[16];
    std::snprintf(b, sizeof b, "%02d", v);
    return b;
}

bool digitsAt(const std::string& s, size_t at, size_t n) {
    if (at + n > s.size()) return false;
    for (size_t i = at; i < at + n; ++i)
        if (!std::isdigit(static_cast<unsigned char>(s[i]))) return false;
    return true;
}

int num(const std::string& s, size_t at, size_t n) { return std::stoi(s.substr(at, n)); }

Text format(int y, int mo, int d, int h, int mi, int se, int offsetMinutes) {
    // Registration data begins in the 1980s; a year outside 1900-9998 is a typo, not a date.
    if (y < 1900 || y > 9998 || mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || se > 60)
        return std::nullopt;
    std::tm t{};
    t.tm_year = y - 1900;
    t.tm_mon = mo - 1;
    t.tm_mday = d;
    t.tm_hour = h;
    t.tm_min = mi;
    t.tm_sec = se;
    time_t s = timegm(&t) - offsetMinutes * 60;
    std::tm u{};
    gmtime_r(&s, &u);
    return std::to_string(u.tm_year + 1900) + "-" + two(u.tm_mon + 1) + "-" + two(u.tm_mday) + "T" + two(u.tm_hour) +
           ":" + two(u.tm_min) + ":" + two(u.tm_sec) + "Z";
}

}  // namespace

int monthNumber(const std::string& word) {
    static const char* names[] = {"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"};
    if (word.size() < 3) return 0;
    const std::string abbreviation = lowerText(word.substr(0, 3));
    for (int i = 0; i < 12; ++i)
        if (abbreviation == names[i]) return i + 1;
    return 0;
}

bool isPlaceholder(const std::string& value) {
    const std::string v = lowerText(value);
    static const char* kMarks[] = {"redacted",        "data protected",  "not disclosed", "withheld",
                                   "non-public data", "privacy service", "gdpr masked",   "hidden upon user request"};
    return std::any_of(std::begin(kMarks), std::end(kMarks),
                       [&](const char* m) { return v.find(m) != std::string::npos; });
}

Text keepUnlessRedacted(Summary& summary, const std::string& field, const std::string& value) {
    if (value.empty()) return std::nullopt;
    if (isPlaceholder(value)) {
        if (std::find(summary.redacted.begin(), summary.redacted.end(), field) == summary.redacted.end())
            summary.redacted.push_back(field);
        return std::nullopt;
    }
    return value;
}

std::vector<std::string> cidrsOfRange(const std::string& startText, const std::string& endText) {
    auto a = parseAddress(startText);
    auto b = parseAddress(endText);
    std::vector<std::string> out;
    if (!a || !b || a->version != b->version) return out;
    const int bits = a->version == 4 ? 32 : 128;
    U128 lo = toNumber(*a), hi = toNumber(*b);
    if (lo > hi) return out;
    while (out.size() < 64) {
        // The largest block starting at lo (aligned) that does not pass hi.
        int len = bits;
        while (len > 0) {
            const int host = bits - (len - 1);
            const U128 size = host >= 128 ? 0 : (U128(1) << host);
            if (host >= 128 || (lo & (size - 1)) != 0) break;
            if (lo + size - 1 > hi) break;
            --len;
        }
        out.push_back(fromNumber(lo, a->version).text() + "/" + std::to_string(len));
        const int host = bits - len;
        if (host >= 128) break;  // ::/0: the whole space
        const U128 last = lo + ((U128(1) << host) - 1);
        if (last >= hi) break;
        lo = last + 1;
    }
    return out;
}

bool isCidrText(const std::string& text) {
    const size_t slash = text.find('/');
    if (slash == std::string::npos) return false;
    auto a = parseAddress(text.substr(0, slash));
    const std::string len = text.substr(slash + 1);
    if (!a || len.empty() || len.size() > 3 || len.find_first_not_of("0123456789") != std::string::npos) return false;
    return std::stoi(len) <= (a->version == 4 ? 32 : 128);
}

Text isoUtc(const std::string& raw) {
    std::string s = raw;
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.pop_back();
    size_t lead = 0;
    while (lead < s.size() && std::isspace(static_cast<unsigned char>(s[lead]))) ++lead;
    s = s.substr(lead);
    try {
        if (s.size() == 8 && digitsAt(s, 0, 8)) return format(num(s, 0, 4), num(s, 4, 2), num(s, 6, 2), 0, 0, 0, 0);
        if (s.size() >= 11 && std::isdigit(static_cast<unsigned char>(s[0])) && s[2] == '-' &&
            std::isalpha(static_cast<unsigned char>(s[3])) && s[6] == '-' && digitsAt(s, 7, 4))  // 26-Aug-1996
            return format(num(s, 7, 4), monthNumber(s.substr(3, 3)), num(s, 0, 2), 0, 0, 0, 0);
        if (!(digitsAt(s, 0, 4) && s.size() >= 10 && s[4] == '-' && digitsAt(s, 5, 2) && s[7] == '-' &&
              digitsAt(s, 8, 2)))
            return std::nullopt;
        const int y = num(s, 0, 4), mo = num(s, 5, 2), d = num(s, 8, 2);
        if (s.size() == 10) return format(y, mo, d, 0, 0, 0, 0);
        if ((s[10] != 'T' && s[10] != ' ') || !digitsAt(s, 11, 2) || s[13] != ':' || !digitsAt(s, 14, 2))
            return std::nullopt;
        const int h = num(s, 11, 2), mi = num(s, 14, 2);
        size_t at = 16;
        int se = 0;
        if (at < s.size() && s[at] == ':' && digitsAt(s, at + 1, 2)) {
            se = num(s, at + 1, 2);
            at += 3;
        }
        if (at < s.size() && (s[at] == '.' || s[at] == ',')) {
            ++at;
            while (at < s.size() && std::isdigit(static_cast<unsigned char>(s[at]))) ++at;
        }
        while (at < s.size() && s[at] == ' ') ++at;
        std::string zone = s.substr(at);
        if (zone.empty() || zone == "Z" || zone == "z" || zone == "UTC" || zone == "GMT")
            return format(y, mo, d, h, mi, se, 0);
        if ((zone[0] == '+' || zone[0] == '-') && digitsAt(zone, 1, 2)) {
            size_t m = zone.size() >= 6 && zone[3] == ':' ? 4 : 3;
            if (!digitsAt(zone, m, 2)) return std::nullopt;
            int off = num(zone, 1, 2) * 60 + num(zone, m, 2);
            return format(y, mo, d, h, mi, se, zone[0] == '-' ? -off : off);
        }
    } catch (const std::exception&) {
    }
    return std::nullopt;
}

}  // namespace ipfacts::rdap
