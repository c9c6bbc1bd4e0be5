// The SPF lookup tree against a fake resolver: counts through includes and
// redirects, per-term costs, the 12-lookup chain, loops, void lookups, the
// mx name limit, several records, macros, the type-99 record, failed and
// budget-cut lookups, and the bound on records fetched.
#include "MailFake.h"
#include "SpfTree.h"

#include <cppunit/extensions/HelperMacros.h>

namespace ipfacts::mail {
namespace {

using testing::MailFake;

SpfCheck check(MailFake& fake, const std::string& domain, SpfTreeLimits limits = {}, MailDnsLimits dnsLimits = {}) {
    Host host = fake.host();
    MailDns dns(host, dnsLimits);
    return checkSpf(dns, domain, limits);
}

bool anyContains(const std::vector<std::string>& list, const std::string& part) {
    for (const std::string& s : list)
        if (s.find(part) != std::string::npos) return true;
    return false;
}

std::string all(const std::vector<std::string>& list) {
    std::string out;
    for (const std::string& s : list) out += s + "\n";
    return out;
}

}  // namespace

class SpfTreeTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(SpfTreeTest);
    CPPUNIT_TEST(countsThroughIncludesAndRedirect);
    CPPUNIT_TEST(twelveLookupChainExceedsTheLimitAndNamesTheChain);
    CPPUNIT_TEST(includeLoopStopsAndSaysSo);
    CPPUNIT_TEST(voidLookupsAreListedByTerm);
    CPPUNIT_TEST(mxNameLimit);
    CPPUNIT_TEST(severalRecordsAndMissingIncludes);
    CPPUNIT_TEST(macrosAreNotLookedUp);
    CPPUNIT_TEST(splitRecordAndType99);
    CPPUNIT_TEST(failedLookupLeavesPartialTree);
    CPPUNIT_TEST(recordLimitBoundsTheWork);
    CPPUNIT_TEST(questionBudgetBoundsTheWork);
    CPPUNIT_TEST_SUITE_END();

public:
    void countsThroughIncludesAndRedirect() {
        MailFake fake;
        fake.txt("example.test", {"v=spf1 a mx include:_spf.one.test ip4:192.0.2.0/24 redirect=_spf.two.test"});
        fake.txt("_spf.one.test", {"v=spf1 include:_spf.three.test a:x.one.test -all"});
        fake.txt("_spf.three.test", {"v=spf1 ip4:198.51.100.0/24 -all"});
        fake.txt("_spf.two.test", {"v=spf1 exists:e.two.test ~all"});
        fake.answer("example.test", "A", {"192.0.2.1"});
        fake.answer("example.test", "MX", {"10 mx.example.test."});
        fake.answer("x.one.test", "A", {"192.0.2.2"});
        fake.answer("e.two.test", "A", {"127.0.0.2"});
        const SpfCheck c = check(fake, "example.test");
        CPPUNIT_ASSERT_MESSAGE(all(c.errors), c.errors.empty());
        // a, mx, include(+2: include, a), redirect(+1: exists) = 1+1+3+2 = 7
        CPPUNIT_ASSERT_EQUAL(7, c.lookupCount);
        CPPUNIT_ASSERT(!c.exceedsLookupLimit);
        const SpfNode& root = *c.root;
        CPPUNIT_ASSERT_EQUAL(1, root.termCosts[0].lookups);
        CPPUNIT_ASSERT_EQUAL(3, root.termCosts[2].lookups);
        CPPUNIT_ASSERT_EQUAL(0, root.termCosts[3].lookups);
        CPPUNIT_ASSERT_EQUAL(2, root.modifierCosts[0].lookups);
        const SpfNode& one = *root.termCosts[2].child;
        CPPUNIT_ASSERT_EQUAL(std::string("_spf.one.test"), one.domain);
        CPPUNIT_ASSERT_EQUAL(size_t(2), one.chain.size());
        CPPUNIT_ASSERT_EQUAL(std::string("_spf.three.test"), one.termCosts[0].child->domain);
        CPPUNIT_ASSERT_EQUAL(4, c.recordsFetched);
        CPPUNIT_ASSERT(c.voidLookups.empty());
    }

