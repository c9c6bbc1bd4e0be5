#include "host/manifest/YamlReader.h"

#include <yaml-cpp/yaml.h>

#include <filesystem>

namespace ipfacts::manifest {

void YamlReader::fail(const YAML::Node& at, const std::string& msg) const {
    int line = at.IsDefined() ? at.Mark().line + 1 : 0;
    throw ConfigError(file_ + ":" + std::to_string(line) + ": " + msg);
}

void YamlReader::onlyKeys(const YAML::Node& map, const std::set<std::string>& allowed, const std::string& where) const {
    if (!map.IsMap()) fail(map, where + " must be a mapping");
    for (const auto& kv : map) {
        auto k = kv.first.as<std::string>();
        if (!allowed.count(k)) fail(kv.first, "unknown key '" + k + "' in " + where);
    }
}

std::string YamlReader::str(const YAML::Node& n, const std::string& what) const {
    if (!n.IsScalar()) fail(n, what + " must be a string");
    return n.as<std::string>();
}

int64_t YamlReader::integer(const YAML::Node& n, const std::string& what, int64_t min, int64_t max) const {
    if (!n.IsScalar()) fail(n, what + " must be a number");
    int64_t v = 0;
    try {
        v = n.as<int64_t>();
    } catch (const YAML::Exception&) {
        fail(n, what + " must be a whole number");
    }
    if (v < min || v > max) fail(n, what + " must be between " + std::to_string(min) + " and " + std::to_string(max));
    return v;
}

bool YamlReader::boolean(const YAML::Node& n, const std::string& what) const {
    try {
        return n.as<bool>();
    } catch (const YAML::Exception&) {
        fail(n, what + " must be true or false");
    }
}

void YamlReader::integerKey(const YAML::Node& section, const char* key, const std::string& where, int& field,
                            int64_t min, int64_t max) const {
    int64_t v = field;
    integerKey(section, key, where, v, min, max);
    field = static_cast<int>(v);
}

void YamlReader::integerKey(const YAML::Node& section, const char* key, const std::string& where, int64_t& field,
                            int64_t min, int64_t max) const {
    if (const YAML::Node n = section[key]) field = integer(n, where + "." + key, min, max);
}

std::string YamlReader::path(const YAML::Node& n, const std::string& what) const {
    return resolvePath(dir_, str(n, what));
}

std::string YamlReader::existingFile(const YAML::Node& n, const std::string& what, const std::string& kind) const {
    std::string p = path(n, what);
    if (!std::filesystem::exists(p)) fail(n, kind + " file " + p + " does not exist");
    return p;
}

YAML::Node YamlReader::loadFile(const std::string& path) {
    try {
        return YAML::LoadFile(path);
    } catch (const YAML::Exception& e) {
        throw ConfigError(path + ":" + std::to_string(e.mark.line + 1) + ": " + e.msg);
    }
}

std::string resolvePath(const std::string& base_dir, const std::string& p) {
    if (p.empty() || p[0] == '/') return p;
    return std::filesystem::weakly_canonical(std::filesystem::path(base_dir) / p).string();
}

bool validName(const std::string& s) {
    if (s.empty()) return false;
    for (char c : s)
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-')) return false;
    return true;
}

}  // namespace ipfacts::manifest
