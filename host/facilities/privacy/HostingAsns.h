// HostingAsns: the curated list of networks whose addresses are hosting
// (cloud, VPS, CDN), from a YAML file in etc/ (privacy.hosting.asns):
//
//   asns:
//     - { asn: 16509, name: Amazon AWS }
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace ipfacts::facilities::privacy {

class HostingAsns {
public:
    HostingAsns() = default;
    /// Reads `path`; throws manifest::ConfigError "path:line: message".
    explicit HostingAsns(const std::string& path);

    /// The network's name when `asn` is listed.
    std::optional<std::string> find(int64_t asn) const;
    size_t size() const { return names_.size(); }
    /// The file's modification time (the date of its data), Unix seconds.
    int64_t date_s() const { return date_s_; }

private:
    std::map<int64_t, std::string> names_;
    int64_t date_s_ = 0;
};

}  // namespace ipfacts::facilities::privacy
