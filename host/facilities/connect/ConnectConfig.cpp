#include "host/facilities/connect/ConnectConfig.h"

#include <yaml-cpp/yaml.h>

#include <unistd.h>

#include <cstdint>
#include <filesystem>

namespace ipfacts::facilities::connect {
namespace {

[[noreturn]] void fail(const std::string& file, const YAML::Node& at, const std::string& msg) {
    int line = at.IsDefined() ? at.Mark().line + 1 : 0;
    throw ConnectConfigError(file + ":" + std::to_string(line) + ": " + msg);
}

int integer(const std::string& file, const YAML::Node& n, const std::string& key, int min, int max) {
    const std::string what = "connect." + key;
    if (!n.IsScalar()) fail(file, n, what + " must be a number");
    int64_t v = 0;
    try {
        v = n.as<int64_t>();
    } catch (const YAML::Exception&) {
        fail(file, n, what + " must be a whole number");
    }
    if (v < min || v > max) fail(file, n, what + " must be between " + std::to_string(min) + " and " + std::to_string(max));
    return static_cast<int>(v);
}

/// The manifest's rule for paths: relative ones resolve against its folder.
std::string resolved(const std::string& dir, const std::string& p) {
    if (p.empty() || p[0] == '/') return p;
    return std::filesystem::weakly_canonical(std::filesystem::path(dir) / p).string();
}

}  // namespace

ConnectConfig ConnectConfig::fromYaml(const YAML::Node& connect, const std::string& file, const std::string& dir) {
    ConnectConfig c;
    if (!connect.IsDefined() || connect.IsNull()) return c;
    if (!connect.IsMap()) fail(file, connect, "connect must be a mapping");
    for (const auto& kv : connect) {
        // A typo ("timout_ms") must not silently keep the default.
        const std::string key = kv.first.as<std::string>();
        if (key == "timeout_ms") c.timeout_ms = integer(file, kv.second, key, 50, 60000);
        else if (key == "max_timeout_ms") c.max_timeout_ms = integer(file, kv.second, key, 50, 120000);
        else if (key == "max_concurrent") c.max_concurrent = integer(file, kv.second, key, 1, 100000);
        else if (key == "ca_file") {
            if (!kv.second.IsScalar()) fail(file, kv.second, "connect.ca_file must be a path");
            c.ca_file = resolved(dir, kv.second.as<std::string>());
            if (::access(c.ca_file.c_str(), R_OK) != 0) fail(file, kv.second, "connect.ca_file: cannot read " + c.ca_file);
        } else fail(file, kv.first, "unknown key '" + key + "' in connect");
    }
    if (c.timeout_ms > c.max_timeout_ms)
        fail(file, connect["timeout_ms"].IsDefined() ? connect["timeout_ms"] : connect,
             "connect.timeout_ms (" + std::to_string(c.timeout_ms) + ") is above connect.max_timeout_ms (" +
                 std::to_string(c.max_timeout_ms) + ")");
    return c;
}

}  // namespace ipfacts::facilities::connect
