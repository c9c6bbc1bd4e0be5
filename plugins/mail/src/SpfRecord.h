// SpfRecord: one SPF record (RFC 7208) as SpfParser reads it, before any
// lookup: its terms in order, its modifiers, and what is wrong with it.
#ifndef IPFACTS_PLUGINS_MAIL_SPFRECORD_H
#define IPFACTS_PLUGINS_MAIL_SPFRECORD_H

#include <optional>
#include <string>
#include <vector>

namespace ipfacts::mail {

/// RFC 7208 4.6.4: at most this many DNS-querying terms in one evaluation.
inline constexpr int kSpfLookupLimit = 10;
/// RFC 7208 4.6.4: at most this many lookups that find nothing.
inline constexpr int kSpfVoidLookupLimit = 2;
/// RFC 7208 4.6.4: an mx term looks up at most this many MX names.
inline constexpr int kSpfMxNameLimit = 10;

/// A mechanism ("-include:x") or a modifier ("redirect=x").
struct SpfTerm {
    std::string text;                  ///< the term as written
    bool modifier = false;             ///< name=value
    char qualifier = '+';              ///< + - ~ ? (mechanisms; '+' when none is written)
    std::string name;                  ///< mechanism or modifier name, lower case
    std::optional<std::string> value;  ///< domain-spec, network or modifier value, without CIDR lengths
    std::optional<int> cidr4;          ///< "/24" of a, mx, ip4
    std::optional<int> cidr6;          ///< "//64" of a, mx; "/64" of ip6
    bool countsTowardLimit = false;    ///< include, a, mx, ptr, exists, redirect (RFC 7208 4.6.4)
    bool hasMacro = false;             ///< value holds a macro-expand ("%{d}")
    bool known = true;                 ///< a modifier other than redirect/exp is unknown (ignored)
};

struct SpfRecord {
    std::string raw;                  ///< the joined TXT text
    bool valid = false;               ///< no error: evaluating it cannot end in permerror for syntax
    std::string version;              ///< "spf1" when the record starts with v=spf1
    std::vector<SpfTerm> terms;       ///< mechanisms, in order
    std::vector<SpfTerm> modifiers;   ///< modifiers, in order
    std::vector<std::string> errors;  ///< syntax errors, each naming its term
    std::vector<std::string> notes;   ///< what is not an error but worth knowing (ptr is deprecated, ...)

    /// The `all` mechanism, when there is one.
    const SpfTerm* all() const;
    /// The value of the first modifier `name` (redirect, exp).
    const SpfTerm* modifierNamed(const std::string& name) const;
    /// DNS-querying terms of this record alone (includes not followed).
    int ownLookupCount() const;
};

}  // namespace ipfacts::mail

#endif
