// Fuzz target: the SDK's name and address helpers, which plugins run on names
// and addresses straight from a request: normaliseName with the default rules
// and NameRules::publicHostName() (sdk/include/ipfacts/dns_name.hpp, IDNA by
// libidn2), and parseAddress / unmapped / arpaName (sdk/include/ipfacts/address.hpp).
// The whole input is the name or address as a caller typed it.
#include <ipfacts/address.hpp>
#include <ipfacts/dns_name.hpp>

#include "tests/fuzz/FuzzCheck.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

using namespace ipfacts;

namespace {

/// A successful normalisation: ASCII, at most 253 bytes, lower case, no
/// trailing dot (the root aside), and normalising it again changes nothing.
void checkNormalised(const NameCheck& c, const NameRules& rules) {
    if (!c.ok()) {
        FUZZ_CHECK(c.ascii.empty());
        FUZZ_CHECK(!c.error.empty());
        return;
    }
    FUZZ_CHECK(c.error.empty());
    FUZZ_CHECK(!c.ascii.empty());
    FUZZ_CHECK(c.ascii.size() <= kMaxDnsNameBytes);
    for (char ch : c.ascii) {
        FUZZ_CHECK(static_cast<unsigned char>(ch) < 0x80);
        FUZZ_CHECK(!(ch >= 'A' && ch <= 'Z'));
    }
    FUZZ_CHECK(c.ascii == "." || c.ascii.back() != '.');
    NameCheck again = normaliseName(c.ascii, rules);
    FUZZ_CHECK(again.ok());
    FUZZ_CHECK(again.ascii == c.ascii);
}

void checkAddress(std::string_view text) {
    std::optional<Address> a = parseAddress(text);
    FUZZ_CHECK(arpaNameOf(text).has_value() == a.has_value());
    if (!a) return;
    FUZZ_CHECK(a->version == 4 || a->version == 6);
    const std::string canonical = a->text();
    FUZZ_CHECK(!canonical.empty());
    std::optional<Address> again = parseAddress(canonical);
    FUZZ_CHECK(again && *again == *a && again->text() == canonical);

    const Address plain = unmapped(*a);
    FUZZ_CHECK(plain.version == (isIpv4Mapped(*a) ? 4 : a->version));
    if (plain.version == 4 && a->version == 6)
        FUZZ_CHECK(std::equal(plain.bytes.begin(), plain.bytes.begin() + 4, a->bytes.begin() + 12));

    // The arpa name is itself a well-formed DNS name, and what arpaNameOf gives.
    const std::string arpa = arpaName(plain);
    FUZZ_CHECK(*arpaNameOf(text) == arpa);
    const std::string_view suffix = plain.version == 4 ? ".in-addr.arpa" : ".ip6.arpa";
    FUZZ_CHECK(arpa.size() > suffix.size() && arpa.compare(arpa.size() - suffix.size(), suffix.size(), suffix) == 0);
    NameCheck n = normaliseName(arpa);
    FUZZ_CHECK(n.ok() && n.ascii == arpa);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view in(reinterpret_cast<const char*>(data), size);

    const NameRules strict = NameRules::publicHostName();
    NameCheck loose = normaliseName(in);
    NameCheck host = normaliseName(in, strict);
    checkNormalised(loose, NameRules());
    checkNormalised(host, strict);
    // The host name rules only add refusals.
    if (host.ok()) FUZZ_CHECK(loose.ok() && loose.ascii == host.ascii);

    checkAddress(in);
    return 0;
}
