#include "host/facilities/netdb/MappedFile.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace ipfacts::facilities::netdb {

namespace {

[[noreturn]] void failWith(const std::string& path, const char* what) {
    throw std::runtime_error(path + ": " + what + ": " + std::strerror(errno));
}

/// Closes the descriptor on every path out of the constructor; the mapping
/// stays valid after close.
struct Descriptor {
    int fd;
    ~Descriptor() {
        if (fd >= 0) ::close(fd);
    }
};

}  // namespace

MappedFile::MappedFile(const std::string& path) {
    Descriptor d{::open(path.c_str(), O_RDONLY | O_CLOEXEC)};
    if (d.fd < 0) failWith(path, "cannot open");
    struct stat st {};
    if (::fstat(d.fd, &st) != 0) failWith(path, "cannot stat");
    size_ = static_cast<size_t>(st.st_size);
    if (size_ == 0) return;  // mmap refuses length 0; an empty view will do
    data_ = ::mmap(nullptr, size_, PROT_READ, MAP_PRIVATE, d.fd, 0);
    if (data_ == MAP_FAILED) {
        data_ = nullptr;
        failWith(path, "cannot map");
    }
    ::madvise(data_, size_, MADV_SEQUENTIAL);
}

MappedFile::~MappedFile() {
    if (data_) ::munmap(data_, size_);
}

}  // namespace ipfacts::facilities::netdb
