#include "DeviceClass.h"

#include <array>
#include <utility>

namespace ipfacts::ua {
namespace {

constexpr std::array<std::pair<DeviceClass, std::string_view>, 9> kNames = {{
    {DeviceClass::Desktop, "desktop"},
    {DeviceClass::Mobile, "mobile"},
    {DeviceClass::Tablet, "tablet"},
    {DeviceClass::Tv, "tv"},
    {DeviceClass::Console, "console"},
    {DeviceClass::Wearable, "wearable"},
    {DeviceClass::Bot, "bot"},
    {DeviceClass::Cli, "cli"},
    {DeviceClass::Unknown, "unknown"},
}};

}  // namespace

std::string_view deviceClassName(DeviceClass c) {
    for (const auto& [value, name] : kNames)
        if (value == c) return name;
    return "unknown";
}

std::optional<DeviceClass> deviceClassFromName(std::string_view name) {
    for (const auto& [value, n] : kNames)
        if (n == name) return value;
    return std::nullopt;
}

}  // namespace ipfacts::ua
