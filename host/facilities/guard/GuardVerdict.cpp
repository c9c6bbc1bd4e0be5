#include "host/facilities/guard/GuardVerdict.h"

namespace ipfacts::facilities::guard {
namespace {

/// The registry's kind as words that read after "is".
std::string kindWords(const std::string& kind) {
    if (kind == "shared") return "shared address space";
    if (kind == "discard") return "discard-only";
    if (kind == "translation") return "a translation prefix";
    if (kind == "ipv4-mapped") return "IPv4-mapped";
    return kind;
}

/// "private (RFC 1918)", or "reserved: <description>" when no RFC is cited.
std::string blockWords(const SpecialBlock& b) {
    if (!b.rfc) return kindWords(b.kind) + ": " + b.description;
    return kindWords(b.kind) + " (" + *b.rfc + ")";
}

}  // namespace

std::string GuardVerdict::reason() const {
    if (allowed) return {};
    if (!block) return "refused: not an IPv4 or IPv6 socket address";
    if (why == Why::Embeds)
        return "refused: " + address.toString() + " embeds " + embedded.toString() + ", " + blockWords(*block);
    return "refused: " + address.toString() + " is " + blockWords(*block);
}

}  // namespace ipfacts::facilities::guard
