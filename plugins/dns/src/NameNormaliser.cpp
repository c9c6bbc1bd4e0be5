#include "NameNormaliser.h"

#include "AsciiName.h"
#include "IdnName.h"

#include <algorithm>

namespace ipfacts::dns {
namespace {

bool isAscii(std::string_view s) {
    return std::all_of(s.begin(), s.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}

}  // namespace

NameCheck normaliseName(std::string_view given) {
    // A NUL would silently cut the name short on its way through idn2's C API.
    if (given.find('\0') != std::string_view::npos) return NameCheck::invalid("the name contains a NUL byte");
    if (isAscii(given)) return checkAsciiName(given);
    return idnToAscii(given);
}

}  // namespace ipfacts::dns
