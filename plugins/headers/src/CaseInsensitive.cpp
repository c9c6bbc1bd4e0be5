#include "CaseInsensitive.h"

#include <cstdint>

namespace ipfacts::headers {
namespace {

// Locale-free on purpose: header names are ASCII tokens, and std::tolower
// would consult the global locale on every byte.
constexpr char asciiLower(char c) noexcept { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

}  // namespace

size_t CaseInsensitiveHash::operator()(std::string_view s) const noexcept {
    // FNV-1a: short keys, no need for anything stronger; the keys are ours.
    uint64_t h = 14695981039346656037ull;
    for (char c : s) {
        h ^= static_cast<unsigned char>(asciiLower(c));
        h *= 1099511628211ull;
    }
    return static_cast<size_t>(h);
}

bool CaseInsensitiveEqual::operator()(std::string_view a, std::string_view b) const noexcept {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (asciiLower(a[i]) != asciiLower(b[i])) return false;
    return true;
}

void assignLowerCase(std::string& out, std::string_view s) {
    out.resize(s.size());
    for (size_t i = 0; i < s.size(); ++i) out[i] = asciiLower(s[i]);
}

std::string lowerCase(std::string_view s) {
    std::string out;
    assignLowerCase(out, s);
    return out;
}

}  // namespace ipfacts::headers
