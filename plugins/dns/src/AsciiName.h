// AsciiName: the rules an ASCII domain name must meet before it is asked
// about. Written here rather than left to libidn2 because IDNA forbids the
// underscore, and service names such as _sip._tcp.example.test need it.
#ifndef IPFACTS_PLUGINS_DNS_ASCIINAME_H
#define IPFACTS_PLUGINS_DNS_ASCIINAME_H

#include "NameCheck.h"

#include <cstddef>
#include <string_view>

namespace ipfacts::dns {

/// Longest name, in bytes, without the final dot (RFC 1035 section 2.3.4, in text form).
inline constexpr size_t kMaxNameBytes = 253;
/// Longest label, in bytes (RFC 1035 section 2.3.4).
inline constexpr size_t kMaxLabelBytes = 63;

/// Checks an ASCII name: labels of 1 to 63 letters, digits, hyphens or
/// underscores separated by single dots, at most 253 bytes, one optional
/// trailing dot. "." alone is the root. On success the name is lower-cased
/// and loses its trailing dot. Thread-safe.
NameCheck checkAsciiName(std::string_view name);

}  // namespace ipfacts::dns

#endif
