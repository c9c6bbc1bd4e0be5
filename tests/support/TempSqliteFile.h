// TempSqliteFile: a fresh SQLite file name in the temp folder, unique per
// process and instance, removed (with its WAL and shared-memory files) when
// the object goes.
#pragma once

#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <string>

namespace ipfacts::testing {

struct TempSqliteFile {
    std::string path;
    explicit TempSqliteFile(const std::string& prefix = "ipfacts") {
        static std::atomic<int> n{0};
        path = (std::filesystem::temp_directory_path() /
                (prefix + "-" + std::to_string(::getpid()) + "-" + std::to_string(n++) + ".sqlite"))
                   .string();
    }
    ~TempSqliteFile() {
        for (const char* s : {"", "-wal", "-shm"}) std::filesystem::remove(path + s);
    }
    TempSqliteFile(const TempSqliteFile&) = delete;
    TempSqliteFile& operator=(const TempSqliteFile&) = delete;
};

}  // namespace ipfacts::testing
