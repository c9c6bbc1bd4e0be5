#include "TargetParser.h"

#include <ipfacts/address.hpp>
#include <ipfacts/dns_name.hpp>

#include <algorithm>

namespace ipfacts::lookup {
namespace {

ParsedTarget refuse(std::string why) { return ParsedTarget{std::nullopt, std::move(why)}; }
ParsedTarget accept(Target::Kind kind, std::string text) { return ParsedTarget{Target{kind, std::move(text)}, {}}; }

bool isSpaceOrControl(char c) { return static_cast<unsigned char>(c) <= 0x20 || c == 0x7f; }
bool isDigitOrDot(char c) { return (c >= '0' && c <= '9') || c == '.'; }

ParsedTarget parseIpv6(std::string_view raw) {
    if (raw.find('%') != std::string_view::npos)
        return refuse(
            "an IPv6 zone index (the part after %) is not accepted: it names a link on the caller's "
            "own machine");
    if (raw.front() == '[') return refuse("write the IPv6 address without brackets");
    std::optional<Address> a = parseAddress(raw);
    if (!a || a->version != 6) return refuse("not a valid IPv6 address");
    return accept(Target::Kind::Address, a->text());
}

ParsedTarget parseIpv4(std::string_view raw) {
    std::optional<Address> a = parseAddress(raw);
    if (!a || a->version != 4)
        return refuse("not a valid IPv4 address: four decimal numbers 0 to 255 without leading zeros");
    return accept(Target::Kind::Address, a->text());
}

// This endpoint's words for each refused rule (the SDK's own sentences are
// the dns endpoint's, which number the labels).
std::string hostnameRefusal(const NameCheck& check) {
    const std::string prefix = "not a valid host name: ";
    switch (check.problem) {
        case NameProblem::NotIdna:
            return "not a valid internationalised host name: " + check.idnaError;
        case NameProblem::Empty:
            return prefix + "the name is empty";
        case NameProblem::TooLong:
            return prefix + "the name is longer than 253 bytes";
        case NameProblem::EmptyLabel:
            return prefix + "the name has an empty label";
        case NameProblem::LabelTooLong:
            return prefix + "a label is longer than 63 bytes";
        case NameProblem::BadCharacter:
            return prefix + "a label has a character other than a letter, a digit or '-'";
        case NameProblem::EdgeHyphen:
            return prefix + "a label starts or ends with '-'";
        default:
            return prefix + check.error;  // single label, all-digit last label: the same words
    }
}

// A host name that can have public addresses (RFC 1123 2.1, RFC 3696 2):
// one optional trailing dot; a non-ASCII name converted with IDNA; then at
// most 253 bytes, at least two LDH labels of 1 to 63 bytes not starting or
// ending with '-', and a last label that is not all digits, so a mistyped
// address like 192.0.2 is never sent to a resolver. A single label
// ("localhost", "intranet") has no public meaning: it would only ask the
// operator's resolver about its own local names.
ParsedTarget parseHostname(std::string_view raw) {
    NameCheck check = normaliseName(raw, NameRules::publicHostName());
    if (!check.ok()) return refuse(hostnameRefusal(check));
    return accept(Target::Kind::Hostname, std::move(check.ascii));
}

}  // namespace

ParsedTarget parseTarget(std::string_view raw) {
    if (raw.empty()) return refuse("the target is empty");
    if (raw.size() > kMaxTargetBytes) return refuse("the target is longer than 1024 bytes");
    if (std::any_of(raw.begin(), raw.end(), isSpaceOrControl))
        return refuse("the target contains a space or a control character");
    // No host name holds a colon, and one made of digits and dots alone
    // cannot be one either (its last label would be all digits).
    if (raw.find(':') != std::string_view::npos) return parseIpv6(raw);
    if (std::all_of(raw.begin(), raw.end(), isDigitOrDot)) return parseIpv4(raw);
    return parseHostname(raw);
}

}  // namespace ipfacts::lookup