    void twelveLookupChainExceedsTheLimitAndNamesTheChain() {
        MailFake fake;
        fake.txt("twelve.test", {"v=spf1 include:a.twelve.test include:b.twelve.test -all"});
        fake.txt("a.twelve.test", {"v=spf1 include:c.twelve.test a:h1.twelve.test a:h2.twelve.test -all"});
        fake.txt("c.twelve.test", {"v=spf1 a:h3.twelve.test a:h4.twelve.test -all"});
        fake.txt("b.twelve.test",
                 {"v=spf1 a:h5.twelve.test a:h6.twelve.test a:h7.twelve.test a:h8.twelve.test a:h9.twelve.test -all"});
        for (int i = 1; i <= 9; ++i) fake.answer("h" + std::to_string(i) + ".twelve.test", "A", {"192.0.2.9"});
        const SpfCheck c = check(fake, "twelve.test");
        CPPUNIT_ASSERT_EQUAL(12, c.lookupCount);
        CPPUNIT_ASSERT(c.exceedsLookupLimit);
        CPPUNIT_ASSERT_EQUAL(6, c.root->termCosts[0].lookups);  // include:a + include:c (3) + 2
        CPPUNIT_ASSERT_EQUAL(6, c.root->termCosts[1].lookups);
        // Lookup 11 is the fourth a: of b, reached through twelve.test -> b.twelve.test.
        CPPUNIT_ASSERT_MESSAGE(all(c.errors),
                               anyContains(c.errors,
                                           "12 DNS-querying terms; more than 10 is a permerror (RFC 7208 "
                                           "4.6.4); lookup 11 is 'a:h8.twelve.test' in twelve.test -> b.twelve.test"));
    }

    void includeLoopStopsAndSaysSo() {
        MailFake fake;
        fake.txt("loop.test", {"v=spf1 include:a.loop.test -all"});
        fake.txt("a.loop.test", {"v=spf1 include:b.loop.test -all"});
        fake.txt("b.loop.test", {"v=spf1 include:loop.test -all"});
        const SpfCheck c = check(fake, "loop.test");
        CPPUNIT_ASSERT_EQUAL(3, c.lookupCount);
        CPPUNIT_ASSERT_MESSAGE(
            all(c.errors), anyContains(c.errors, "include loop: loop.test -> a.loop.test -> b.loop.test -> loop.test"));
        CPPUNIT_ASSERT_EQUAL(3, c.recordsFetched);
        // redirect to itself
        MailFake self;
        self.txt("self.test", {"v=spf1 redirect=self.test"});
        const SpfCheck s = check(self, "self.test");
        CPPUNIT_ASSERT(anyContains(s.errors, "redirect loop"));
    }

    void voidLookupsAreListedByTerm() {
        MailFake fake;
        fake.txt("void.test", {"v=spf1 a:gone1.void.test include:inc.void.test exists:gone3.void.test -all"});
        fake.txt("inc.void.test", {"v=spf1 mx:gone2.void.test -all"});
        fake.nxdomain("gone1.void.test", "A");
        fake.nxdomain("gone1.void.test", "AAAA");
        fake.nxdomain("gone2.void.test", "MX");
        const SpfCheck c = check(fake, "void.test");
        CPPUNIT_ASSERT_EQUAL(size_t(3), c.voidLookups.size());
        CPPUNIT_ASSERT(c.exceedsVoidLookupLimit);
        CPPUNIT_ASSERT_EQUAL(std::string("a:gone1.void.test"), c.voidLookups[0].term);
        CPPUNIT_ASSERT_EQUAL(std::string("mx:gone2.void.test"), c.voidLookups[1].term);
        CPPUNIT_ASSERT_EQUAL(std::string("void.test -> inc.void.test"), c.voidLookups[1].chain);
        CPPUNIT_ASSERT_EQUAL(std::string("gone3.void.test"), c.voidLookups[2].name);
        CPPUNIT_ASSERT(anyContains(c.errors, "3 void lookups; more than 2 is a permerror"));
        CPPUNIT_ASSERT(c.root->termCosts[0].voidLookup);
    }

    void mxNameLimit() {
        MailFake fake;
        fake.txt("mx.test", {"v=spf1 mx -all"});
        std::vector<std::string> mx;
        for (int i = 0; i < 11; ++i) mx.push_back("10 mx" + std::to_string(i) + ".mx.test.");
        fake.answer("mx.test", "MX", mx);
        const SpfCheck c = check(fake, "mx.test");
        CPPUNIT_ASSERT_EQUAL(11, *c.root->termCosts[0].mxNames);
        CPPUNIT_ASSERT_MESSAGE(all(c.errors),
                               anyContains(c.errors, "mx.test has 11 MX names; more than 10 is a permerror"));
    }

