// MappedFile: a whole file mapped read-only into memory for one pass of
// parsing (the ASN CSVs are tens of megabytes; mapping avoids copying them),
// unmapped and closed by the destructor.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace ipfacts::facilities::netdb {

class MappedFile {
public:
    /// Maps `path`; throws std::runtime_error naming it when it cannot.
    explicit MappedFile(const std::string& path);
    ~MappedFile();
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;

    std::string_view text() const { return {static_cast<const char*>(data_), size_}; }

private:
    void* data_ = nullptr;
    size_t size_ = 0;
};

}  // namespace ipfacts::facilities::netdb
