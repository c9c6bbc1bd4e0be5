#include "host/facilities/netdb/YamlSource.h"

#include <fstream>
#include <stdexcept>

namespace ipfacts::facilities::netdb {

YamlSource::YamlSource(std::string path) : path_(std::move(path)) {
    // yaml-cpp's own "bad file" says nothing about which file; check first.
    if (!std::ifstream(path_)) throw std::runtime_error(path_ + ": cannot open");
    try {
        root_ = YAML::LoadFile(path_);
    } catch (const YAML::Exception& e) {
        throw std::runtime_error(path_ + ":" + std::to_string(e.mark.line + 1) + ": " + e.msg);
    }
}

void YamlSource::fail(const YAML::Node& at, std::string_view what) const {
    const YAML::Mark m = at.Mark();
    // A node that never came from the file (absent key) has no position.
    std::string where = m.is_null() ? path_ : path_ + ":" + std::to_string(m.line + 1);
    throw std::runtime_error(where + ": " + std::string(what));
}

YAML::Node YamlSource::sequence(const YAML::Node& node, const char* key) const {
    YAML::Node n = node[key];
    if (!n) fail(node, std::string("missing `") + key + "` list");
    if (!n.IsSequence()) fail(n, std::string("`") + key + "` is not a list");
    return n;
}

YAML::Node YamlSource::optionalSequence(const YAML::Node& node, const char* key) const {
    YAML::Node n = node[key];
    if (n && !n.IsNull() && !n.IsSequence()) fail(n, std::string("`") + key + "` is not a list");
    return n && n.IsSequence() ? n : YAML::Node(YAML::NodeType::Sequence);
}

std::string YamlSource::text(const YAML::Node& node, const char* key) const {
    YAML::Node n = node[key];
    if (!n) fail(node, std::string("missing `") + key + "`");
    return scalar(n, std::string("`") + key + "`");
}

std::string YamlSource::scalar(const YAML::Node& node, std::string_view what) const {
    if (!node.IsScalar() || node.Scalar().empty()) fail(node, std::string(what) + " is not a non-empty string");
    return node.Scalar();
}

uint32_t YamlSource::number(const YAML::Node& node, const char* key) const {
    YAML::Node n = node[key];
    if (!n) fail(node, std::string("missing `") + key + "`");
    return numberAt(n, std::string("`") + key + "`");
}

uint32_t YamlSource::numberAt(const YAML::Node& node, std::string_view what) const {
    try {
        if (node.IsScalar()) {
            const std::string& s = node.Scalar();
            if (!s.empty() && s.find_first_not_of("0123456789") == std::string::npos && s.size() <= 10) {
                unsigned long long v = std::stoull(s);
                if (v <= 0xFFFFFFFFull) return static_cast<uint32_t>(v);
            }
        }
    } catch (const std::exception&) {
    }
    fail(node, std::string(what) + " is not a number from 0 to 4294967295");
}

bool YamlSource::flag(const YAML::Node& node, const char* key) const {
    YAML::Node n = node[key];
    if (!n) fail(node, std::string("missing `") + key + "`");
    try {
        return n.as<bool>();
    } catch (const YAML::Exception&) {
        fail(n, std::string("`") + key + "` is not true or false");
    }
}

}  // namespace ipfacts::facilities::netdb
