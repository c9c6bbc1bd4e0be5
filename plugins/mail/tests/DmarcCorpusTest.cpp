// The DMARC parser against tests/corpus/dmarc.txt: RFC 7489 and RFC 9989
// examples, real-world shapes and broken records, each with its expected
// parse.
#include "CorpusFile.h"
#include "DmarcParser.h"

#include <cppunit/extensions/HelperMacros.h>

namespace ipfacts::mail {
namespace {

std::string uris(const std::vector<DmarcReportUri>& list) {
    std::string out;
    for (const DmarcReportUri& u : list) out += (out.empty() ? "" : ",") + u.uri;
    return out;
}

std::string render(const DmarcRecord& r) {
    std::string out = "ok";
    auto add = [&](const char* tag, const std::optional<std::string>& v) {
        if (v) out += std::string(" ") + tag + "=" + *v;
    };
    add("p", r.policy);
    add("sp", r.subdomainPolicy);
    add("np", r.nonexistentPolicy);
    if (r.percent) add("pct", std::to_string(*r.percent));
    add("adkim", r.adkim);
    add("aspf", r.aspf);
    add("fo", r.failureOptions);
    if (r.reportInterval) add("ri", std::to_string(*r.reportInterval));
    add("rf", r.reportFormat);
    if (r.testing) add("t", *r.testing ? "y" : "n");
    add("psd", r.publicSuffixDomain);
    if (!r.aggregateReports.empty()) add("rua", uris(r.aggregateReports));
    if (!r.forensicReports.empty()) add("ruf", uris(r.forensicReports));
    return out;
}

std::string joinedErrors(const DmarcRecord& r) {
    std::string all;
    for (const std::string& e : r.errors) all += e + " | ";
    return all;
}

}  // namespace

class DmarcCorpusTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(DmarcCorpusTest);
    CPPUNIT_TEST(everyCaseParsesAsExpected);
    CPPUNIT_TEST(removedAndUnknownTagsAreNoted);
    CPPUNIT_TEST(versionIsATagAsWritten);
    CPPUNIT_TEST(sizeLimitsAndDomainsAreKept);
    CPPUNIT_TEST_SUITE_END();

public:
    void everyCaseParsesAsExpected() {
        const std::vector<testing::CorpusCase> cases = testing::readCorpus("dmarc.txt");
        CPPUNIT_ASSERT_MESSAGE("at least 50 DMARC records", cases.size() >= 50);
        for (const testing::CorpusCase& c : cases) {
            const DmarcRecord r = parseDmarc(c.input);
            const std::string where = "dmarc.txt:" + std::to_string(c.line) + ": " + c.input;
            if (c.expected.rfind("error ", 0) == 0) {
                CPPUNIT_ASSERT_MESSAGE(where + " should be invalid", !r.valid);
                CPPUNIT_ASSERT_MESSAGE(where + ": errors were: " + joinedErrors(r),
                                       joinedErrors(r).find(c.expected.substr(6)) != std::string::npos);
            } else {
                CPPUNIT_ASSERT_MESSAGE(where + ": errors were: " + joinedErrors(r), r.valid);
                CPPUNIT_ASSERT_EQUAL_MESSAGE(where, c.expected, render(r));
            }
        }
    }

    void removedAndUnknownTagsAreNoted() {
        const DmarcRecord r = parseDmarc("v=DMARC1; p=none; pct=50; rf=afrf; ri=86400; zz=1");
        CPPUNIT_ASSERT(r.valid);
        CPPUNIT_ASSERT_EQUAL(size_t(3), r.removedTags.size());
        CPPUNIT_ASSERT_EQUAL(std::string("pct"), r.removedTags[0]);
        CPPUNIT_ASSERT_EQUAL(size_t(6), r.tags.size());
        CPPUNIT_ASSERT_EQUAL(std::string("zz"), r.tags.back().first);
        size_t removedNotes = 0, unknownNotes = 0;
        for (const std::string& n : r.notes) {
            removedNotes += n.find("removed by RFC 9989") != std::string::npos;
            unknownNotes += n.find("unknown tag 'zz'") != std::string::npos;
        }
        CPPUNIT_ASSERT_EQUAL(size_t(3), removedNotes);
        CPPUNIT_ASSERT_EQUAL(size_t(1), unknownNotes);
        CPPUNIT_ASSERT(!r.subdomainPolicy && !r.adkim && !r.aspf);  // absent: null, not the default
    }

    void versionIsATagAsWritten() {
        const DmarcRecord r = parseDmarc(" v = DMARC1 ; p=reject; sp=none");
        CPPUNIT_ASSERT(r.valid);
        CPPUNIT_ASSERT_EQUAL(size_t(3), r.tags.size());
        CPPUNIT_ASSERT_EQUAL(std::string("v"), r.tags[0].first);
        CPPUNIT_ASSERT_EQUAL(std::string("DMARC1"), r.tags[0].second);
        CPPUNIT_ASSERT_EQUAL(std::string("p"), r.tags[1].first);
        for (const std::string& n : r.notes)  // p directly follows v: nothing to note
            CPPUNIT_ASSERT_MESSAGE(n, n.find("p should directly follow v") == std::string::npos);
        const DmarcRecord late = parseDmarc("v=DMARC1; sp=none; p=reject");
        CPPUNIT_ASSERT_EQUAL(std::string("v"), late.tags[0].first);
        bool noted = false;
        for (const std::string& n : late.notes)
            noted = noted || n.find("p should directly follow v") != std::string::npos;
        CPPUNIT_ASSERT(noted);
    }

    void sizeLimitsAndDomainsAreKept() {
        const DmarcRecord r = parseDmarc("v=DMARC1; p=none; rua=mailto:A@Reports.Example.NET!10M");
        CPPUNIT_ASSERT_EQUAL(size_t(1), r.aggregateReports.size());
        CPPUNIT_ASSERT_EQUAL(std::string("10m"), *r.aggregateReports[0].limit);
        CPPUNIT_ASSERT_EQUAL(std::string("reports.example.net"), *r.aggregateReports[0].domain);
        CPPUNIT_ASSERT(isDmarcRecord("v = DMARC1 ;p=none"));
        CPPUNIT_ASSERT(!isDmarcRecord("v=DMARC10; p=none"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(DmarcCorpusTest);

}  // namespace ipfacts::mail
