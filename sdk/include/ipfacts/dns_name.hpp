// ipfacts DNS names — a name as a caller typed it, to the A-label form a
// resolver is asked about: the ASCII rules (label and name lengths, allowed
// bytes, lower case, no trailing dot) and IDNA for non-ASCII names.
// Header-only, C++17.
//
// LINKING: normaliseName() converts internationalised names with libidn2
// (UTS #46 non-transitional processing, NFC input), so a plugin that calls
// it must link libidn2:
//
//   find_package(PkgConfig REQUIRED)
//   pkg_check_modules(IDN2 REQUIRED IMPORTED_TARGET libidn2)
//   target_link_libraries(<your target> PRIVATE PkgConfig::IDN2)
//
// This header includes <idn2.h> in any case (libidn2's development headers
// must be installed); checkAsciiName() alone references no libidn2 symbol.
//
//   ipfacts::NameCheck c = ipfacts::normaliseName("Bücher.Example.");
//   c.ok();    // true
//   c.ascii;   // "xn--bcher-kva.example"
//
// Every function here is pure apart from libidn2's own (thread-safe,
// stateless) conversion: all may be called from any number of handler
// threads at once. Inputs are only read during the call; results are
// values owned by the caller.
#ifndef IPFACTS_DNS_NAME_HPP
#define IPFACTS_DNS_NAME_HPP

#include <idn2.h>

#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>

namespace ipfacts {

/// Longest name, in bytes, without the final dot (RFC 1035 2.3.4, in text form).
inline constexpr size_t kMaxDnsNameBytes = 253;
/// Longest label, in bytes (RFC 1035 2.3.4).
inline constexpr size_t kMaxDnsLabelBytes = 63;

/// Which ASCII names are accepted. The defaults accept any name a resolver
/// can be asked about, service labels included (_sip._tcp.example.test,
/// _dmarc.example.test) and "." for the root: what a DNS lookup endpoint
/// wants. publicHostName() is the stricter set for a name that is to have
/// addresses on the public Internet.
struct NameRules {
    bool allowUnderscore = true;          ///< '_' in labels (IDNA and RFC 1123 forbid it; DNS does not)
    bool allowRoot = true;                ///< "." alone names the root
    bool requireMultipleLabels = false;   ///< refuse "localhost", "intranet": no public meaning
    bool forbidEdgeHyphens = false;       ///< refuse labels starting or ending with '-' (RFC 1123 2.1)
    bool forbidNumericLastLabel = false;  ///< refuse "192.0.2" and "example.123": a mistyped address, not a name

    /// RFC 1123 2.1 / RFC 3696 2 host names: LDH labels (letters, digits,
    /// '-', not at either end), at least two labels, a last label that is
    /// not all digits, no root.
    static NameRules publicHostName() {
        NameRules r;
        r.allowUnderscore = false;
        r.allowRoot = false;
        r.requireMultipleLabels = true;
        r.forbidEdgeHyphens = true;
        r.forbidNumericLastLabel = true;
        return r;
    }
};

/// Why a name was refused.
enum class NameProblem {
    None,              ///< the name is usable
    Empty,             ///< nothing but (at most) a trailing dot
    NulByte,           ///< a NUL byte, which C APIs would silently cut the name at
    TooLong,           ///< over kMaxDnsNameBytes (NameCheck::length says how long)
    EmptyLabel,        ///< two dots in a row, or a leading dot (NameCheck::label says which)
    LabelTooLong,      ///< a label over kMaxDnsLabelBytes (label, length)
    BadCharacter,      ///< a byte labels may not hold (label, byte)
    EdgeHyphen,        ///< NameRules::forbidEdgeHyphens (label)
    SingleLabel,       ///< NameRules::requireMultipleLabels
    NumericLastLabel,  ///< NameRules::forbidNumericLastLabel
    NotIdna,           ///< libidn2 refused the non-ASCII name (NameCheck::idnaError has its words)
};

/// The outcome of normaliseName / checkAsciiName: a value, never thrown.
/// `error` is a ready English sentence for a 400 message (the dns plugin's
/// words). A plugin with wording of its own builds it from `problem` and the
/// details instead; the details are set only for the problems that name them.
struct NameCheck {
    std::string ascii;  ///< A-label form, lower case, no trailing dot ("." for the root); empty unless ok()
    NameProblem problem = NameProblem::None;
    std::string error;      ///< why the name is refused; empty when ok()
    size_t label = 0;       ///< 1-based number of the offending label
    size_t length = 0;      ///< bytes of the name (TooLong) or of the label (LabelTooLong)
    char byte = 0;          ///< the offending byte (BadCharacter)
    std::string idnaError;  ///< libidn2's own words (NotIdna)

    bool ok() const { return problem == NameProblem::None; }
};

namespace detail {

inline NameCheck nameRefused(NameProblem problem, std::string error) {
    NameCheck c;
    c.problem = problem;
    c.error = std::move(error);
    return c;
}

constexpr char asciiLower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }
constexpr bool isAsciiDigit(char c) { return c >= '0' && c <= '9'; }

inline bool isLabelByte(char c, bool allowUnderscore) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || isAsciiDigit(c) || c == '-' ||
           (allowUnderscore && c == '_');
}

// The offending byte as a message shows it: printable ones as themselves,
// others as \xNN so the message stays readable.
inline std::string describeByte(char c) {
    const auto b = static_cast<unsigned char>(c);
    if (b > 0x20 && b < 0x7f) return std::string("'") + c + "'";
    char buf[8];
    std::snprintf(buf, sizeof buf, "\\x%02x", b);
    return buf;
}

