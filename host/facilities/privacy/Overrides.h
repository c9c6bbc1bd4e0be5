// Overrides: the operator's allow and deny ranges (privacy.overrides, a YAML
// file in etc/), applied after every provider: a deny range makes its flags
// true, an allow range makes them false, and either is named in the evidence
// (source "override-deny" / "override-allow"). A deny beats an allow.
//
//   deny:
//     - { range: 192.0.2.0/24, flags: [vpn], service: Example VPN }
//   allow:
//     - { range: 198.51.100.0/24, flags: [vpn, proxy, hosting] }
#pragma once

#include "host/facilities/privacy/RangeTable.h"
#include "host/facilities/privacy/SourceWord.h"

#include <string>
#include <vector>

namespace ipfacts::facilities::privacy {

class Overrides {
public:
    Overrides() = default;
    /// Reads `path`; throws manifest::ConfigError "path:line: message".
    explicit Overrides(const std::string& path);

    /// The overrides for `a`: allow words (kind No) first, then deny (Yes).
    std::vector<SourceWord> find(const net::IpAddress& a) const;
    size_t size() const { return allow_.size() + deny_.size(); }

private:
    struct Entry {
        std::vector<std::string> flags;
        std::string service;
    };
    struct Side {
        RangeTable table;
        std::vector<Entry> entries;
        size_t size() const { return entries.size(); }
    };
    Side allow_, deny_;
    std::string date_;
};

}  // namespace ipfacts::facilities::privacy
