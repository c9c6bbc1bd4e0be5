// Fuzz target: the `query` parameter of /api/v1/rdap
// (plugins/rdap/src/RdapQuery.cpp). The whole input is the value as the
// query string carried it (after percent-decoding). An accepted query has a
// canonical text that parses again to the same kind and text, an address
// block whose bits past the prefix are clear, an AS number that fits, and a
// domain in lower-case A-label form; a refused one has a stable token.
#include "RdapQuery.h"

#include <ipfacts/address.hpp>
#include <ipfacts/dns_name.hpp>

#include "tests/fuzz/FuzzCheck.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

using namespace ipfacts;
using namespace ipfacts::rdap;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view in(reinterpret_cast<const char*>(data), size);
    auto parsed = parseRdapQuery(in);
    if (auto* e = std::get_if<QueryError>(&parsed)) {
        const std::string token = e->token;
        FUZZ_CHECK(token == "invalid_parameter" || token == "invalid_query");
        FUZZ_CHECK(!e->message.empty());
        return 0;
    }
    const RdapQuery& q = std::get<RdapQuery>(parsed);
    FUZZ_CHECK(!q.text.empty() && q.text.size() <= kMaxQueryBytes);
    switch (q.kind) {
        case QueryKind::Ip:
            FUZZ_CHECK(q.prefix >= -1 && q.prefix <= (q.address.version == 4 ? 32 : 128));
            FUZZ_CHECK(q.text.rfind(q.address.text(), 0) == 0);
            break;
        case QueryKind::Autnum:
            FUZZ_CHECK(q.text == "AS" + std::to_string(q.asn));
            break;
        case QueryKind::Domain: {
            NameCheck n = normaliseName(q.text, NameRules::publicHostName());
            FUZZ_CHECK(n.ok() && n.ascii == q.text);
            for (char c : q.text) FUZZ_CHECK(static_cast<unsigned char>(c) < 0x80 && !(c >= 'A' && c <= 'Z'));
            break;
        }
    }
    FUZZ_CHECK(q.rdapPath().find(q.kind == QueryKind::Autnum ? std::to_string(q.asn) : q.text) != std::string::npos);
    auto again = parseRdapQuery(q.text);
    FUZZ_CHECK(std::holds_alternative<RdapQuery>(again));
    const RdapQuery& r = std::get<RdapQuery>(again);
    FUZZ_CHECK(r.kind == q.kind && r.text == q.text && r.prefix == q.prefix && r.asn == q.asn);
    return 0;
}
