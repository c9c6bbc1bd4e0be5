#include "AsciiName.h"

#include <cstdio>
#include <string>

namespace ipfacts::dns {
namespace {

bool isLabelByte(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
}

constexpr char asciiLower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

// The offending byte as the message shows it: printable ones as themselves,
// others as \xNN so the message stays readable.
std::string describeByte(char c) {
    const auto b = static_cast<unsigned char>(c);
    if (b > 0x20 && b < 0x7f) return std::string("'") + c + "'";
    char buf[8];
    std::snprintf(buf, sizeof buf, "\\x%02x", b);
    return buf;
}

// Checks one label; returns the reason it is unusable, or "" when it is fine.
std::string labelProblem(std::string_view label, size_t number) {
    if (label.empty()) return "label " + std::to_string(number) + " of the name is empty";
    if (label.size() > kMaxLabelBytes)
        return "label " + std::to_string(number) + " of the name is " + std::to_string(label.size()) +
               " bytes long; the limit is " + std::to_string(kMaxLabelBytes);
    for (char c : label)
        if (!isLabelByte(c))
            return "the name contains " + describeByte(c) +
                   "; labels hold only letters, digits, hyphens and underscores";
    return {};
}

}  // namespace

NameCheck checkAsciiName(std::string_view name) {
    if (name == ".") return NameCheck::valid(".");
    if (!name.empty() && name.back() == '.') name.remove_suffix(1);
    if (name.empty()) return NameCheck::invalid("the name is empty");
    if (name.size() > kMaxNameBytes)
        return NameCheck::invalid("the name is " + std::to_string(name.size()) + " bytes long; the limit is " +
                                  std::to_string(kMaxNameBytes));
    size_t number = 1;
    for (size_t start = 0;; ++number) {
        const size_t dot = name.find('.', start);
        const std::string_view label = name.substr(start, dot == std::string_view::npos ? dot : dot - start);
        if (std::string problem = labelProblem(label, number); !problem.empty()) return NameCheck::invalid(problem);
        if (dot == std::string_view::npos) break;
        start = dot + 1;
    }
    std::string lower(name);
    for (char& c : lower) c = asciiLower(c);
    return NameCheck::valid(std::move(lower));
}

}  // namespace ipfacts::dns
