// The documented set of device classes a UaResponse's `device` can hold.
#ifndef IPFACTS_UA_DEVICE_CLASS_HPP
#define IPFACTS_UA_DEVICE_CLASS_HPP

#include <optional>
#include <string_view>

namespace ipfacts::ua {

/// Kind of device (or client) behind a user agent. The same set is the enum
/// of `device` in openapi.json; adding a value is an API change.
enum class DeviceClass { Desktop, Mobile, Tablet, Tv, Console, Wearable, Bot, Cli, Unknown };

/// The wire name: "desktop", "mobile", ... "unknown".
std::string_view deviceClassName(DeviceClass c);

/// The class for a wire name, or nullopt when `name` is not in the set.
std::optional<DeviceClass> deviceClassFromName(std::string_view name);

}  // namespace ipfacts::ua

#endif