// Checks one label; problem None when it is fine.
inline NameCheck checkLabel(std::string_view label, size_t number, const NameRules& rules) {
    const std::string which = "label " + std::to_string(number) + " of the name";
    NameCheck c;
    if (label.empty()) {
        c = nameRefused(NameProblem::EmptyLabel, which + " is empty");
    } else if (label.size() > kMaxDnsLabelBytes) {
        c = nameRefused(NameProblem::LabelTooLong, which + " is " + std::to_string(label.size()) +
                                                       " bytes long; the limit is " +
                                                       std::to_string(kMaxDnsLabelBytes));
        c.length = label.size();
    } else if (auto bad = std::find_if(label.begin(), label.end(),
                                       [&](char b) { return !isLabelByte(b, rules.allowUnderscore); });
               bad != label.end()) {
        c = nameRefused(NameProblem::BadCharacter,
                        "the name contains " + describeByte(*bad) + "; labels hold only letters, digits" +
                            (rules.allowUnderscore ? ", hyphens and underscores" : " and hyphens"));
        c.byte = *bad;
    } else if (rules.forbidEdgeHyphens && (label.front() == '-' || label.back() == '-')) {
        c = nameRefused(NameProblem::EdgeHyphen, which + " starts or ends with '-'");
    }
    if (!c.ok()) c.label = number;
    return c;
}

// idn2 allocates its result with its own allocator; only idn2_free may release it.
struct Idn2Free {
    void operator()(char* p) const { idn2_free(p); }
};

}  // namespace detail

/// Checks an ASCII name against `rules`: one optional trailing dot; then
/// not empty, at most 253 bytes; labels of 1 to 63 letters, digits, hyphens
/// (and underscores unless forbidden) separated by single dots; then the
/// stricter rules `rules` asks for. "." alone is the root when allowed.
/// Problems are reported in that order, the first label first. On success
/// `ascii` is the name lower-cased without its trailing dot. A NUL byte is a
/// BadCharacter here (normaliseName reports it as NulByte). Thread-safe.
inline NameCheck checkAsciiName(std::string_view name, const NameRules& rules = {}) {
    if (name == ".") {
        if (rules.allowRoot) {
            NameCheck root;
            root.ascii = ".";
            return root;
        }
        NameCheck c = detail::nameRefused(NameProblem::EmptyLabel, "label 1 of the name is empty");
        c.label = 1;
        return c;
    }
    if (!name.empty() && name.back() == '.') name.remove_suffix(1);
    if (name.empty()) return detail::nameRefused(NameProblem::Empty, "the name is empty");
    if (name.size() > kMaxDnsNameBytes) {
        NameCheck c = detail::nameRefused(NameProblem::TooLong, "the name is " + std::to_string(name.size()) +
                                                                    " bytes long; the limit is " +
                                                                    std::to_string(kMaxDnsNameBytes));
        c.length = name.size();
        return c;
    }
    size_t number = 1;
    std::string_view last;
    for (size_t start = 0;; ++number) {
        const size_t dot = name.find('.', start);
        last = name.substr(start, dot == std::string_view::npos ? dot : dot - start);
        if (NameCheck c = detail::checkLabel(last, number, rules); !c.ok()) return c;
        if (dot == std::string_view::npos) break;
        start = dot + 1;
    }
    if (rules.requireMultipleLabels && number < 2)
        return detail::nameRefused(NameProblem::SingleLabel, "a single-label name is not a public host name");
    if (rules.forbidNumericLastLabel && std::all_of(last.begin(), last.end(), detail::isAsciiDigit))
        return detail::nameRefused(
            NameProblem::NumericLastLabel,
            "the last label is all digits, so this is neither a valid IPv4 address nor a host name");
    NameCheck ok;
    ok.ascii.assign(name);
    for (char& c : ok.ascii) c = detail::asciiLower(c);
    return ok;
}

/// The name as given (UTF-8) to its A-label form:
///  - a NUL byte is refused (NulByte): it would cut the name short in libidn2's C API;
///  - an all-ASCII name goes straight to checkAsciiName(given, rules), so
///    underscores survive (IDNA would refuse them);
///  - any other is converted by libidn2, idn2_to_ascii_8z with
///    IDN2_NONTRANSITIONAL | IDN2_NFC_INPUT (UTS #46 mapping: case folding,
///    full-width dots, NFC; "faß.de" stays distinct from "fass.de", as
///    browsers do), then checked by checkAsciiName, since idn2 passes ASCII
///    it does not own (spaces, '*', empty labels) through unchanged. A
///    conversion failure is NotIdna with idn2's own words in idnaError.
/// REQUIRES linking libidn2 (see the top of this header). Thread-safe.
inline NameCheck normaliseName(std::string_view given, const NameRules& rules = {}) {
    if (given.find('\0') != std::string_view::npos)
        return detail::nameRefused(NameProblem::NulByte, "the name contains a NUL byte");
    if (std::all_of(given.begin(), given.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; }))
        return checkAsciiName(given, rules);
    const std::string input(given);  // idn2 reads a NUL-terminated string
    char* raw = nullptr;
    const int rc = idn2_to_ascii_8z(input.c_str(), &raw, IDN2_NONTRANSITIONAL | IDN2_NFC_INPUT);
    const std::unique_ptr<char, detail::Idn2Free> output(raw);
    if (rc != IDN2_OK) {
        NameCheck c = detail::nameRefused(
            NameProblem::NotIdna,
            std::string("the name is not a valid internationalised domain name: ") + idn2_strerror(rc));
        c.idnaError = idn2_strerror(rc);
        return c;
    }
    return checkAsciiName(output.get(), rules);
}

}  // namespace ipfacts

#endif
