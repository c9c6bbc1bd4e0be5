// What parsing one user agent yields: the body of a UaResponse without the
// per-request fields (user_agent, checked_at, source).
#ifndef IPFACTS_UA_UA_RESULT_HPP
#define IPFACTS_UA_UA_RESULT_HPP

#include "DeviceClass.h"

#include <optional>
#include <string>

namespace ipfacts::ua {

/// A name and its version; either is absent (JSON null) when unknown.
struct NameVersion {
    std::optional<std::string> name;
    std::optional<std::string> version;

    bool operator==(const NameVersion& o) const { return name == o.name && version == o.version; }
};

/// The parsed facts about one user agent. A plain value: copy freely.
struct UaResult {
    NameVersion browser;
    NameVersion engine;
    NameVersion os;
    DeviceClass device = DeviceClass::Unknown;
    bool bot = false;
    bool cli = false;
};

}  // namespace ipfacts::ua

#endif
