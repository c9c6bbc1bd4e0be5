#include "PtrNames.h"

#include <algorithm>

namespace ipfacts::reverse {
namespace {

constexpr size_t kMaxNameBytes = 253;
constexpr size_t kMaxLabelBytes = 63;

constexpr char asciiLower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

bool sameName(std::string_view a, std::string_view b) {
    return a.size() == b.size() &&
           std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return asciiLower(x) == asciiLower(y); });
}

bool isPtr(std::string_view type) { return sameName(type, "PTR"); }

bool isLabelByte(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
}

bool isLabel(std::string_view label) {
    return !label.empty() && label.size() <= kMaxLabelBytes && std::all_of(label.begin(), label.end(), isLabelByte);
}

}  // namespace

std::string hostnameOf(std::string_view data) {
    if (!data.empty() && data.back() == '.') data.remove_suffix(1);
    return std::string(data);
}

std::vector<std::string> ptrHostnames(const DnsAnswer& answer) {
    std::vector<std::string> names;
    for (const DnsRecord& record : answer.records) {
        if (!isPtr(record.type)) continue;
        std::string name = hostnameOf(record.data);
        const bool seen =
            std::any_of(names.begin(), names.end(), [&](const std::string& n) { return sameName(n, name); });
        if (!name.empty() && !seen) names.push_back(std::move(name));
    }
    return names;
}

bool isQueryableName(std::string_view name) {
    if (name.empty() || name.size() > kMaxNameBytes) return false;
    for (size_t start = 0;;) {
        const size_t dot = name.find('.', start);
        if (!isLabel(name.substr(start, dot == std::string_view::npos ? dot : dot - start))) return false;
        if (dot == std::string_view::npos) return true;
        start = dot + 1;
    }
}

}  // namespace ipfacts::reverse
