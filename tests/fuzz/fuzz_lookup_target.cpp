// Fuzz target: the {target} of /api/v1/lookup/{target}
// (plugins/lookup/src/TargetParser.cpp). The whole input is the target as
// the path carried it (after percent-decoding). A usable target is an
// address in canonical text or a public host name in A-label form, and
// parsing that form again gives it back unchanged.
#include "TargetParser.h"

#include <ipfacts/address.hpp>
#include <ipfacts/dns_name.hpp>

#include "tests/fuzz/FuzzCheck.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

using namespace ipfacts;
using namespace ipfacts::lookup;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view in(reinterpret_cast<const char*>(data), size);
    ParsedTarget p = parseTarget(in);
    FUZZ_CHECK(p.target.has_value() == p.problem.empty());
    if (!p.target) return 0;

    const Target& t = *p.target;
    FUZZ_CHECK(!t.text.empty() && t.text.size() <= kMaxDnsNameBytes);
    if (t.kind == Target::Kind::Address) {
        std::optional<Address> a = parseAddress(t.text);
        FUZZ_CHECK(a && a->text() == t.text);
    } else {
        NameCheck n = normaliseName(t.text, NameRules::publicHostName());
        FUZZ_CHECK(n.ok() && n.ascii == t.text);
        for (char c : t.text) FUZZ_CHECK(static_cast<unsigned char>(c) < 0x80 && !(c >= 'A' && c <= 'Z'));
    }
    ParsedTarget again = parseTarget(t.text);
    FUZZ_CHECK(again.target && again.target->kind == t.kind && again.target->text == t.text);
    return 0;
}
