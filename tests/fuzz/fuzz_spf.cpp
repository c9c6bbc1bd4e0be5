// Fuzz target: the mail family's SPF text handling (plugins/mail/src):
// joinTxtStrings (TXT presentation format to text), parseSpf (RFC 7208
// grammar), macroStringError / expandKnownMacros (RFC 7208 7). The whole
// input is a TXT record's data as a resolver could hand it over.
#include "SpfMacro.h"
#include "SpfParser.h"
#include "TxtText.h"

#include "tests/fuzz/FuzzCheck.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

using namespace ipfacts::mail;

namespace {

void checkRecord(const SpfRecord& r, std::string_view text) {
    FUZZ_CHECK(r.raw == text);
    FUZZ_CHECK(r.valid == r.errors.empty());
    FUZZ_CHECK(isSpfRecord(text) == (r.version == "spf1"));
    FUZZ_CHECK(r.ownLookupCount() <= static_cast<int>(r.terms.size() + r.modifiers.size()));
    for (const SpfTerm& t : r.terms) {
        FUZZ_CHECK(!t.modifier);
        FUZZ_CHECK(t.qualifier == '+' || t.qualifier == '-' || t.qualifier == '~' || t.qualifier == '?');
        FUZZ_CHECK(!t.cidr4 || (*t.cidr4 >= 0 && *t.cidr4 <= 32));
        FUZZ_CHECK(!t.cidr6 || (*t.cidr6 >= 0 && *t.cidr6 <= 128));
        FUZZ_CHECK(!t.text.empty() && t.text.find(' ') == std::string::npos);
    }
    for (const SpfTerm& m : r.modifiers) FUZZ_CHECK(m.modifier && m.value);
    if (!r.valid) return;
    // A valid record's terms, written again, parse to the same record.
    std::string again = "v=spf1";
    for (const SpfTerm& t : r.terms) again += " " + t.text;
    for (const SpfTerm& m : r.modifiers) again += " " + m.text;
    const SpfRecord second = parseSpf(again);
    FUZZ_CHECK(second.valid);
    FUZZ_CHECK(second.terms.size() == r.terms.size() && second.modifiers.size() == r.modifiers.size());
    FUZZ_CHECK(second.ownLookupCount() == r.ownLookupCount());
    for (const SpfTerm& t : r.terms) {
        const std::string domainSpec = t.value.value_or("");
        if (t.name != "ip4" && t.name != "ip6") FUZZ_CHECK(!macroStringError(domainSpec));
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view in(reinterpret_cast<const char*>(data), size);
    const std::string joined = joinTxtStrings(in);
    FUZZ_CHECK(joined.size() <= in.size());
    checkRecord(parseSpf(joined), joined);
    checkRecord(parseSpf(in), in);

    // Expansion succeeds only on a well-formed macro-string (exp letters allowed).
    const bool wellFormed = !macroStringError(in, true);
    if (!wellFormed) {
        FUZZ_CHECK(!expandKnownMacros(in, "example.com", "192.0.2.1", 4));
        FUZZ_CHECK(!expandKnownMacros(in, "example.com", "2001:db8::1", 6));
    } else {
        expandKnownMacros(in, "example.com", "2001:db8::1", 6);
    }
    return 0;
}
