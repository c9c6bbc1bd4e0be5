// StatusFormat: how the status figures are written, once for every
// rendering, so the JSON, the page and the badges show the same text.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace ipfacts::status {

/// `v` with at most `decimals` decimals, trailing zeros dropped ("99.95", "100", "0.412").
std::string numberText(double v, int decimals);
/// An uptime percent as JSON and the page write it: up to 4 decimals.
std::string percentText(double v);
/// A latency in ms as JSON and the page write it: up to 3 decimals (microseconds).
std::string msText(double v);
/// The badge's figure: the percent cut (not rounded) to 2 decimals with a
/// sign, so 99.999 % never reads "100.00%": "99.99%", "100%"; "no data" for none.
std::string badgeText(const std::optional<double>& percent);
/// ISO 8601 UTC with seconds: "2026-11-26T08:53:34Z".
std::string isoText(int64_t unix_ms);

}  // namespace ipfacts::status
