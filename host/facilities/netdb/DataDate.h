// DataDate: when a data file's contents were made, for /metrics' data age. Not
// the file's modification time as such: npm tarballs (tools/fetch-data,
// ipfacts-fetch-data) stamp every file 1985-10-26T08:15:00Z, which would read
// as 41 years old. An mmdb says its own date (the metadata's build_epoch); any
// other file has its modification time unless it is that fixed stamp, which
// tools/fetch-data replaces with the package's publication time.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace ipfacts::facilities::netdb {

/// npm pack's fixed modification time of every file in a tarball (Unix seconds).
constexpr int64_t kNpmTarballStamp = 499162500;

/// When `path`'s data was made (Unix seconds); nullopt when it cannot be read
/// or says nothing true (an mmdb without build_epoch, npm's fixed stamp).
std::optional<int64_t> dataDate(const std::string& path);

}  // namespace ipfacts::facilities::netdb
