// The verdict rules: a yes wins and is evidence; an unavailable source makes
// the flag unknown, never false; a flag with every source switched off says
// so; operator overrides come last, beat the providers and are named.
#include "host/facilities/privacy/FlagVerdict.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace ipfacts::facilities::privacy;
using ipfacts::PrivacyFacts;

namespace {

std::string reasonOf(const PrivacyFacts& f, const std::string& flag) {
    for (const auto& r : f.reasons)
        if (r.field == flag) return r.text;
    return "";
}

std::vector<SourceWord> everyFlagNo() {
    std::vector<SourceWord> w;
    for (const char* flag : kFlags) w.push_back(SourceWord::no(flag, "list"));
    return w;
}

}  // namespace

class FlagVerdictTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(FlagVerdictTest);
    CPPUNIT_TEST(everySourceSaysNoGivesFalse);
    CPPUNIT_TEST(aYesWinsWithItsEvidenceAndService);
    CPPUNIT_TEST(anUnavailableSourceMakesTheFlagUnknown);
    CPPUNIT_TEST(aYesBeatsAnUnavailableSource);
    CPPUNIT_TEST(switchedOffSourcesAreNamed);
    CPPUNIT_TEST(denyOverrideBeatsTheProvider);
    CPPUNIT_TEST(allowOverrideClearsAFlagAndItsReason);
    CPPUNIT_TEST_SUITE_END();

public:
    void everySourceSaysNoGivesFalse() {
        PrivacyFacts f = decide(everyFlagNo(), {}, {});
        for (auto v : {f.vpn, f.proxy, f.tor, f.relay, f.hosting}) CPPUNIT_ASSERT(v == std::optional<bool>(false));
        CPPUNIT_ASSERT(f.evidence.empty() && f.reasons.empty() && !f.service);
    }

    void aYesWinsWithItsEvidenceAndService() {
        auto words = everyFlagNo();
        words.push_back(SourceWord::yes("relay", "icloud-private-relay", "172.224.224.0/27", "2026-11-25T00:00:00Z",
                                        "iCloud Private Relay"));
        PrivacyFacts f = decide(words, {}, {});
        CPPUNIT_ASSERT(f.relay == std::optional<bool>(true));
        CPPUNIT_ASSERT(f.vpn == std::optional<bool>(false));  // a relay is not a VPN
        CPPUNIT_ASSERT_EQUAL(std::string("iCloud Private Relay"), f.service.value_or(""));
        CPPUNIT_ASSERT_EQUAL(size_t(1), f.evidence.size());
        CPPUNIT_ASSERT_EQUAL(std::string("relay"), f.evidence[0].flag);
        CPPUNIT_ASSERT(f.evidence[0].value);
        CPPUNIT_ASSERT_EQUAL(std::string("icloud-private-relay"), f.evidence[0].source);
        CPPUNIT_ASSERT_EQUAL(std::string("172.224.224.0/27"), f.evidence[0].match);
        CPPUNIT_ASSERT_EQUAL(std::string("2026-11-25T00:00:00Z"), f.evidence[0].data_date);
    }

    void anUnavailableSourceMakesTheFlagUnknown() {
        auto words = everyFlagNo();
        words.push_back(SourceWord::unknown("tor", "tor-exits", "stale feed: tor-exits data of ... is older"));
        PrivacyFacts f = decide(words, {}, {});
        CPPUNIT_ASSERT(!f.tor);
        CPPUNIT_ASSERT_EQUAL(std::string("stale feed: tor-exits data of ... is older"), reasonOf(f, "tor"));
        CPPUNIT_ASSERT(f.relay == std::optional<bool>(false));
    }

    void aYesBeatsAnUnavailableSource() {
        std::vector<SourceWord> words{SourceWord::unknown("vpn", "provider", "provider down: provider: timeout"),
                                      SourceWord::yes("vpn", "office-vpn", "192.0.2.0/24", "2026-11-01T00:00:00Z")};
        PrivacyFacts f = decide(words, {}, {});
        CPPUNIT_ASSERT(f.vpn == std::optional<bool>(true));
        CPPUNIT_ASSERT(reasonOf(f, "vpn").empty());
    }

    void switchedOffSourcesAreNamed() {
        PrivacyFacts f = decide({SourceWord::no("tor", "tor-exits")}, {}, {{"vpn", "proxycheck"}});
        CPPUNIT_ASSERT(!f.vpn);
        CPPUNIT_ASSERT_EQUAL(std::string("switched off: proxycheck (enabled: false in the manifest)"),
                             reasonOf(f, "vpn"));
        CPPUNIT_ASSERT_EQUAL(std::string("switched off: no proxy provider is configured"), reasonOf(f, "proxy"));
        CPPUNIT_ASSERT(f.tor == std::optional<bool>(false));
    }

    void denyOverrideBeatsTheProvider() {
        auto words = everyFlagNo();
        SourceWord deny =
            SourceWord::yes("vpn", "override-deny", "198.51.100.0/24", "2026-11-20T00:00:00Z", "Corp VPN");
        PrivacyFacts f = decide(words, {deny}, {});
        CPPUNIT_ASSERT(f.vpn == std::optional<bool>(true));
        CPPUNIT_ASSERT_EQUAL(std::string("Corp VPN"), f.service.value_or(""));
        CPPUNIT_ASSERT_EQUAL(std::string("override-deny"), f.evidence.back().source);
    }

    void allowOverrideClearsAFlagAndItsReason() {
        std::vector<SourceWord> words{SourceWord::yes("hosting", "hosting-asns", "AS64500", "2026-11-01T00:00:00Z"),
                                      SourceWord::unknown("vpn", "provider", "budget guard: 80% ...")};
        SourceWord allowHosting = SourceWord::no("hosting", "override-allow");
        allowHosting.match = "203.0.113.0/24";
        SourceWord allowVpn = SourceWord::no("vpn", "override-allow");
        PrivacyFacts f = decide(words, {allowHosting, allowVpn}, {});
        CPPUNIT_ASSERT(f.hosting == std::optional<bool>(false));
        CPPUNIT_ASSERT(f.vpn == std::optional<bool>(false));
        CPPUNIT_ASSERT(reasonOf(f, "vpn").empty());
        // The provider's word stays visible beside the operator's.
        CPPUNIT_ASSERT_EQUAL(size_t(3), f.evidence.size());
        CPPUNIT_ASSERT_EQUAL(std::string("override-allow"), f.evidence[1].source);
        CPPUNIT_ASSERT(!f.evidence[1].value);
        CPPUNIT_ASSERT_EQUAL(std::string("203.0.113.0/24"), f.evidence[1].match);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(FlagVerdictTest);
