#include "host/store/sqlite/DiskReserve.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>

namespace ipfacts::store {

std::string diskReservePath(const std::string& sqlite_path) { return sqlite_path + ".reserve"; }

bool setDiskReserveAside(const std::string& sqlite_path) {
    const std::string path = diskReservePath(sqlite_path);
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0 && static_cast<size_t>(st.st_size) >= kDiskReserveBytes) return true;
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
    if (fd < 0) return false;
    // Allocated for real: a sparse file would free nothing when deleted.
    const bool made = ::posix_fallocate(fd, 0, static_cast<off_t>(kDiskReserveBytes)) == 0;
    ::close(fd);
    if (!made) ::unlink(path.c_str());
    return made;
}

bool releaseDiskReserve(const std::string& sqlite_path) { return ::unlink(diskReservePath(sqlite_path).c_str()) == 0; }

bool saysDiskFull(const std::string& what) {
    return what.find("database or disk is full") != std::string::npos ||
           what.find("No space left on device") != std::string::npos;
}

}  // namespace ipfacts::store
