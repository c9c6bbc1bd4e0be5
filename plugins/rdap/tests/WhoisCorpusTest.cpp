// The WHOIS parser over the corpus of real recorded answers
// (tests/rdap/corpus/whois: 59 TLD servers, the five RIRs, "no match" and
// rate-limit texts): every field of every case against the summary written
// by reading the answer, and the referral each gives. Prints the coverage table (source x field: right,
// wrong, not present); fails on any wrong field the corpus does not list
// as known, and on a known one that has become right (so the list stays true).
#include "WhoisParser.h"

#include "tests/rdap/WhoisCorpus.h"

#include <cppunit/extensions/HelperMacros.h>

#include <algorithm>
#include <iostream>

namespace ipfacts::rdap {
namespace {

using testing::FieldValue;

FieldValue text(const Text& t) { return t ? FieldValue::of(*t) : FieldValue::none(); }

FieldValue fieldOf(const Summary& s, const std::string& f) {
    if (f == "ldh_name") return text(s.ldh_name);
    if (f == "registrar") return text(s.registrar);
    if (f == "registered") return text(s.registered);
    if (f == "updated") return text(s.updated);
    if (f == "expires") return text(s.expires);
    if (f == "nameservers") return FieldValue::ofList(s.nameservers);
    if (f == "status") return FieldValue::ofList(s.status);
    if (f == "dnssec_signed")
        return s.dnssec_signed ? FieldValue::of(*s.dnssec_signed ? "true" : "false") : FieldValue::none();
    if (f == "abuse_email") return text(s.abuse_email);
    if (f == "handle") return text(s.handle);
    if (f == "name") return text(s.name);
    if (f == "type") return text(s.type);
    if (f == "country") return text(s.country);
    if (f == "start_address") return text(s.start_address);
    if (f == "end_address") return text(s.end_address);
    if (f == "cidr") return FieldValue::ofList(s.cidr);
    return FieldValue::none();
}

std::string outcomeName(WhoisOutcome o) {
    return o == WhoisOutcome::NotRegistered ? "not_registered"
           : o == WhoisOutcome::RateLimited ? "rate_limited"
                                            : "answer";
}

}  // namespace

class WhoisCorpusTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(WhoisCorpusTest);
    CPPUNIT_TEST(everyRecordedAnswerGivesTheSummaryReadFromIt);
    CPPUNIT_TEST_SUITE_END();

public:
    void everyRecordedAnswerGivesTheSummaryReadFromIt() {
        const auto corpus = testing::WhoisCorpus::load(IPFACTS_WHOIS_CORPUS);
        CPPUNIT_ASSERT(corpus.cases().size() >= 80);
        testing::WhoisCoverage coverage;
        for (const auto& c : corpus.cases()) {
            const std::string answer = corpus.answer(c);
            const QueryKind kind = c.kind == "ip" ? QueryKind::Ip : QueryKind::Domain;
            const Summary s = parseWhois(answer, kind, "whois.corpus.example", c.query);
            CPPUNIT_ASSERT_EQUAL(std::string("whois"), s.source);
            coverage.judge(c, "outcome", FieldValue::of(outcomeName(whoisOutcome(answer, s))));
            const std::string referral = whoisReferral(answer);
            coverage.judge(c, "referral", referral.empty() ? FieldValue::none() : FieldValue::of(referral));
            if (c.outcome != "answer") continue;
            for (const auto& field : testing::WhoisCorpus::fieldsOf(c.kind))
                coverage.judge(c, field, fieldOf(s, field));
        }
        coverage.print(std::cout, "WHOIS corpus, parser");
        std::vector<std::string> unexpected, fixed;
        for (const auto& w : coverage.wrong())
            if (!corpus.knownWrong().count(w)) unexpected.push_back(w);
        for (const auto& [w, why] : corpus.knownWrong())
            if (std::find(coverage.wrong().begin(), coverage.wrong().end(), w) == coverage.wrong().end())
                fixed.push_back(w);
        std::string msg;
        for (const auto& w : unexpected) msg += "wrong: " + w + "; ";
        for (const auto& w : fixed) msg += "listed as known wrong but right: " + w + "; ";
        CPPUNIT_ASSERT_MESSAGE(msg, unexpected.empty() && fixed.empty());
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(WhoisCorpusTest);

}  // namespace ipfacts::rdap
