// Asking the netdb facility for some groups of facts (ABI 1.6,
// ipf_netdb_api.lookup_wanted): the rule of what such a look-up holds
// (ipfacts/netdb_wanted.hpp), Host::netFacts choosing the call by the host's
// table, and the test fake answering by the rule.
#include <ipfacts/netdb_wanted.hpp>
#include <ipfacts/plugin.hpp>
#include <ipfacts/testing/FakeHost.hpp>

#include <cppunit/extensions/HelperMacros.h>

#include <cstddef>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace ipfacts {
namespace {

NetFacts located() {
    NetFacts f;
    f.address = "8.8.8.8";
    f.kind = "public";
    f.description = "Globally routable unicast address";
    f.routable = true;
    f.country = "US";
    f.country_name = "United States";
    f.continent = "NA";
    f.city = "Mountain View";
    f.region = "California";
    f.region_code = "CA";
    f.postal = "94043";
    f.latitude = 37.4;
    f.longitude = -122.1;
    f.timezone = "America/Los_Angeles";
    f.local_time = "2026-11-22T11:05:00-08:00";
    f.geo_accuracy = "approximate";
    f.locatable = true;
    f.asn = 15169;
    f.as_name = f.isp = "Google LLC";
    f.connection_type = "hosting";
    f.rir = "ARIN";
    return f;
}

/// A netdb table that records which of its two look-ups was called.
struct Recording {
    static inline std::vector<std::string> calls;
    static inline ipf_netdb_facts c{};
    static ipf_status lookup(ipf_plugin_ctx*, ipf_str, const ipf_netdb_facts** out) {
        calls.push_back("lookup");
        return lend(IPF_NETDB_WANT_ALL, out);
    }
    static ipf_status lookupWanted(ipf_plugin_ctx*, ipf_str, uint32_t wanted, const ipf_netdb_facts** out) {
        calls.push_back("lookup_wanted " + std::to_string(wanted));
        return lend(wanted, out);
    }
    static ipf_status lend(uint32_t wanted, const ipf_netdb_facts** out) {
        static NetFacts kept;
        kept = onlyWanted(located(), wanted);
        fields::Arena none;
        c = ipf_netdb_facts{};
        fill(kept, c, none);
        *out = &c;
        return IPF_OK;
    }
    static void release(const ipf_netdb_facts*) {}
};

/// Host::netFacts(address, wanted) over a netdb table of `table_size` bytes:
/// what it called, and the country it read.
std::pair<std::vector<std::string>, std::string> ask(uint32_t wanted, uint32_t table_size) {
    const ipf_netdb_api table{table_size, Recording::lookup, Recording::release, Recording::lookupWanted};
    ipf_host_api api{};
    api.struct_size = sizeof api;
    api.netdb = &table;
    Host host(&api, nullptr);
    Recording::calls.clear();
    auto held = host.netFacts("8.8.8.8", wanted);
    CPPUNIT_ASSERT(held.ok());
    return {Recording::calls, std::string(held->country().value_or("(none)"))};
}

}  // namespace

class NetDbWantedTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(NetDbWantedTest);
    CPPUNIT_TEST(wantedIsNormalised);
    CPPUNIT_TEST(locationAloneLeavesNetworkAndRirUnknown);
    CPPUNIT_TEST(networkAloneLeavesLocationUnknown);
    CPPUNIT_TEST(specialPurposeAnswerStaysWhateverIsWanted);
    CPPUNIT_TEST(everythingWantedIsTheFullFacts);
    CPPUNIT_TEST(hostOf16IsAskedForTheGroups);
    CPPUNIT_TEST(olderHostLooksEverythingUp);
    CPPUNIT_TEST(fakeAnswersByTheRule);
    CPPUNIT_TEST_SUITE_END();

