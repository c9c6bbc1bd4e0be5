// Fuzz target: the privacy feeds' formats (host/facilities/privacy/FeedParsers.cpp),
// which read what a download brought: Tor's exit list and range lists (the iCloud
// Private Relay CSV, operator files), into a RangeTable (netdb's PrefixTable).
// The whole input is read both ways; every address the input names is looked up
// again, and a match must be a block whose text parses and holds the address.
#include "host/facilities/netdb/AddressPrefix.h"
#include "host/facilities/privacy/FeedParsers.h"
#include "host/net/IpAddress.h"

#include "tests/fuzz/FuzzCheck.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

using namespace ipfacts::facilities;
using ipfacts::net::IpAddress;

namespace {

/// Looks up each whitespace- or comma-separated word of `in` that is an address.
void checkLookups(const privacy::ParsedFeed& feed, std::string_view in) {
    size_t at = 0;
    while (at < in.size()) {
        const size_t end = in.find_first_of(" \t\r\n,/", at);
        const std::string_view word = in.substr(at, end == std::string_view::npos ? std::string_view::npos : end - at);
        if (auto a = IpAddress::parse(word)) {
            if (auto m = feed.table.find(*a)) {
                auto block = netdb::AddressPrefix::parse(m->prefix);
                FUZZ_CHECK(block.has_value());
                FUZZ_CHECK(block->contains(netdb::AddressKey::of(*a)));
            }
        }
        if (end == std::string_view::npos) break;
        at = end + 1;
    }
}

void checkFeed(const privacy::ParsedFeed& feed, std::string_view in) {
    FUZZ_CHECK(feed.error.empty() == (feed.entries > 0));
    FUZZ_CHECK(feed.table.size() == feed.entries);
    FUZZ_CHECK(feed.data_date_s >= 0);
    checkLookups(feed, in);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);  // exactly as long as the input
    checkFeed(privacy::parseTorExitList(text), text);
    checkFeed(privacy::parseRangeList(text), text);
    return 0;
}
