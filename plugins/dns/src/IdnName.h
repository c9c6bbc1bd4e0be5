// IdnName: an internationalised domain name to its A-label form with
// libidn2, under UTS #46 non-transitional processing (so "faß.de" stays
// distinct from "fass.de", as browsers do today).
#ifndef IPFACTS_PLUGINS_DNS_IDNNAME_H
#define IPFACTS_PLUGINS_DNS_IDNNAME_H

#include "NameCheck.h"

#include <string_view>

namespace ipfacts::dns {

/// Converts a UTF-8 name with at least one non-ASCII character: UTS #46
/// mapping (case folding, full-width dots, NFC), then Punycode per label,
/// then the ASCII rules of checkAsciiName on the result. An idn2 failure
/// carries idn2's own error text. `utf8` must not contain NUL. Thread-safe.
NameCheck idnToAscii(std::string_view utf8);

}  // namespace ipfacts::dns

#endif
