#include "PublicSuffixes.h"

#include <ipfacts/dns_name.hpp>

#include <fstream>
#include <stdexcept>

namespace ipfacts::ssl {
namespace {

std::string lowered(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

// The rule's first field, trimmed.
std::string_view firstField(std::string_view line) {
    const size_t start = line.find_first_not_of(" \t\r");
    if (start == std::string_view::npos) return {};
    line.remove_prefix(start);
    return line.substr(0, line.find_first_of(" \t\r"));
}

// LDH labels, one or more: suffixes may be single labels ("com").
NameRules suffixRules() {
    NameRules rules;
    rules.allowUnderscore = false;
    rules.allowRoot = false;
    rules.forbidEdgeHyphens = true;
    return rules;
}

}  // namespace

PublicSuffixes PublicSuffixes::read(std::istream& in, const std::string& origin) {
    PublicSuffixes list;
    std::string line;
    for (size_t number = 1; std::getline(in, line); ++number) {
        std::string_view rule = firstField(line);
        if (rule.empty() || rule.substr(0, 2) == "//" || rule.front() == '#') continue;
        std::unordered_set<std::string>* into = &list.exact_;
        if (rule.substr(0, 2) == "*.") {
            into = &list.wildcards_;
            rule.remove_prefix(2);
        } else if (rule.front() == '!') {
            into = &list.exceptions_;
            rule.remove_prefix(1);
        }
        const NameCheck check = checkAsciiName(rule, suffixRules());
        if (!check.ok() || rule.back() == '.')
            throw std::runtime_error(origin + ":" + std::to_string(number) + ": '" + std::string(rule) +
                                     "' is not a public suffix rule (" +
                                     (check.ok() ? std::string("a trailing dot") : check.error) + ")");
        into->insert(lowered(rule));
    }
    return list;
}

PublicSuffixes PublicSuffixes::fromFile(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot read the public suffix list " + path);
    return read(in, path);
}

bool PublicSuffixes::isPublicSuffix(std::string_view name) const {
    const size_t dot = name.find('.');
    if (dot == std::string_view::npos) return true;  // the implicit "*" rule: every top-level label
    const std::string key(name);
    if (exact_.count(key)) return true;
    if (exceptions_.count(key)) return false;
    return wildcards_.count(std::string(name.substr(dot + 1))) > 0;
}

}  // namespace ipfacts::ssl
