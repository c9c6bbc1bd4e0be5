// DMARC policy discovery against a fake resolver: the domain's own record,
// the organizational domain's (Public Suffix List), the RFC 9989 tree walk
// and the flag when the two disagree, several records, and the RFC 7489
// 7.1 authorization of external report destinations.
#include "DmarcLookup.h"
#include "MailFake.h"

#include <cppunit/extensions/HelperMacros.h>

namespace ipfacts::mail {
namespace {

using testing::MailFake;

const PublicSuffixList& psl() {
    static const PublicSuffixList list;
    return list;
}

DmarcFacts lookUp(MailFake& fake, const std::string& domain) {
    Host host = fake.host();
    MailDns dns(host, MailDnsLimits{});
    return lookUpDmarc(dns, psl(), domain);
}

bool anyContains(const std::vector<std::string>& list, const std::string& part) {
    for (const std::string& s : list)
        if (s.find(part) != std::string::npos) return true;
    return false;
}

}  // namespace

class DmarcLookupTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(DmarcLookupTest);
    CPPUNIT_TEST(publicSuffixListGivesRegistrableDomain);
    CPPUNIT_TEST(treeWalkNames);
    CPPUNIT_TEST(ownRecordApplies);
    CPPUNIT_TEST(inheritedFromOrganizationalDomain);
    CPPUNIT_TEST(treeWalkDisagreesWithPsl);
    CPPUNIT_TEST(severalRecordsMeanNone);
    CPPUNIT_TEST(externalDestinationsNeedAuthorization);
    CPPUNIT_TEST(noRecordAnywhere);
    CPPUNIT_TEST_SUITE_END();

public:
    void publicSuffixListGivesRegistrableDomain() {
        CPPUNIT_ASSERT_EQUAL(std::string("example.co.uk"), *psl().organizationalDomain("mail.example.co.uk"));
        CPPUNIT_ASSERT_EQUAL(std::string("example.com"), *psl().organizationalDomain("a.b.example.com"));
        CPPUNIT_ASSERT(!psl().organizationalDomain("co.uk"));
        CPPUNIT_ASSERT_EQUAL(std::string("mail.test"), *psl().organizationalDomain("x.y.mail.test"));
    }

    void treeWalkNames() {
        const std::vector<std::string> names = mail::treeWalkNames("a.b.c.d.e.f.g.h.i.j.example");
        CPPUNIT_ASSERT_EQUAL(size_t(8), names.size());
        CPPUNIT_ASSERT_EQUAL(std::string("a.b.c.d.e.f.g.h.i.j.example"), names[0]);
        CPPUNIT_ASSERT_EQUAL(std::string("e.f.g.h.i.j.example"), names[1]);
        CPPUNIT_ASSERT_EQUAL(std::string("example"), names.back());
        CPPUNIT_ASSERT_EQUAL(size_t(3), mail::treeWalkNames("x.mail.test").size());
    }

    void ownRecordApplies() {
        MailFake fake;
        fake.txt("_dmarc.own.test", {"v=DMARC1; p=reject; rua=mailto:d@own.test"});
        const DmarcFacts d = lookUp(fake, "own.test");
        CPPUNIT_ASSERT(d.found);
        CPPUNIT_ASSERT_EQUAL(std::string("domain"), d.policySource);
        CPPUNIT_ASSERT_EQUAL(std::string("_dmarc.own.test"), *d.recordName);
        CPPUNIT_ASSERT_EQUAL(std::string("reject"), *d.record.policy);
        CPPUNIT_ASSERT(d.errors.empty());
        CPPUNIT_ASSERT_EQUAL(size_t(1), d.destinations.size());
        CPPUNIT_ASSERT(!d.destinations[0].external);
        CPPUNIT_ASSERT(d.organizational.agree);
    }

