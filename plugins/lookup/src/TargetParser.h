// TargetParser: the {target} of /api/v1/lookup/{target}, an
// IPv4 address, an IPv6 address or a host name, checked before anything is
// looked up and turned into the one form the lookup uses.
#ifndef IPFACTS_PLUGINS_LOOKUP_TARGETPARSER_H
#define IPFACTS_PLUGINS_LOOKUP_TARGETPARSER_H

#include <optional>
#include <string>
#include <string_view>

namespace ipfacts::lookup {

struct Target {
    enum class Kind { Address, Hostname };
    Kind kind = Kind::Address;
    /// Address: its canonical text (RFC 5952 for IPv6). Hostname: its
    /// A-label form, lower case, without the trailing dot.
    std::string text;
};

struct ParsedTarget {
    std::optional<Target> target;  ///< set when the target is usable
    std::string problem;           ///< otherwise why not, for the 400 message
};

/// The longest target looked at at all; longer is refused before any work.
inline constexpr size_t kMaxTargetBytes = 1024;

/// Refuses (with a problem sentence): an empty target, one over 1024 bytes,
/// spaces or control characters, an IPv6 zone index (fe80::1%eth0),
/// brackets, a malformed address (a colon means IPv6; only digits and dots
/// mean IPv4), and a host name that breaks ipfacts::NameRules::publicHostName()
/// after conversion (ipfacts::normaliseName).
/// A host name may end in one dot; a non-ASCII one is converted with IDNA.
ParsedTarget parseTarget(std::string_view raw);

}  // namespace ipfacts::lookup

#endif