    void severalRecordsAndMissingIncludes() {
        MailFake fake;
        fake.txt("two.test",
                 {"v=spf1 -all", "v=spf1 include:nospf.test include:gone.test ~all", "google-site-verification=x"});
        const SpfCheck several = check(fake, "two.test");
        CPPUNIT_ASSERT_EQUAL(size_t(2), several.root->found.size());
        CPPUNIT_ASSERT(anyContains(several.errors, "2 SPF records at two.test (RFC 7208 4.5: permerror)"));

        fake.txt("inc.test", {"v=spf1 include:nospf.test include:gone.test ~all"});
        fake.txt("nospf.test", {"some other text"});
        fake.nxdomain("gone.test", "TXT");
        const SpfCheck c = check(fake, "inc.test");
        CPPUNIT_ASSERT_MESSAGE(all(c.errors),
                               anyContains(c.errors, "term 'include:nospf.test': no SPF record at nospf.test"));
        CPPUNIT_ASSERT(anyContains(c.errors, "term 'include:gone.test': gone.test does not exist (NXDOMAIN)"));
        CPPUNIT_ASSERT_EQUAL(size_t(1), c.voidLookups.size());  // the NXDOMAIN include; a TXT without SPF is not void
        CPPUNIT_ASSERT_EQUAL(2, c.lookupCount);
    }

    void macrosAreNotLookedUp() {
        MailFake fake;
        fake.txt("macro.test", {"v=spf1 exists:%{i}._spf.%{d} include:%{l}.x.macro.test -all"});
        const SpfCheck c = check(fake, "macro.test");
        CPPUNIT_ASSERT_EQUAL(2, c.lookupCount);
        CPPUNIT_ASSERT(anyContains(c.root->termCosts[0].notes, "macro not expanded"));
        CPPUNIT_ASSERT(anyContains(c.root->termCosts[1].notes, "macro not expanded"));
        for (const DnsQuestion& q : fake.asked) CPPUNIT_ASSERT(q.name.find('%') == std::string::npos);
    }

    void splitRecordAndType99() {
        MailFake fake;
        // A 300-octet record published as two strings of 255 and 45 octets.
        std::string text = "v=spf1";
        while (text.size() < 280) text += " ip4:192.0.2.1";
        text += " -all";
        const std::string first = text.substr(0, 255), second = text.substr(255);
        fake.answer("split.test", "TXT", {testing::quoted(first) + " " + testing::quoted(second)});
        fake.answer("split.test", "SPF", {testing::quoted("v=spf1 -all")});
        const SpfCheck c = check(fake, "split.test");
        CPPUNIT_ASSERT_MESSAGE(all(c.errors), c.errors.empty());
        CPPUNIT_ASSERT_EQUAL(text, c.root->record->raw);
        CPPUNIT_ASSERT_EQUAL(std::string("-all"), c.root->record->terms.back().text);
        CPPUNIT_ASSERT_EQUAL(std::string("v=spf1 -all"), *c.deprecatedSpfRecord);
    }

    void failedLookupLeavesPartialTree() {
        MailFake fake;
        fake.txt("slow.test", {"v=spf1 include:slow.include.test ip4:192.0.2.0/24 -all"});
        fake.fail("slow.include.test", "TXT", -1, "timeout");
        const SpfCheck c = check(fake, "slow.test");
        CPPUNIT_ASSERT_EQUAL(1, c.lookupCount);
        CPPUNIT_ASSERT_EQUAL(size_t(1), c.partial.size());
        CPPUNIT_ASSERT_MESSAGE(all(c.partial), anyContains(c.partial, "slow.test -> slow.include.test"));
        CPPUNIT_ASSERT(anyContains(c.errors, "the TXT lookup of slow.include.test failed: timeout"));
    }

    void recordLimitBoundsTheWork() {
        MailFake fake;
        // A chain 30 deep: each record includes the next.
        for (int i = 0; i < 30; ++i)
            fake.txt("d" + std::to_string(i) + ".test", {"v=spf1 include:d" + std::to_string(i + 1) + ".test -all"});
        SpfTreeLimits limits;
        const SpfCheck c = check(fake, "d0.test", limits);
        CPPUNIT_ASSERT(anyContains(c.errors, "deeper than 10 levels"));
        CPPUNIT_ASSERT(c.recordsFetched <= limits.maxDepth + 1);
        limits.maxRecords = 3;
        limits.maxDepth = 20;
        const SpfCheck d = check(fake, "d0.test", limits);
        CPPUNIT_ASSERT_EQUAL(3, d.recordsFetched);
        CPPUNIT_ASSERT(anyContains(d.partial, "not followed (record limit)"));
    }

    void questionBudgetBoundsTheWork() {
        MailFake fake;
        fake.txt("wide.test",
                 {"v=spf1 a:a1.wide.test a:a2.wide.test a:a3.wide.test a:a4.wide.test a:a5.wide.test -all"});
        MailDnsLimits dnsLimits;
        dnsLimits.maxQuestions = 5;
        const SpfCheck c = check(fake, "wide.test", {}, dnsLimits);
        CPPUNIT_ASSERT(fake.asked.size() <= 5);
        CPPUNIT_ASSERT_MESSAGE(all(c.partial), anyContains(c.partial, "the most one request may"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(SpfTreeTest);

}  // namespace ipfacts::mail