    void inheritedFromOrganizationalDomain() {
        MailFake fake;
        fake.txt("_dmarc.org.test", {"v=DMARC1; p=quarantine; sp=reject"});
        const DmarcFacts d = lookUp(fake, "a.b.org.test");
        CPPUNIT_ASSERT(d.found);
        CPPUNIT_ASSERT_EQUAL(std::string("organizational_domain"), d.policySource);
        CPPUNIT_ASSERT_EQUAL(std::string("_dmarc.org.test"), *d.recordName);
        CPPUNIT_ASSERT_EQUAL(std::string("org.test"), d.organizational.publicSuffixList);
        CPPUNIT_ASSERT_EQUAL(std::string("org.test"), *d.organizational.treeWalk);
        CPPUNIT_ASSERT(d.organizational.agree);
        CPPUNIT_ASSERT_EQUAL(std::string("org.test"), *d.organizational.treeWalkPolicyDomain);
    }

    void treeWalkDisagreesWithPsl() {
        MailFake fake;
        // shop.split.test says it is an organizational domain of its own (psd=n);
        // the PSL knows nothing of it and says split.test.
        fake.txt("_dmarc.shop.split.test", {"v=DMARC1; p=reject; psd=n"});
        fake.txt("_dmarc.split.test", {"v=DMARC1; p=none"});
        const DmarcFacts d = lookUp(fake, "www.shop.split.test");
        CPPUNIT_ASSERT_EQUAL(std::string("split.test"), d.organizational.publicSuffixList);
        CPPUNIT_ASSERT_EQUAL(std::string("shop.split.test"), *d.organizational.treeWalk);
        CPPUNIT_ASSERT(!d.organizational.agree);
        CPPUNIT_ASSERT_EQUAL(std::string("none"), *d.record.policy);  // RFC 7489: the PSL organizational domain's
        CPPUNIT_ASSERT_EQUAL(std::string("shop.split.test"), *d.organizational.treeWalkPolicyDomain);
        // psd=y one level up: the organizational domain is the name below it.
        MailFake psd;
        psd.txt("_dmarc.psd.test", {"v=DMARC1; p=reject; psd=y"});
        const DmarcFacts p = lookUp(psd, "a.b.psd.test");
        CPPUNIT_ASSERT_EQUAL(std::string("b.psd.test"), *p.organizational.treeWalk);
        CPPUNIT_ASSERT_EQUAL(std::string("psd.test"), p.organizational.publicSuffixList);
    }

    void severalRecordsMeanNone() {
        MailFake fake;
        fake.txt("_dmarc.two.test", {"v=DMARC1; p=reject", "v=DMARC1; p=none"});
        const DmarcFacts d = lookUp(fake, "two.test");
        CPPUNIT_ASSERT(!d.found);
        CPPUNIT_ASSERT(!d.record.policy);
        CPPUNIT_ASSERT_EQUAL(size_t(2), d.records.size());
        CPPUNIT_ASSERT(anyContains(d.errors, "2 DMARC records at _dmarc.two.test"));
    }

    void externalDestinationsNeedAuthorization() {
        MailFake fake;
        fake.txt("_dmarc.ext.test",
                 {"v=DMARC1; p=none; rua=mailto:a@reports.example,mailto:b@ok.example; ruf=mailto:c@sub.ext.test"});
        fake.txt("ext.test._report._dmarc.ok.example", {"v=DMARC1"});
        const DmarcFacts d = lookUp(fake, "ext.test");
        CPPUNIT_ASSERT_EQUAL(size_t(3), d.destinations.size());
        CPPUNIT_ASSERT(d.destinations[0].external && !*d.destinations[0].authorized);
        CPPUNIT_ASSERT(d.destinations[1].external && *d.destinations[1].authorized);
        CPPUNIT_ASSERT(!d.destinations[2].external && !d.destinations[2].authorized);
        CPPUNIT_ASSERT(anyContains(d.errors, "rua: reports to reports.example are not authorized"));
    }

    void noRecordAnywhere() {
        MailFake fake;
        const DmarcFacts d = lookUp(fake, "a.bare.test");
        CPPUNIT_ASSERT(!d.found);
        CPPUNIT_ASSERT_EQUAL(std::string("none"), d.policySource);
        CPPUNIT_ASSERT(anyContains(d.errors, "no DMARC record at _dmarc.a.bare.test nor at _dmarc.bare.test"));
        CPPUNIT_ASSERT(!d.organizational.treeWalk);
        CPPUNIT_ASSERT(d.organizational.agree);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(DmarcLookupTest);

}  // namespace ipfacts::mail
