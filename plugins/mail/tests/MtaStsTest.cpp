// MTA-STS: the TXT record, the policy file, mx pattern matching, and the
// check through the fake host (the policy fetched over the http facility,
// MX coverage); TLS-RPT records.
#include "MailFake.h"
#include "MtaStsCheck.h"
#include "MtaStsPolicy.h"
#include "TlsRptRecord.h"

#include <cppunit/extensions/HelperMacros.h>

namespace ipfacts::mail {

using testing::MailFake;

class MtaStsTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(MtaStsTest);
    CPPUNIT_TEST(recordNeedsVersionAndId);
    CPPUNIT_TEST(policyFields);
    CPPUNIT_TEST(patternsMatchOneLabel);
    CPPUNIT_TEST(checkFetchesPolicyAndCoversMx);
    CPPUNIT_TEST(noRecordMeansNoFetch);
    CPPUNIT_TEST(failedFetchIsReported);
    CPPUNIT_TEST(tlsRptRecords);
    CPPUNIT_TEST_SUITE_END();

public:
    void recordNeedsVersionAndId() {
        CPPUNIT_ASSERT(parseMtaStsRecord("v=STSv1; id=20240101T000000").valid);
        CPPUNIT_ASSERT_EQUAL(std::string("abc123"), *parseMtaStsRecord("v=STSv1;id=abc123;").id);
        CPPUNIT_ASSERT(!parseMtaStsRecord("v=STSv1;").valid);
        CPPUNIT_ASSERT(!parseMtaStsRecord("v=STSv1; id=has-hyphen").valid);
        CPPUNIT_ASSERT(!parseMtaStsRecord("v=STSv1; id=a; id=b").valid);
        CPPUNIT_ASSERT(!isMtaStsRecord("v=STSv2; id=1"));
    }

    void policyFields() {
        const MtaStsPolicyFile p = parseMtaStsPolicy(
            "version: STSv1\r\nmode: enforce\r\nmx: mail.example.com\r\nmx: *.example.net\r\nmax_age: 604800\r\n");
        CPPUNIT_ASSERT(p.valid);
        CPPUNIT_ASSERT_EQUAL(std::string("enforce"), *p.mode);
        CPPUNIT_ASSERT_EQUAL(int64_t(604800), *p.maxAge);
        CPPUNIT_ASSERT_EQUAL(size_t(2), p.mx.size());
        CPPUNIT_ASSERT(parseMtaStsPolicy("version: STSv1\nmode: none\nmax_age: 86400\n").valid);  // none needs no mx
        const MtaStsPolicyFile bad =
            parseMtaStsPolicy("version: STSv2\nmode: strict\nmax_age: 99999999999\nmx: bad name\n");
        CPPUNIT_ASSERT(!bad.valid);
        std::string errors;
        for (const std::string& e : bad.errors) errors += e + "\n";
        CPPUNIT_ASSERT_EQUAL_MESSAGE(errors, size_t(4), bad.errors.size());  // version, mode, max_age, mx pattern
        CPPUNIT_ASSERT(!parseMtaStsPolicy("").valid);
        CPPUNIT_ASSERT(
            !parseMtaStsPolicy("mode: enforce\nmode: testing\nversion: STSv1\nmax_age: 1\nmx: a.example\n").valid);
    }

    void patternsMatchOneLabel() {
        CPPUNIT_ASSERT(mxMatchesPattern("mail.example.com", "mail.example.com"));
        CPPUNIT_ASSERT(mxMatchesPattern("MAIL.Example.com", "mail.example.com"));
        CPPUNIT_ASSERT(mxMatchesPattern("mx1.example.net", "*.example.net"));
        CPPUNIT_ASSERT(!mxMatchesPattern("a.b.example.net", "*.example.net"));
        CPPUNIT_ASSERT(!mxMatchesPattern("example.net", "*.example.net"));
        CPPUNIT_ASSERT(!mxMatchesPattern("mail.example.org", "mail.example.com"));
    }

