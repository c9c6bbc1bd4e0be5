#include "Replacement.h"

namespace ipfacts::ua {
namespace {

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

std::string_view trim(std::string_view s) {
    while (!s.empty() && isSpace(s.front())) s.remove_prefix(1);
    while (!s.empty() && isSpace(s.back())) s.remove_suffix(1);
    return s;
}

}  // namespace

std::optional<std::string> expandReplacement(std::string_view pattern, const RegexMatch& match) {
    std::string out;
    out.reserve(pattern.size() + 16);
    for (size_t i = 0; i < pattern.size(); ++i) {
        char c = pattern[i];
        bool placeholder = c == '$' && i + 1 < pattern.size() && pattern[i + 1] >= '1' && pattern[i + 1] <= '9';
        if (!placeholder) {
            out += c;
            continue;
        }
        if (auto group = match.group(static_cast<size_t>(pattern[i + 1] - '0'))) out.append(*group);
        ++i;
    }
    std::string_view trimmed = trim(out);
    if (trimmed.empty()) return std::nullopt;
    return std::string(trimmed);
}

std::string defaultReplacement(int group) { return "$" + std::to_string(group); }

}  // namespace ipfacts::ua
