// NameNormaliser: the `name` parameter of /api/v1/dns as given, to the
// A-label form the resolvers are asked about (SPEC part 4, rule 4).
#ifndef IPFACTS_PLUGINS_DNS_NAMENORMALISER_H
#define IPFACTS_PLUGINS_DNS_NAMENORMALISER_H

#include "NameCheck.h"

#include <string_view>

namespace ipfacts::dns {

/// An all-ASCII name is checked by checkAsciiName (underscores allowed);
/// any other goes through libidn2 (idnToAscii). A NUL byte is refused.
/// The result is lower-case without the trailing dot. Thread-safe.
NameCheck normaliseName(std::string_view given);

}  // namespace ipfacts::dns

#endif