    void checkFetchesPolicyAndCoversMx() {
        MailFake fake;
        fake.txt("_mta-sts.sts.test", {"v=STSv1; id=2026a"});
        fake.http.respond("GET", "https://mta-sts.sts.test/.well-known/mta-sts.txt", 200,
                          "version: STSv1\nmode: testing\nmx: mx1.sts.test\nmax_age: 86400\n",
                          {{"Content-Type", "text/plain; charset=utf-8"}});
        MxFacts mx;
        mx.records = {MxHost{"mx1.sts.test", 10, {}, false, std::nullopt},
                      MxHost{"mx2.sts.test", 20, {}, false, std::nullopt}};
        Host host = fake.host();
        MailDns dns(host, MailDnsLimits{});
        const MtaStsFacts f = checkMtaSts(host, dns, "sts.test", mx, MtaStsFetch{});
        CPPUNIT_ASSERT(f.record && f.record->valid);
        CPPUNIT_ASSERT(f.policyFetched);
        CPPUNIT_ASSERT(f.policy->valid);
        CPPUNIT_ASSERT_EQUAL(std::string("testing"), *f.policy->mode);
        CPPUNIT_ASSERT_EQUAL(size_t(2), f.coverage.size());
        CPPUNIT_ASSERT(f.coverage[0].covered);
        CPPUNIT_ASSERT(!f.coverage[1].covered);
        CPPUNIT_ASSERT(!*f.allMxCovered);
        CPPUNIT_ASSERT_EQUAL(size_t(1), fake.http.requests.size());
        CPPUNIT_ASSERT_EQUAL(0, fake.http.requests[0].max_redirects);
        CPPUNIT_ASSERT(!f.failed);
    }

    void noRecordMeansNoFetch() {
        MailFake fake;
        Host host = fake.host();
        MailDns dns(host, MailDnsLimits{});
        const MtaStsFacts f = checkMtaSts(host, dns, "plain.test", MxFacts{}, MtaStsFetch{});
        CPPUNIT_ASSERT(!f.record);
        CPPUNIT_ASSERT(fake.http.requests.empty());
        CPPUNIT_ASSERT(f.policyError->find("no v=STSv1 record") != std::string::npos);
    }

    void failedFetchIsReported() {
        MailFake fake;
        fake.txt("_mta-sts.down.test", {"v=STSv1; id=1"});
        fake.http.fail("GET", "https://mta-sts.down.test/.well-known/mta-sts.txt", "timeout after 3000 ms");
        fake.txt("_mta-sts.moved.test", {"v=STSv1; id=1"});
        fake.http.respond("GET", "https://mta-sts.moved.test/.well-known/mta-sts.txt", 404, "nope");
        Host host = fake.host();
        MailDns dns(host, MailDnsLimits{});
        const MtaStsFacts down = checkMtaSts(host, dns, "down.test", MxFacts{}, MtaStsFetch{});
        CPPUNIT_ASSERT(!down.policyFetched);
        CPPUNIT_ASSERT_EQUAL(std::string("the policy fetch failed: timeout after 3000 ms"), *down.policyError);
        const MtaStsFacts moved = checkMtaSts(host, dns, "moved.test", MxFacts{}, MtaStsFetch{});
        CPPUNIT_ASSERT_EQUAL(404, *moved.policyStatus);
        CPPUNIT_ASSERT(!moved.policy);
        // The time-out failed in passing (the answer is then transient); a 404 is the site's answer.
        CPPUNIT_ASSERT(down.failed);
        CPPUNIT_ASSERT(!moved.failed);
        fake.txt("_mta-sts.badcert.test", {"v=STSv1; id=1"});
        fake.http.fail("GET", "https://mta-sts.badcert.test/.well-known/mta-sts.txt",
                       "TLS: certificate verify failed: self-signed certificate");
        CPPUNIT_ASSERT(!checkMtaSts(host, dns, "badcert.test", MxFacts{}, MtaStsFetch{}).failed);
    }

    void tlsRptRecords() {
        const TlsRptRecord r = parseTlsRpt("v=TLSRPTv1; rua=mailto:tls@example.com,https://report.example.com/tls");
        CPPUNIT_ASSERT(r.valid);
        CPPUNIT_ASSERT_EQUAL(size_t(2), r.reportUris.size());
        CPPUNIT_ASSERT(!parseTlsRpt("v=TLSRPTv1;").valid);
        CPPUNIT_ASSERT(!parseTlsRpt("v=TLSRPTv1; rua=ftp://x").valid);
        CPPUNIT_ASSERT(!isTlsRptRecord("v=spf1 -all"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(MtaStsTest);

}  // namespace ipfacts::mail
