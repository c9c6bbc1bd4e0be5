// Blocklists for the unit tests, built in code (the catalogue reader has its
// own tests): a list with codes, refusals and TXT, an IPv4-only one, and the
// fake resolver answers that go with them.
#ifndef IPFACTS_PLUGINS_DNSBL_TESTS_TESTLISTS_H
#define IPFACTS_PLUGINS_DNSBL_TESTS_TESTLISTS_H

#include "Blocklist.h"
#include "ReversedName.h"

#include <ipfacts/testing/FakeHost.hpp>

#include <string>
#include <vector>

namespace ipfacts::dnsbl::testing {

inline Blocklist spamList() {
    Blocklist b;
    b.name = "Spam List";
    b.zone = b.queryZone = "bl.example";
    b.ipv6 = true;
    b.txt = true;
    b.lookupUrl = "https://bl.example/lookup?ip={ip}";
    b.codes = {{"127.0.0.2", "spam source"}, {"127.0.0.4", "exploited host"}};
    b.errors = {{"127.255.255.254", "query via a public resolver"}};
    return b;
}

inline Blocklist v4List() {
    Blocklist b;
    b.name = "Four List";
    b.zone = b.queryZone = "v4.example";
    b.lookupUrl = "https://v4.example/";
    b.codes = {{"127.0.0.2", "listed"}};
    return b;
}

inline std::string nameOf(const char* address, const Blocklist& list) {
    return reversedName(*parseAddress(address), list.queryZone);
}

/// Answers the RFC 5782 test points of `list` as a healthy zone does.
inline void healthy(ipfacts::testing::FakeHost& fake, const Blocklist& list) {
    fake.answer(nameOf("127.0.0.2", list), "A", {"127.0.0.2"});
    fake.fail(nameOf("127.0.0.1", list), "A", 3);
    if (list.ipv6) fake.fail(nameOf("::ffff:7f00:1", list), "A", 3);
}

}  // namespace ipfacts::dnsbl::testing

#endif
