#include "PtrNames.h"

#include <ipfacts/dns_name.hpp>

#include <algorithm>

namespace ipfacts::reverse {
namespace {

constexpr char asciiLower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

bool sameName(std::string_view a, std::string_view b) {
    return a.size() == b.size() &&
           std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return asciiLower(x) == asciiLower(y); });
}

bool isPtr(std::string_view type) { return sameName(type, "PTR"); }

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
    // hostnameOf already took the one trailing dot a PTR target may have;
    // checkAsciiName would take another, which no host name has.
    if (name.empty() || name.back() == '.') return false;
    return checkAsciiName(name).ok();  // the SDK's DNS label rules, underscores allowed
}

}  // namespace ipfacts::reverse
