// The SPF parser against tests/corpus/spf.txt: RFC 7208 examples, the
// RFC 7208 test suite's syntax cases and real-world shapes, each with the
// parse it must give (terms rendered canonically, or an error's words).
#include "CorpusFile.h"
#include "SpfParser.h"

#include <cppunit/extensions/HelperMacros.h>

namespace ipfacts::mail {
namespace {

std::string render(const SpfRecord& r) {
    std::string out = "ok";
    for (const SpfTerm& t : r.terms) {
        out += std::string(" ") + t.qualifier + t.name;
        if (t.value) out += ":" + *t.value;
        if (t.name == "ip6") {
            if (t.cidr6) out += "/" + std::to_string(*t.cidr6);
        } else {
            if (t.cidr4) out += "/" + std::to_string(*t.cidr4);
            if (t.cidr6) out += "//" + std::to_string(*t.cidr6);
        }
    }
    for (const SpfTerm& m : r.modifiers) out += " " + m.name + "=" + m.value.value_or("");
    return out + " ; lookups=" + std::to_string(r.ownLookupCount());
}

std::string joinedErrors(const SpfRecord& r) {
    std::string all;
    for (const std::string& e : r.errors) all += e + " | ";
    return all;
}

}  // namespace

class SpfCorpusTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(SpfCorpusTest);
    CPPUNIT_TEST(everyCaseParsesAsExpected);
    CPPUNIT_TEST(tooManyTermsStopsReading);
    CPPUNIT_TEST(notesDeprecatedAndUnreachable);
    CPPUNIT_TEST_SUITE_END();

public:
    void everyCaseParsesAsExpected() {
        const std::vector<testing::CorpusCase> cases = testing::readCorpus("spf.txt");
        CPPUNIT_ASSERT_MESSAGE("at least 80 SPF records", cases.size() >= 80);
        size_t valid = 0, invalid = 0;
        for (const testing::CorpusCase& c : cases) {
            const SpfRecord r = parseSpf(c.input);
            const std::string where = "spf.txt:" + std::to_string(c.line) + ": " + c.input;
            if (c.expected.rfind("error ", 0) == 0) {
                ++invalid;
                CPPUNIT_ASSERT_MESSAGE(where + " should be invalid", !r.valid);
                CPPUNIT_ASSERT_MESSAGE(where + ": errors were: " + joinedErrors(r),
                                       joinedErrors(r).find(c.expected.substr(6)) != std::string::npos);
            } else {
                ++valid;
                CPPUNIT_ASSERT_MESSAGE(where + ": errors were: " + joinedErrors(r), r.valid);
                CPPUNIT_ASSERT_EQUAL_MESSAGE(where, c.expected, render(r));
            }
        }
        CPPUNIT_ASSERT(valid >= 30 && invalid >= 30);
    }

    void tooManyTermsStopsReading() {
        std::string text = "v=spf1";
        for (int i = 0; i < 300; ++i) text += " ip4:192.0.2.1";
        const SpfRecord r = parseSpf(text);
        CPPUNIT_ASSERT(!r.valid);
        CPPUNIT_ASSERT_EQUAL(size_t(200), r.terms.size());
    }

    void notesDeprecatedAndUnreachable() {
        const SpfRecord r = parseSpf("v=spf1 ptr -all mx redirect=example.org");
        CPPUNIT_ASSERT(r.valid);
        CPPUNIT_ASSERT_EQUAL(size_t(3), r.notes.size());
        CPPUNIT_ASSERT(r.notes[0].find("deprecated") != std::string::npos);
        CPPUNIT_ASSERT(r.notes[1].find("redirect=example.org is ignored") != std::string::npos);
        CPPUNIT_ASSERT(r.notes[2].find("never reached") != std::string::npos);
        CPPUNIT_ASSERT_EQUAL(std::string("-all"), r.all()->text);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(SpfCorpusTest);

}  // namespace ipfacts::mail
