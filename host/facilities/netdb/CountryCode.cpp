#include "host/facilities/netdb/CountryCode.h"

namespace ipfacts::facilities::netdb {

namespace {

std::optional<size_t> letter(char c) {
    if (c >= 'A' && c <= 'Z') return static_cast<size_t>(c - 'A');
    if (c >= 'a' && c <= 'z') return static_cast<size_t>(c - 'a');
    return std::nullopt;
}

}  // namespace

std::optional<size_t> countrySlot(std::string_view code) {
    if (code.size() != 2) return std::nullopt;
    auto a = letter(code[0]), b = letter(code[1]);
    if (!a || !b) return std::nullopt;
    return *a * 26 + *b;
}

}  // namespace ipfacts::facilities::netdb
