#include "host/status/StatusFormat.h"

#include <cmath>
#include <cstdio>
#include <ctime>

namespace ipfacts::status {

std::string numberText(double v, int decimals) {
    char buf[64];
    int n = std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    std::string s(buf, static_cast<size_t>(n));
    if (s.find('.') != std::string::npos) {
        while (s.back() == '0') s.pop_back();
        if (s.back() == '.') s.pop_back();
    }
    if (s == "-0") s = "0";
    return s;
}

std::string percentText(double v) { return numberText(v, 4); }

std::string msText(double v) { return numberText(v, 3); }

std::string badgeText(const std::optional<double>& percent) {
    if (!percent) return "no data";
    if (*percent >= 100.0) return "100%";
    // Cut to hundredths on the 4-decimal figure the JSON shows, so the badge
    // is always that figure's first two decimals.
    double shown = std::stod(percentText(*percent));
    double cut = std::floor(shown * 100.0 + 1e-9) / 100.0;
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f%%", cut);
    return buf;
}

std::string isoText(int64_t unix_ms) {
    time_t t = static_cast<time_t>(unix_ms >= 0 ? unix_ms / 1000 : (unix_ms - 999) / 1000);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

}  // namespace ipfacts::status
