// SpfMacro: the macro-string syntax of RFC 7208 7.1, checked without
// expanding anything: the service has no sender, so %{s}, %{l}, %{o} and
// %{h} have no value, and a name built from them is never looked up.
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

/// Expands a macro-string for the letters known without a sender: d (the
/// current domain), i, c and v (from the address being evaluated), with
/// RFC 7208 7.3 transformers. nullopt when it uses any other letter (s, l,
/// o, h, p, r, t) or is malformed. `ip` is the evaluated address as text,
/// `version` 4 or 6. Pure.
std::optional<std::string> expandKnownMacros(std::string_view text, std::string_view domain, std::string_view ip,
                                             int version);

}  // namespace ipfacts::mail

#endif
