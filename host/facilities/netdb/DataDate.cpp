#include "host/facilities/netdb/DataDate.h"

#include <maxminddb.h>
#include <sys/stat.h>

namespace ipfacts::facilities::netdb {
namespace {

bool endsWith(const std::string& s, const std::string& tail) {
    return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

/// The metadata's build_epoch: the one date an mmdb carries inside itself.
std::optional<int64_t> mmdbBuildEpoch(const std::string& path) {
    MMDB_s db{};
    if (MMDB_open(path.c_str(), MMDB_MODE_MMAP, &db) != MMDB_SUCCESS) return std::nullopt;
    const auto epoch = static_cast<int64_t>(db.metadata.build_epoch);
    MMDB_close(&db);
    if (epoch <= 0) return std::nullopt;
    return epoch;
}

}  // namespace

std::optional<int64_t> dataDate(const std::string& path) {
    if (endsWith(path, ".mmdb")) return mmdbBuildEpoch(path);
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) return std::nullopt;
    const auto mtime = static_cast<int64_t>(st.st_mtime);
    if (mtime == kNpmTarballStamp) return std::nullopt;
    return mtime;
}

}  // namespace ipfacts::facilities::netdb
