#include "host/status/Badge.h"

#include "host/status/StatusFormat.h"

#include <ipfacts/json.hpp>

namespace ipfacts::status {
namespace {

constexpr const char* kLabel = "uptime 24h";

/// Width of `s` in 11px Verdana, the badge font, close enough for padding:
/// the widths are shields.io's for these glyphs, rounded.
int textWidth(const std::string& s) {
    int w = 0;
    for (char c : s) {
        if (c >= '0' && c <= '9')
            w += 7;
        else if (c == '.' || c == ' ')
            w += 4;
        else if (c == '%')
            w += 12;
        else if (c == 'm' || c == 'w')
            w += 11;
        else if (c == 'i' || c == 'l' || c == 't')
            w += 4;
        else
            w += 7;
    }
    return w;
}

}  // namespace

BadgeColour badgeColour(const std::optional<double>& p) {
    if (!p) return {"lightgrey", "#9f9f9f"};
    if (*p >= 99.9) return {"brightgreen", "#4c1"};
    if (*p >= 99.0) return {"green", "#97ca00"};
    if (*p >= 95.0) return {"yellow", "#dfb317"};
    if (*p >= 90.0) return {"orange", "#fe7d37"};
    return {"red", "#e05d44"};
}

std::string badgeSvg(const std::optional<double>& uptime) {
    const std::string message = badgeText(uptime);
    const BadgeColour colour = badgeColour(uptime);
    const int lw = textWidth(kLabel) + 10, mw = textWidth(message) + 10, w = lw + mw;
    const std::string title = std::string(kLabel) + ": " + message;
    std::string s;
    s.reserve(1200);
    auto n = [](int v) { return std::to_string(v); };
    s += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + n(w) + "\" height=\"20\" role=\"img\" aria-label=\"" +
         title + "\">";
    s += "<title>" + title + "</title>";
    s += "<linearGradient id=\"s\" x2=\"0\" y2=\"100%\"><stop offset=\"0\" stop-color=\"#bbb\" "
         "stop-opacity=\".1\"/><stop offset=\"1\" stop-opacity=\".1\"/></linearGradient>";
    s += "<clipPath id=\"r\"><rect width=\"" + n(w) + "\" height=\"20\" rx=\"3\" fill=\"#fff\"/></clipPath>";
    s += "<g clip-path=\"url(#r)\"><rect width=\"" + n(lw) + "\" height=\"20\" fill=\"#555\"/><rect x=\"" + n(lw) +
         "\" width=\"" + n(mw) + "\" height=\"20\" fill=\"" + colour.hex + "\"/><rect width=\"" + n(w) +
         "\" height=\"20\" fill=\"url(#s)\"/></g>";
    s += "<g fill=\"#fff\" text-anchor=\"middle\" font-family=\"Verdana,Geneva,DejaVu Sans,sans-serif\" "
         "font-size=\"11\">";
    auto text = [&](int x, const std::string& t) {
        s += "<text x=\"" + n(x) + "\" y=\"15\" fill=\"#010101\" fill-opacity=\".3\" aria-hidden=\"true\">" + t +
             "</text>";
        s += "<text x=\"" + n(x) + "\" y=\"14\">" + t + "</text>";
    };
    text(lw / 2, kLabel);
    text(lw + mw / 2, message);
    s += "</g></svg>";
    return s;
}

std::string badgeJson(const std::optional<double>& uptime) {
    JsonWriter w;
    w.beginObject();
    w.field("schemaVersion", 1);
    w.field("label", kLabel);
    w.field("message", badgeText(uptime));
    w.field("color", badgeColour(uptime).name);
    w.field("cacheSeconds", 300);
    w.endObject();
    return w.take();
}

}  // namespace ipfacts::status
