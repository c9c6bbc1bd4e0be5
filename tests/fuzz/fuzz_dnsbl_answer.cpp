// Fuzz target: what the dnsbl plugin reads from a blocklist's answer, all of
// it written by whoever runs the zone (plugins/dnsbl/src/ListingVerdict.cpp,
// RowCodec.cpp, sdk/include/ipfacts/dns_txt.hpp). The input is lines: the
// first is the data of a TXT record, each further line the data of an A
// record. A listing is only ever documented codes, with no error; an error
// row lists nothing; the raw answer keeps the A records (up to a bound); the TXT text is
// printable and bounded; a judged row survives the cache's encoding; and the
// cache decoder, fed the raw input, never reads past it and re-encodes what
// it accepts to the same row.
#include "ListingVerdict.h"
#include "RowCodec.h"

#include <ipfacts/dns_txt.hpp>
#include <ipfacts/plugin.hpp>

#include "tests/fuzz/FuzzCheck.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

using namespace ipfacts;
using namespace ipfacts::dnsbl;

namespace {

Blocklist fuzzList() {
    Blocklist b;
    b.name = "Fuzz List";
    b.zone = b.queryZone = "bl.example";
    b.txt = true;
    b.lookupUrl = "https://bl.example/{ip}";
    b.codes = {{"127.0.0.2", "spam"}, {"127.0.0.4", "exploited"}, {"127.0.0.10", "policy"}};
    b.errors = {{"127.255.255.254", "public resolver"}, {"127.255.255.255", "rate limited"}};
    return b;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    static const Blocklist list = fuzzList();
    const std::string_view in(reinterpret_cast<const char*>(data), size);

    if (std::optional<std::vector<std::string>> strings = txtStrings(in))
        for (const std::string& s : *strings) FUZZ_CHECK(s.size() <= 255);

    if (std::optional<ListingResult> decoded = decodeRow(in)) {
        std::optional<ListingResult> again = decodeRow(encodeRow(*decoded));
        FUZZ_CHECK(again && *again == *decoded);
    }

    const size_t eol = in.find('\n');
    const std::string_view txtData = in.substr(0, eol);
    DnsAnswer a;
    a.rcode = 0;
    size_t aRecords = 0;
    for (std::string_view rest = eol == std::string_view::npos ? std::string_view() : in.substr(eol + 1);
         !rest.empty();) {
        const size_t next = rest.find('\n');
        a.records.push_back(DnsRecord{"x.bl.example.", "A", 300, std::string(rest.substr(0, next))});
        ++aRecords;
        rest = next == std::string_view::npos ? std::string_view() : rest.substr(next + 1);
    }
    DnsAnswer t;
    t.rcode = 0;
    t.records.push_back(DnsRecord{"x.bl.example.", "TXT", 300, std::string(txtData)});
    const DnsAnswers answers{a, t};
    const DnsAnswerView txt = answers[1];
    const ListingResult r = judgeListing(list, answers[0], &txt);

    FUZZ_CHECK(r.answer.size() == std::min(aRecords, kMaxAnswerRecords));
    FUZZ_CHECK(r.error.has_value() == (r.outcome == ListingResult::Outcome::Error));
    if (r.listed()) {
        FUZZ_CHECK(!r.codes.empty() && r.reason);
        for (const std::string& c : r.codes) FUZZ_CHECK(list.code(c) != nullptr);
    } else {
        FUZZ_CHECK(r.codes.empty());
    }
    if (r.txt) {
        FUZZ_CHECK(!r.txt->empty() && r.txt->size() <= kMaxTxtBytes);
        for (char c : *r.txt) FUZZ_CHECK(c >= 0x20 && c < 0x7f);
    }
    for (const std::string& raw : r.answer)
        for (char c : raw) FUZZ_CHECK(c >= 0x20 && c < 0x7f);
    std::optional<ListingResult> cached = decodeRow(encodeRow(r));
    FUZZ_CHECK(cached && *cached == r);
    return 0;
}
