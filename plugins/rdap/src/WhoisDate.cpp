#include "WhoisDate.h"

#include "AsciiText.h"

#include <cctype>
#include <cstdio>
#include <regex>
#include <vector>

namespace ipfacts::rdap {
namespace {

std::vector<std::string> wordsOf(const std::string& s) {
    std::vector<std::string> out;
    size_t at = 0;
    while (at < s.size()) {
        while (at < s.size() && std::isspace(static_cast<unsigned char>(s[at]))) ++at;
        size_t end = at;
        while (end < s.size() && !std::isspace(static_cast<unsigned char>(s[end]))) ++end;
        if (end > at) out.push_back(s.substr(at, end - at));
        at = end;
    }
    return out;
}

/// A zone named in brackets, "(JST)", "(UTC+8)", "(GMT+0:00)", as "+09:00"; empty when none.
std::string bracketZone(std::string& s) {
    static const std::regex named(R"(\((JST|KST|CST|UTC|GMT)([+-]\d{1,2})?(?::?(\d{2}))?\))", std::regex::icase);
    std::smatch m;
    if (!std::regex_search(s, m, named)) return "";
    std::string zone = "+00:00";
    const std::string name = lowerText(m[1].str());
    if (name == "jst" || name == "kst") zone = "+09:00";
    if (name == "cst") zone = "+08:00";  // China Standard Time, as CNNIC and TWNIC mean it
    if (m[2].matched) {
        char buf[8];
        const int h = std::stoi(m[2].str().substr(1));
        std::snprintf(buf, sizeof buf, "%c%02d:%s", m[2].str()[0], h % 100, m[3].matched ? m[3].str().c_str() : "00");
        zone = buf;
    }
    s = s.substr(0, static_cast<size_t>(m.position(0))) + s.substr(static_cast<size_t>(m.position(0) + m.length(0)));
    return zone;
}

struct Day {
    int y = 0, m = 0, d = 0;
    size_t used = 0;  // words taken
};

/// The date at words[i]: one word (19961206, 2002.09.19, 30.6.2006, 12/18/2001), three
/// (2007. 03. 02., 31 May 1999, 30th April 2003).
bool dayAt(const std::vector<std::string>& w, size_t i, Day& out) {
    static const std::regex ymd(R"((\d{4})[./-](\d{1,2})[./-](\d{1,2})\.?)");
    static const std::regex dmy(R"((\d{1,2})([./-])(\d{1,2})[./-](\d{4}))");
    static const std::regex compact(R"((\d{4})(\d{2})(\d{2}))");
    std::smatch m;
    if (std::regex_match(w[i], m, compact) || std::regex_match(w[i], m, ymd)) {
        out = {std::stoi(m[1]), std::stoi(m[2]), std::stoi(m[3]), 1};
        return true;
    }
    if (std::regex_match(w[i], m, dmy)) {
        const int a = std::stoi(m[1]), b = std::stoi(m[3]);
        // A slash is month first (the US form .tk writes); dots and dashes are day first.
        out = m[2] == "/" ? Day{std::stoi(m[4]), a, b, 1} : Day{std::stoi(m[4]), b, a, 1};
        return true;
    }
    if (i + 2 >= w.size()) return false;
    static const std::regex yearDot(R"((\d{4})\.)"), partDot(R"((\d{1,2})\.?)");
    std::smatch m2, m3;
    if (std::regex_match(w[i], m, yearDot) && std::regex_match(w[i + 1], m2, partDot) &&
        std::regex_match(w[i + 2], m3, partDot)) {
        out = {std::stoi(m[1]), std::stoi(m2[1]), std::stoi(m3[1]), 3};
        return true;
    }
    static const std::regex ordinal(R"((\d{1,2})(st|nd|rd|th)?,?)", std::regex::icase), year(R"((\d{4}),?)");
    if (std::regex_match(w[i], m, ordinal) && monthNumber(w[i + 1]) && std::regex_match(w[i + 2], m3, year)) {
        out = {std::stoi(m3[1]), monthNumber(w[i + 1]), std::stoi(m[1]), 3};
        return true;
    }
    return false;
}

}  // namespace

Text whoisDate(const std::string& raw) {
    if (raw.size() > 200) return std::nullopt;
    if (Text iso = isoUtc(raw)) return iso;
    std::string s = raw;
    std::string zone = bracketZone(s);
    const std::vector<std::string> w = wordsOf(s);
    for (size_t i = 0; i < w.size(); ++i) {
        if (!std::isdigit(static_cast<unsigned char>(w[i][0]))) continue;
        Day day;
        try {
            if (!dayAt(w, i, day)) continue;
        } catch (const std::exception&) {
            continue;
        }
        size_t at = i + day.used;
        if (at < w.size() && lowerText(w[at]) == "at") ++at;
        static const std::regex clock(R"((\d{1,2}):(\d{2})(?::(\d{2}))?(?:[.,]\d+)?([+-]\d{2}(?::?\d{2})?|Z)?)");
        std::smatch m;
        std::string time = "00:00:00";
        if (at < w.size() && std::regex_match(w[at], m, clock)) {
            char buf[16];
            std::snprintf(buf, sizeof buf, "%02d:%s:%s", std::stoi(m[1]) % 100, m[2].str().c_str(),
                          m[3].matched ? m[3].str().c_str() : "00");
            time = buf;
            if (m[4].matched) zone = m[4].str();
            ++at;
            static const std::regex offset(R"([+-]\d{2}(?::?\d{2})?|Z|UTC|GMT)");
            if (zone.empty() && at < w.size() && std::regex_match(w[at], offset)) zone = w[at];
        }
        if (zone.size() == 3 && (zone[0] == '+' || zone[0] == '-')) zone += ":00";        // "+03"
        if (zone.size() == 5 && (zone[0] == '+' || zone[0] == '-')) zone.insert(3, ":");  // "+0300"
        char date[16];
        std::snprintf(date, sizeof date, "%04d-%02d-%02d", day.y % 10000, day.m % 100, day.d % 100);
        return isoUtc(std::string(date) + "T" + time + zone);
    }
    return std::nullopt;
}

}  // namespace ipfacts::rdap
