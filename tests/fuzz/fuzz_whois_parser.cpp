// Fuzz target: the WHOIS parser of /api/v1/rdap's fallback
// (plugins/rdap/src/WhoisParser.cpp) — text from a port-43 server, which
// anyone running one controls. The first byte picks the kind (ip, autnum,
// domain); the rest is the server's answer. Whatever arrives, the summary
// says `source: whois`, its dates are ISO 8601 UTC or null, its CIDR blocks
// and addresses parse, nothing redacted is shown, a domain's name and name
// servers are single words with a dot, and the referral, when one is found,
// is a bare host[:port]. Seeded with the real answers of
// tests/rdap/corpus/whois (corpus-*).
#include "Summary.h"
#include "WhoisParser.h"

#include <ipfacts/address.hpp>

#include "tests/fuzz/FuzzCheck.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

using namespace ipfacts;
using namespace ipfacts::rdap;

namespace {

void checkDate(const Text& t) {
    if (!t) return;
    FUZZ_CHECK(t->size() == 20 && (*t)[4] == '-' && (*t)[10] == 'T' && t->back() == 'Z');
}

void checkShown(const Text& t) { FUZZ_CHECK(!t || (!t->empty() && !isPlaceholder(*t))); }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size == 0) return 0;
    const QueryKind kind = data[0] % 3 == 0 ? QueryKind::Ip : data[0] % 3 == 1 ? QueryKind::Autnum : QueryKind::Domain;
    const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
    Summary s = parseWhois(text, kind, "whois.example", "example.com");
    FUZZ_CHECK(s.source == "whois");
    checkDate(s.registered);
    checkDate(s.updated);
    checkDate(s.expires);
    for (const Text* t : {&s.handle, &s.name, &s.type, &s.country, &s.abuse_email, &s.registrar}) checkShown(*t);
    for (const auto& e : s.entities) {
        checkShown(e.name);
        checkShown(e.email);
        FUZZ_CHECK(!e.roles.empty());
    }
    if (s.start_address) FUZZ_CHECK(parseAddress(*s.start_address) && s.end_address && parseAddress(*s.end_address));
    for (const auto& c : s.cidr) {
        const size_t slash = c.find('/');
        FUZZ_CHECK(slash != std::string::npos && parseAddress(c.substr(0, slash)));
    }
    for (const auto& ns : s.nameservers)
        FUZZ_CHECK(ns.find('.') != std::string::npos && ns.find_first_of(" \t\r\n") == std::string::npos);
    if (s.ldh_name) FUZZ_CHECK(s.ldh_name->find_first_of(" \t\r\n") == std::string::npos);
    const std::string referral = whoisReferral(text);
    FUZZ_CHECK(referral.find_first_of(" \t\r\n/") == std::string::npos);
    (void)whoisSaysNotFound(text);
    (void)whoisOutcome(text, s);
    return 0;
}
