// Fuzz target: DNS wire format through ldns (host/facilities/dns/DnsMessage.cpp).
// The whole input is a response as an upstream resolver or DoH server could
// send it (parseResponse). It is also split at the first '\n' into a name and
// a type for buildQuery; a query that builds must parse back as a response
// with rcode NOERROR and an empty answer section. The type text also goes to
// parseRrType and parseRrClass: a number they give comes back from its
// RFC 3597 generic form ("TYPE<n>", "CLASS<n>") and from rrTypeName.
#include "host/facilities/dns/DnsMessage.h"

#include "tests/fuzz/FuzzCheck.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

using namespace ipfacts::facilities;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    ipfacts::DnsAnswer answer;
    parseResponse(data, size, answer);
    if (answer.rcode < 0) {
        FUZZ_CHECK(answer.error.has_value());
        FUZZ_CHECK(answer.records.empty());
    } else {
        FUZZ_CHECK(!answer.error.has_value());
        FUZZ_CHECK(answer.rcode <= 15);
    }

    const std::string_view in(reinterpret_cast<const char*>(data), size);
    const size_t nl = in.find('\n');
    const std::string_view name = in.substr(0, nl);
    const std::string_view type = nl == std::string_view::npos ? std::string_view("A") : in.substr(nl + 1);
    if (std::optional<uint16_t> t = parseRrType(type)) {
        FUZZ_CHECK(parseRrType("TYPE" + std::to_string(*t)) == t);
        FUZZ_CHECK(parseRrType(rrTypeName(*t)) == t);
    }
    if (std::optional<uint16_t> c = parseRrClass(type)) FUZZ_CHECK(parseRrClass("CLASS" + std::to_string(*c)) == c);

    auto wire = buildQuery(name, type, 0x5a5a);
    if (!wire) return 0;
    FUZZ_CHECK(parseRrType(type).value_or(0) != 0);
    FUZZ_CHECK(wire->size() >= 12);
    FUZZ_CHECK(static_cast<unsigned char>((*wire)[0]) == 0x5a && static_cast<unsigned char>((*wire)[1]) == 0x5a);
    ipfacts::DnsAnswer back;
    parseResponse(reinterpret_cast<const unsigned char*>(wire->data()), wire->size(), back);
    FUZZ_CHECK(back.rcode == 0);
    FUZZ_CHECK(back.ad);
    FUZZ_CHECK(back.records.empty());
    return 0;
}
