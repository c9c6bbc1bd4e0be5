// YamlReader: the one way a manifest section is read, by the host's own
// sections (Manifest.cpp) and by each facility's section reader
// (host/facilities/<name>/<Name>Config): a key that is not allowed, a value
// of the wrong type or out of range is an error naming the file and line, so
// a typo never silently keeps a default.
//
// Only declares YAML::Node, so plain-data section headers and Manifest.h can
// include it without pulling in yaml-cpp.
#pragma once

#include <cstdint>
#include <set>
#include <stdexcept>
#include <string>

namespace YAML {
class Node;
}

namespace ipfacts::manifest {

/// A section that cannot be used; what() reads "file:line: message". The
/// manifest reader turns it into a ManifestError.
class ConfigError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// Reads nodes of one YAML file whose relative paths resolve against `dir`.
class YamlReader {
public:
    YamlReader(std::string file, std::string dir) : file_(std::move(file)), dir_(std::move(dir)) {}

    const std::string& file() const { return file_; }
    const std::string& dir() const { return dir_; }

    /// Throws ConfigError "file:line: msg" at `at` (line 0 when `at` is undefined).
    [[noreturn]] void fail(const YAML::Node& at, const std::string& msg) const;

    /// Refuses keys other than `allowed`, and anything but a mapping ("`where` must be a mapping").
    void onlyKeys(const YAML::Node& map, const std::set<std::string>& allowed, const std::string& where) const;

    /// A scalar ("`what` must be a string").
    std::string str(const YAML::Node& n, const std::string& what) const;

    /// A whole number in [min, max] ("`what` must be a number / a whole number / between min and max").
    int64_t integer(const YAML::Node& n, const std::string& what, int64_t min, int64_t max) const;

    /// true or false ("`what` must be true or false").
    bool boolean(const YAML::Node& n, const std::string& what) const;

    /// When `section` has `key`, sets `field` to integer(its node, "`where`.`key`", min, max);
    /// otherwise leaves the default in it.
    void integerKey(const YAML::Node& section, const char* key, const std::string& where, int& field, int64_t min,
                    int64_t max) const;
    void integerKey(const YAML::Node& section, const char* key, const std::string& where, int64_t& field, int64_t min,
                    int64_t max) const;

    /// A string naming a file, resolved against dir().
    std::string path(const YAML::Node& n, const std::string& what) const;

    /// path(), for a file that must exist ("`kind` file PATH does not exist").
    std::string existingFile(const YAML::Node& n, const std::string& what, const std::string& kind) const;

    /// Parses the YAML file `path`; a syntax error is a ConfigError "path:line: reason".
    static YAML::Node loadFile(const std::string& path);

private:
    std::string file_;
    std::string dir_;
};

/// Resolves `p` against `base_dir` unless it is absolute (or empty).
std::string resolvePath(const std::string& base_dir, const std::string& p);

/// True for names the manifest gives plugins, upstreams and meters: [a-z0-9_-]+.
bool validName(const std::string& s);

}  // namespace ipfacts::manifest
