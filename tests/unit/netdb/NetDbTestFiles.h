// Where the netdb unit tests find their inputs: the versioned tables in
// etc/netdb/, the IP data stand-ins in tests/fixtures/netdb/ (never var/data),
// this suite's own small fixtures, and scratch files for malformed input.
#pragma once

#include <unistd.h>
#include <cstdlib>
#include <fstream>
#include <stdexcept>
#include <string>

namespace ipfacts::testing::netdb {

/// The source tree (ctest sets IPFACTS_SOURCE_DIR).
inline std::string sourceDir() {
    const char* dir = std::getenv("IPFACTS_SOURCE_DIR");
    return dir ? dir : ".";
}
inline std::string etcFile(const std::string& name) { return sourceDir() + "/etc/netdb/" + name; }
inline std::string dataFixture(const std::string& name) { return sourceDir() + "/tests/fixtures/netdb/" + name; }
inline std::string ownFixture(const std::string& name) { return sourceDir() + "/tests/unit/netdb/fixtures/" + name; }
inline const char* kCountryNames = "/usr/share/iso-codes/json/iso_3166-1.json";

/// A file holding `text`, removed when the object goes.
class ScratchFile {
public:
    explicit ScratchFile(const std::string& text, const std::string& suffix = ".yaml") {
        char tmpl[] = "/tmp/netdb-test-XXXXXX";
        int fd = ::mkstemp(tmpl);
        if (fd < 0) throw std::runtime_error("mkstemp failed");
        ::close(fd);
        path_ = std::string(tmpl) + suffix;
        std::rename(tmpl, path_.c_str());
        std::ofstream(path_) << text;
    }
    ~ScratchFile() { std::remove(path_.c_str()); }
    ScratchFile(const ScratchFile&) = delete;
    ScratchFile& operator=(const ScratchFile&) = delete;
    const std::string& path() const { return path_; }

private:
    std::string path_;
};

/// The message of the std::runtime_error `f` throws; "" when it throws none.
template <class F>
std::string errorOf(F f) {
    try {
        f();
    } catch (const std::runtime_error& e) {
        return e.what();
    }
    return "";
}

}  // namespace ipfacts::testing::netdb
