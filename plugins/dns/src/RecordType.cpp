#include "RecordType.h"

namespace ipfacts::dns {
namespace {

// Locale-free: type mnemonics are ASCII, and std::toupper reads the locale.
constexpr char asciiUpper(char c) { return (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c; }

bool equalsIgnoringCase(std::string_view text, std::string_view upper) {
    if (text.size() != upper.size()) return false;
    for (size_t i = 0; i < text.size(); ++i)
        if (asciiUpper(text[i]) != upper[i]) return false;
    return true;
}

}  // namespace

std::optional<std::string_view> parseRecordType(std::string_view text) {
    for (std::string_view type : kRecordTypes)
        if (equalsIgnoringCase(text, type)) return type;
    return std::nullopt;
}

std::string recordTypeList() {
    std::string list;
    for (std::string_view type : kRecordTypes) {
        if (!list.empty()) list += ", ";
        list += type;
    }
    return list;
}

}  // namespace ipfacts::dns