public:
    void wantedIsNormalised() {
        CPPUNIT_ASSERT_EQUAL(IPF_NETDB_WANT_LOCATION | IPF_NETDB_WANT_LOCAL_TIME,
                             netdbWanted(IPF_NETDB_WANT_LOCAL_TIME));
        CPPUNIT_ASSERT_EQUAL(IPF_NETDB_WANT_RIR, netdbWanted(IPF_NETDB_WANT_RIR | 0x100u));  // unknown bits dropped
        CPPUNIT_ASSERT_EQUAL(IPF_NETDB_WANT_ALL, netdbWanted(0xFFFFFFFFu));
        CPPUNIT_ASSERT_EQUAL(0u, netdbWanted(0));
    }

    void locationAloneLeavesNetworkAndRirUnknown() {
        const NetFacts f = onlyWanted(located(), IPF_NETDB_WANT_LOCATION);
        CPPUNIT_ASSERT_EQUAL(std::string("US"), f.country.value_or(""));
        CPPUNIT_ASSERT_EQUAL(std::string("approximate"), f.geo_accuracy.value_or(""));
        CPPUNIT_ASSERT(f.locatable && f.latitude && f.timezone);
        CPPUNIT_ASSERT(!f.local_time);  // its own group
        CPPUNIT_ASSERT(!f.asn && !f.as_name && !f.isp);
        CPPUNIT_ASSERT_EQUAL(std::string("unknown"), f.connection_type);
        CPPUNIT_ASSERT_EQUAL(std::string("UNKNOWN"), f.rir);
        CPPUNIT_ASSERT_EQUAL(std::string("Globally routable unicast address"), f.description);  // always there
        CPPUNIT_ASSERT(onlyWanted(located(), IPF_NETDB_WANT_LOCAL_TIME).local_time);
    }

    void networkAloneLeavesLocationUnknown() {
        NetFacts notFound = located();
        notFound.locatable = false;
        notFound.not_locatable_reason = std::string(kNotInDatabase);
        for (const NetFacts& given : {located(), notFound}) {
            const NetFacts f = onlyWanted(given, IPF_NETDB_WANT_NETWORK);
            CPPUNIT_ASSERT_EQUAL(int64_t(15169), int64_t(f.asn.value_or(-1)));
            CPPUNIT_ASSERT_EQUAL(std::string("hosting"), f.connection_type);
            CPPUNIT_ASSERT(!f.country && !f.city && !f.latitude && !f.longitude && !f.timezone && !f.geo_accuracy);
            // Not looked up, so neither located nor "not in database".
            CPPUNIT_ASSERT(!f.locatable && !f.not_locatable_reason);
        }
    }

    void specialPurposeAnswerStaysWhateverIsWanted() {
        NetFacts f;
        f.address = "10.0.0.1";
        f.kind = "private";
        f.rfc = "RFC 1918";
        f.not_locatable_reason = "private";
        f.geo_accuracy = "country-only";
        f.rir = "IANA";
        for (uint32_t wanted = 0; wanted <= IPF_NETDB_WANT_ALL; ++wanted) {
            const NetFacts g = onlyWanted(f, wanted);
            CPPUNIT_ASSERT_EQUAL(std::string("private"), g.not_locatable_reason.value_or(""));
            CPPUNIT_ASSERT_EQUAL(std::string("RFC 1918"), g.rfc.value_or(""));
            CPPUNIT_ASSERT_EQUAL(bool(wanted & IPF_NETDB_WANT_RIR), g.rir == "IANA");
        }
    }

    void everythingWantedIsTheFullFacts() {
        const NetFacts f = onlyWanted(located(), IPF_NETDB_WANT_ALL);
        const NetFacts g = located();
        CPPUNIT_ASSERT(f.local_time == g.local_time && f.asn == g.asn && f.rir == g.rir && f.city == g.city &&
                       f.geo_accuracy == g.geo_accuracy && f.connection_type == g.connection_type);
    }

    void hostOf16IsAskedForTheGroups() {
        auto [calls, country] = ask(IPF_NETDB_WANT_LOCATION, sizeof(ipf_netdb_api));
        CPPUNIT_ASSERT_EQUAL(size_t(1), calls.size());
        CPPUNIT_ASSERT_EQUAL(std::string("lookup_wanted 1"), calls[0]);
        CPPUNIT_ASSERT_EQUAL(std::string("US"), country);
        // Everything wanted is the plain look-up, the one every host has.
        std::tie(calls, country) = ask(IPF_NETDB_WANT_ALL, sizeof(ipf_netdb_api));
        CPPUNIT_ASSERT_EQUAL(std::string("lookup"), calls.at(0));
        std::tie(calls, country) = ask(IPF_NETDB_WANT_NETWORK, sizeof(ipf_netdb_api));
        CPPUNIT_ASSERT_EQUAL(std::string("lookup_wanted 4"), calls.at(0));
        CPPUNIT_ASSERT_EQUAL(std::string("(none)"), country);
    }

    // A host of 1.5 or older has no lookup_wanted: it looks everything up,
    // more than asked and never less.
    void olderHostLooksEverythingUp() {
        auto [calls, country] = ask(IPF_NETDB_WANT_NETWORK, offsetof(ipf_netdb_api, lookup_wanted));
        CPPUNIT_ASSERT_EQUAL(size_t(1), calls.size());
        CPPUNIT_ASSERT_EQUAL(std::string("lookup"), calls[0]);
        CPPUNIT_ASSERT_EQUAL(std::string("US"), country);
    }

    void fakeAnswersByTheRule() {
        testing::FakeHost fake;
        fake.netdb["8.8.8.8"] = located();
        Host host = fake.host();
        auto some = host.netFacts("8.8.8.8", IPF_NETDB_WANT_RIR);
        CPPUNIT_ASSERT(some.ok());
        CPPUNIT_ASSERT_EQUAL(std::string("ARIN"), std::string(some->rir()));
        CPPUNIT_ASSERT(!some->country() && !some->asn());
        auto all = host.netFacts("8.8.8.8");
        CPPUNIT_ASSERT(all.ok() && all->country() && all->asn());
        CPPUNIT_ASSERT_EQUAL(size_t(1), fake.netdbWantedAsked.size());
        CPPUNIT_ASSERT_EQUAL(IPF_NETDB_WANT_RIR, fake.netdbWantedAsked[0]);
        CPPUNIT_ASSERT_EQUAL(2, fake.netdbCalls);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(NetDbWantedTest);

}  // namespace ipfacts
