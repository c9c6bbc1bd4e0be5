// Badge: the 24-hour uptime as a two-part flat badge ("uptime 24h" | "99.95%")
// in SVG, and as a shields.io endpoint JSON for README badges. Colours by
// the documented thresholds (host/status/README.md, "Badge"):
//   >= 99.9 brightgreen, >= 99 green, >= 95 yellow, >= 90 orange, else red;
//   no checks in the window: lightgrey "no data".
#pragma once

#include <optional>
#include <string>

namespace ipfacts::status {

struct BadgeColour {
    const char* name;  // shields.io's name
    const char* hex;   // the SVG fill
};

/// The colour for an uptime percent (none: no data).
BadgeColour badgeColour(const std::optional<double>& percent);

/// The SVG badge; its <title> reads "uptime 24h: 99.95%".
std::string badgeSvg(const std::optional<double>& uptime_24h);

/// {"schemaVersion":1,"label":"uptime 24h","message":"99.95%","color":"brightgreen","cacheSeconds":300}
std::string badgeJson(const std::optional<double>& uptime_24h);

}  // namespace ipfacts::status
