#include "HeaderCatalogue.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <utility>

namespace ipfacts::headers {
namespace {

// The API promises these values are never echoed; a catalogue that drops
// one would leak credentials, so loading refuses it rather than obey.
constexpr const char* kAlwaysRedacted[] = {"cookie", "authorization", "proxy-authorization"};

// RFC 9110 section 5.6.2 tchar: catches typos such as "accept language".
bool isToken(std::string_view s) {
    if (s.empty()) return false;
    for (char c : s) {
        const bool alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
        if (!alnum && !std::strchr("!#$%&'*+-.^_`|~", c)) return false;
    }
    return true;
}

/// Reads one catalogue file; every error names the file and, where the YAML
/// has one, the line.
class CatalogueReader {
public:
    explicit CatalogueReader(const std::string& path) : path_(path) {}

    YAML::Node parse() const {
        std::ifstream in(path_);
        if (!in) fail(std::string("cannot open: ") + std::strerror(errno));
        try {
            YAML::Node root = YAML::Load(in);
            if (!root.IsMap()) fail("the top level must be a map with headers:, redact: and unknown:");
            return root;
        } catch (const YAML::ParserException& e) {
            fail(e.mark, "malformed YAML: " + e.msg);
        }
    }

    YAML::Node required(const YAML::Node& root, const char* key) const {
        YAML::Node node = root[key];
        if (!node) fail(std::string("missing top-level `") + key + ":`");
        return node;
    }

    std::string oneLine(const YAML::Node& node, const std::string& what) const {
        if (!node.IsScalar()) fail(node.Mark(), what + " must be a string");
        const std::string& text = node.Scalar();
        // The response promises one line per header.
        if (text.empty() || text.find_first_of("\r\n") != std::string::npos)
            fail(node.Mark(), what + " must be one non-empty line");
        return text;
    }

    std::string headerName(const YAML::Node& node) const {
        if (!node.IsScalar() || !isToken(node.Scalar()))
            fail(node.Mark(), "not a header name: `" + (node.IsScalar() ? node.Scalar() : std::string("?")) + "`");
        return lowerCase(node.Scalar());
    }

    std::vector<HeaderCatalogue::Entry> entries(const YAML::Node& headers) const {
        if (!headers.IsMap()) fail(headers.Mark(), "headers: must map each header name to its explanation");
        std::vector<HeaderCatalogue::Entry> out;
        std::unordered_set<std::string> seen;
        for (const auto& item : headers) {
            std::string name = headerName(item.first);
            if (!seen.insert(name).second) fail(item.first.Mark(), "header `" + name + "` is listed twice");
            out.push_back({std::move(name), oneLine(item.second, "the explanation of `" + item.first.Scalar() + "`")});
        }
        return out;
    }

    std::vector<std::string> redacted(const YAML::Node& list) const {
        if (!list.IsSequence()) fail(list.Mark(), "redact: must be a list of header names");
        std::vector<std::string> out;
        for (const auto& item : list) out.push_back(headerName(item));
        for (const char* must : kAlwaysRedacted)
            if (std::find(out.begin(), out.end(), must) == out.end())
                fail(list.Mark(), std::string("redact: must include `") + must + "` (their values are never echoed)");
        return out;
    }

private:
    [[noreturn]] void fail(const std::string& what) const {
        throw std::runtime_error("header catalogue " + path_ + ": " + what);
    }
    [[noreturn]] void fail(const YAML::Mark& mark, const std::string& what) const {
        if (mark.is_null()) fail(what);
        throw std::runtime_error("header catalogue " + path_ + ":" + std::to_string(mark.line + 1) + ": " + what);
    }

    const std::string& path_;
};

}  // namespace

HeaderCatalogue::HeaderCatalogue(const std::string& path) {
    const CatalogueReader reader(path);
    const YAML::Node root = reader.parse();
    entries_ = reader.entries(reader.required(root, "headers"));
    redacted_ = reader.redacted(reader.required(root, "redact"));
    unknown_ = reader.oneLine(reader.required(root, "unknown"), "unknown:");
    const YAML::Node unknownX = root["unknown_x"];
    unknownExtension_ = unknownX ? reader.oneLine(unknownX, "unknown_x:") : unknown_;
    buildIndexes();
}

void HeaderCatalogue::buildIndexes() {
    explanations_.reserve(entries_.size());
    for (const Entry& e : entries_) explanations_.emplace(e.name, e.explanation);
    redactedSet_.reserve(redacted_.size());
    for (const std::string& name : redacted_) redactedSet_.emplace(name);
}

std::string_view HeaderCatalogue::explain(std::string_view name) const {
    if (auto it = explanations_.find(name); it != explanations_.end()) return it->second;
    const bool extension = name.size() > 2 && (name[0] == 'x' || name[0] == 'X') && name[1] == '-';
    return extension ? unknownExtension_ : unknown_;
}

bool HeaderCatalogue::isRedacted(std::string_view name) const { return redactedSet_.count(name) != 0; }

}  // namespace ipfacts::headers
