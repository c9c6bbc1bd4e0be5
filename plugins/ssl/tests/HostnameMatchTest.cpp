// RFC 6125 host-name matching: exact names ignoring case, wildcards only as
// the whole left-most label and for one label, never over a public suffix;
// the CN only without DNS SANs; A-labels for internationalised names.
#include "HostParameter.h"
#include "HostnameMatch.h"

#include <cppunit/extensions/HelperMacros.h>

#include <sstream>

namespace ipfacts::ssl {
namespace {

PublicSuffixes suffixes() {
    std::istringstream in("// test list\nco.uk\ngithub.io\n*.ck\n!www.ck\n\n# comment\nCOM.AU  trailing words\n");
    return PublicSuffixes::read(in, "test");
}

bool matches(const std::string& host, const std::string& presented) {
    static const PublicSuffixes list = suffixes();
    return matchesPresentedName(host, presented, list);
}

}  // namespace

class HostnameMatchTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(HostnameMatchTest);
    CPPUNIT_TEST(exactNamesIgnoreCaseAndTrailingDot);
    CPPUNIT_TEST(wildcardCoversOneLeftMostLabel);
    CPPUNIT_TEST(wildcardNeverCoversAPublicSuffix);
    CPPUNIT_TEST(partialAndInnerWildcardsNeverMatch);
    CPPUNIT_TEST(internationalNamesCompareAsALabels);
    CPPUNIT_TEST(sansComeFirstCommonNameOnlyWithoutThem);
    CPPUNIT_TEST(publicSuffixRules);
    CPPUNIT_TEST(badSuffixRuleNamesItsLine);
    CPPUNIT_TEST_SUITE_END();

public:
    void exactNamesIgnoreCaseAndTrailingDot() {
        CPPUNIT_ASSERT(matches("www.example.com", "www.example.com"));
        CPPUNIT_ASSERT(matches("www.example.com", "WWW.Example.COM"));
        CPPUNIT_ASSERT(matches("www.example.com", "www.example.com."));
        CPPUNIT_ASSERT(!matches("www.example.com", "example.com"));
        CPPUNIT_ASSERT(!matches("example.com", "www.example.com"));
        CPPUNIT_ASSERT(!matches("www.example.com", "www.example.co"));
    }

    void wildcardCoversOneLeftMostLabel() {
        CPPUNIT_ASSERT(matches("a.example.com", "*.example.com"));
        CPPUNIT_ASSERT(matches("A.EXAMPLE.com", "*.example.COM"));
        CPPUNIT_ASSERT(!matches("a.b.example.com", "*.example.com"));  // never across a dot
        CPPUNIT_ASSERT(!matches("example.com", "*.example.com"));      // one non-empty label
        CPPUNIT_ASSERT(matches("xn--bcher-kva.example.com", "*.example.com"));
    }

    void wildcardNeverCoversAPublicSuffix() {
        CPPUNIT_ASSERT(!matches("example.co.uk", "*.co.uk"));
        CPPUNIT_ASSERT(!matches("example.com", "*.com"));
        CPPUNIT_ASSERT(!matches("me.github.io", "*.github.io"));
        CPPUNIT_ASSERT(!matches("shop.com.au", "*.com.au"));  // listed in capitals
        CPPUNIT_ASSERT(!matches("a.b.ck", "*.b.ck"));         // *.ck makes b.ck a suffix
        CPPUNIT_ASSERT(matches("a.www.ck", "*.www.ck"));      // !www.ck is not
        CPPUNIT_ASSERT(matches("www.example.co.uk", "*.example.co.uk"));
    }

    void partialAndInnerWildcardsNeverMatch() {
        CPPUNIT_ASSERT(!matches("www.example.com", "w*.example.com"));
        CPPUNIT_ASSERT(!matches("www.example.com", "*w.example.com"));
        CPPUNIT_ASSERT(!matches("www.a.example.com", "www.*.example.com"));
        CPPUNIT_ASSERT(!matches("www.example.com", "*.*.com"));
        CPPUNIT_ASSERT(!matches("www.example.com", "*"));
        CPPUNIT_ASSERT(!matches("www.example.com", "*."));
        CPPUNIT_ASSERT(!matches("w_w.example.com", "w_w.example.com"));  // not a host name
    }

    void internationalNamesCompareAsALabels() {
        const auto host = checkHostValue("www.Bücher.example");
        const HostName& name = std::get<HostName>(host);
        CPPUNIT_ASSERT_EQUAL(std::string("www.xn--bcher-kva.example"), name.ascii);
        CPPUNIT_ASSERT(matches(name.ascii, "www.xn--bcher-kva.example"));
        CPPUNIT_ASSERT(matches(name.ascii, "*.xn--bcher-kva.example"));
        CPPUNIT_ASSERT(!matches(name.ascii, "www.bücher.example"));  // a U-label is not a valid presented name
    }

    void sansComeFirstCommonNameOnlyWithoutThem() {
        const PublicSuffixes list = suffixes();
        HostnameMatch m =
            matchHostname("www.example.com", {"example.com", "*.example.com"}, std::string("www.example.com"), list);
        CPPUNIT_ASSERT(m.matched);
        CPPUNIT_ASSERT_EQUAL(std::string("*.example.com"), m.matchedName.value_or(""));
        CPPUNIT_ASSERT(m.checkedNames == (std::vector<std::string>{"example.com", "*.example.com"}));
        CPPUNIT_ASSERT(!m.usedCommonName);

        m = matchHostname("www.example.com", {"other.example.com"}, std::string("www.example.com"), list);
        CPPUNIT_ASSERT(!m.matched);  // the CN is ignored when there are DNS SANs
        CPPUNIT_ASSERT(!m.matchedName);
        CPPUNIT_ASSERT(!m.usedCommonName);

        m = matchHostname("www.example.com", {}, std::string("WWW.example.com"), list);
        CPPUNIT_ASSERT(m.matched && m.usedCommonName);
        CPPUNIT_ASSERT(m.checkedNames == std::vector<std::string>{"WWW.example.com"});

        m = matchHostname("www.example.com", {}, std::nullopt, list);
        CPPUNIT_ASSERT(!m.matched && !m.usedCommonName && m.checkedNames.empty());
    }

    void publicSuffixRules() {
        const PublicSuffixes list = suffixes();
        CPPUNIT_ASSERT(list.isPublicSuffix("com"));  // single labels, listed or not
        CPPUNIT_ASSERT(list.isPublicSuffix("co.uk"));
        CPPUNIT_ASSERT(list.isPublicSuffix("com.au"));
        CPPUNIT_ASSERT(list.isPublicSuffix("anything.ck"));
        CPPUNIT_ASSERT(!list.isPublicSuffix("www.ck"));
        CPPUNIT_ASSERT(!list.isPublicSuffix("example.co.uk"));
        CPPUNIT_ASSERT(!PublicSuffixes().isPublicSuffix("co.uk"));  // no list: single labels only
        CPPUNIT_ASSERT_EQUAL(size_t(5), list.size());
    }

    void badSuffixRuleNamesItsLine() {
        std::istringstream in("co.uk\nbad_rule.uk\n");
        try {
            PublicSuffixes::read(in, "suffixes.txt");
            CPPUNIT_FAIL("a bad rule was accepted");
        } catch (const std::runtime_error& e) {
            CPPUNIT_ASSERT_MESSAGE(e.what(), std::string(e.what()).rfind("suffixes.txt:2: 'bad_rule.uk'", 0) == 0);
        }
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(HostnameMatchTest);

}  // namespace ipfacts::ssl
