// SpfMacro: the macro-string syntax of RFC 7208 7.1, and its expansion
// (7.3) for the values one evaluation knows: a letter whose value the
// request did not give (%{s} without sender=) is not expanded, and a name
// built from it is never looked up.
#ifndef IPFACTS_PLUGINS_MAIL_SPFMACRO_H
#define IPFACTS_PLUGINS_MAIL_SPFMACRO_H

#include <optional>
#include <string>
#include <string_view>

namespace ipfacts::mail {

/// Checks a macro-string; nullopt when well formed, otherwise why not.
/// `inExplanation`: the letters c, r and t are allowed only in an exp
/// record's text (RFC 7208 7.2). Pure.
std::optional<std::string> macroStringError(std::string_view text, bool inExplanation = false);

/// True when `text` holds a macro-expand (%{...}); "%%", "%_" and "%-" are
/// escapes, not macros. Pure.
bool hasMacroExpand(std::string_view text);

/// What RFC 7208 7.3's macro letters stand for in one check_host(): d, i, c
/// and v come from the current domain and the address; s, l, o from the
/// sender mailbox and h from the HELO name when the caller gave them; p from
/// the PTR check the evaluator makes. An absent value cannot be expanded.
struct MacroValues {
    std::string_view domain;                   ///< d: the current domain
    std::string_view ip;                       ///< i, c: the address as text
    int version = 4;                           ///< v: 4 (in-addr) or 6 (ip6)
    std::optional<std::string> sender;         ///< s: local-part@domain
    std::optional<std::string> localPart;      ///< l
    std::optional<std::string> senderDomain;   ///< o
    std::optional<std::string> helo;           ///< h
    std::optional<std::string> validatedName;  ///< p
};

/// Expands a macro-string with RFC 7208 7.3 transformers; an upper-case
/// letter URL-escapes its value. nullopt when it uses a letter `values`
/// has no value for (r and t never have one) or is malformed. Pure.
std::optional<std::string> expandMacros(std::string_view text, const MacroValues& values);

/// expandMacros with only d, i, c and v known (no sender, no HELO name). Pure.
std::optional<std::string> expandKnownMacros(std::string_view text, std::string_view domain, std::string_view ip,
                                             int version);

/// True when `text` holds a macro-expand of `letter` (either case). Pure.
bool usesMacroLetter(std::string_view text, char letter);

}  // namespace ipfacts::mail

#endif
