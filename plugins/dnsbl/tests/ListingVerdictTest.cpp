// What an answer means: only documented codes inside 127.0.0.0/8 are
// listings; refusals, 127.0.0.1, answers outside 127/8, undocumented codes,
// time-outs and SERVFAIL are errors with the raw answer kept.
#include "ListingVerdict.h"
#include "TestLists.h"

#include <ipfacts/testing/FakeHost.hpp>

#include <cppunit/extensions/HelperMacros.h>

namespace ipfacts::dnsbl {
namespace {

using ipfacts::testing::dnsAnswer;
using ipfacts::testing::dnsNoResponse;

DnsAnswer aRecords(std::vector<std::string> data) {
    DnsAnswer a = dnsAnswer(0);
    for (std::string& d : data) a.records.push_back({"2.2.0.192.bl.example.", "A", 300, std::move(d)});
    return a;
}

DnsAnswer txtRecord(std::string data) {
    return dnsAnswer(0, {DnsRecord{"2.2.0.192.bl.example.", "TXT", 300, std::move(data)}});
}

ListingResult judge(const DnsAnswer& a, const DnsAnswer* txt = nullptr) {
    const Blocklist list = testing::spamList();
    DnsAnswers batch = txt ? DnsAnswers{a, *txt} : DnsAnswers{a};
    const DnsAnswerView t = batch[batch.size() - 1];
    return judgeListing(list, batch[0], txt ? &t : nullptr);
}

}  // namespace

class ListingVerdictTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(ListingVerdictTest);
    CPPUNIT_TEST(documentedCodesAreAListingWithTheirMeanings);
    CPPUNIT_TEST(txtJoinsTheReason);
    CPPUNIT_TEST(nxdomainAndNodataAreNotListed);
    CPPUNIT_TEST(refusalIsAnErrorNotAListing);
    CPPUNIT_TEST(answersOutside127AreErrors);
    CPPUNIT_TEST(loopbackOneIsAnError);
    CPPUNIT_TEST(undocumentedCodeIsAnError);
    CPPUNIT_TEST(oneBadRecordSpoilsTheRow);
    CPPUNIT_TEST(failedQueriesAreTransientErrors);
    CPPUNIT_TEST(txtIsMadePrintableAndCut);
    CPPUNIT_TEST(rawAnswerIsBounded);
    CPPUNIT_TEST_SUITE_END();

public:
    void documentedCodesAreAListingWithTheirMeanings() {
        const ListingResult r = judge(aRecords({"127.0.0.4", "127.0.0.2", "127.0.0.4"}));
        CPPUNIT_ASSERT(r.listed());
        CPPUNIT_ASSERT((r.codes == std::vector<std::string>{"127.0.0.4", "127.0.0.2"}));
        CPPUNIT_ASSERT_EQUAL(std::string("exploited host; spam source"), *r.reason);
        CPPUNIT_ASSERT(!r.error);
        CPPUNIT_ASSERT_EQUAL(size_t(3), r.answer.size());  // raw, as received
    }
    void txtJoinsTheReason() {
        const DnsAnswer txt = txtRecord(R"("Listed: see " "https://bl.example/192.0.2.2")");
        const ListingResult r = judge(aRecords({"127.0.0.2"}), &txt);
        CPPUNIT_ASSERT_EQUAL(std::string("Listed: see https://bl.example/192.0.2.2"), *r.txt);
        CPPUNIT_ASSERT_EQUAL(std::string("spam source; the list says: Listed: see https://bl.example/192.0.2.2"),
                             *r.reason);
    }
    void nxdomainAndNodataAreNotListed() {
        for (const DnsAnswer& a : {dnsAnswer(3), dnsAnswer(0)}) {
            const ListingResult r = judge(a);
            CPPUNIT_ASSERT(r.outcome == ListingResult::Outcome::NotListed);
            CPPUNIT_ASSERT(!r.error && !r.reason && r.codes.empty() && r.answer.empty());
        }
    }
    void refusalIsAnErrorNotAListing() {
        const ListingResult r = judge(aRecords({"127.255.255.254"}));
        CPPUNIT_ASSERT(r.outcome == ListingResult::Outcome::Error);
        CPPUNIT_ASSERT(r.codes.empty() && !r.reason);
        CPPUNIT_ASSERT_EQUAL(std::string("the list refused the query: query via a public resolver (127.255.255.254)"),
                             *r.error);
        CPPUNIT_ASSERT((r.answer == std::vector<std::string>{"127.255.255.254"}));
        CPPUNIT_ASSERT(!r.transient);  // an answer: kept the full hour
    }
    void answersOutside127AreErrors() {
        const ListingResult r = judge(aRecords({"10.0.0.5"}));
        CPPUNIT_ASSERT(r.outcome == ListingResult::Outcome::Error);
        CPPUNIT_ASSERT_EQUAL(
            std::string(
                "the list answered 10.0.0.5, outside 127.0.0.0/8: not a listing (a dead or hijacked zone answers so)"),
            *r.error);
    }
    void loopbackOneIsAnError() {
        const ListingResult r = judge(aRecords({"127.0.0.1"}));
        CPPUNIT_ASSERT(r.outcome == ListingResult::Outcome::Error);
        CPPUNIT_ASSERT(r.error->find("127.0.0.1, which RFC 5782 keeps for \"not listed\"") != std::string::npos);
    }
    void undocumentedCodeIsAnError() {
        const ListingResult r = judge(aRecords({"127.0.0.99"}));
        CPPUNIT_ASSERT(r.outcome == ListingResult::Outcome::Error);
        CPPUNIT_ASSERT_EQUAL(std::string("the list answered 127.0.0.99, a code it does not document: not a listing"),
                             *r.error);
        const ListingResult garbage = judge(aRecords({"not-an-address\x01"}));
        CPPUNIT_ASSERT_EQUAL(std::string("the list answered `not-an-address?`, which is not an IPv4 address"),
                             *garbage.error);
    }
    void oneBadRecordSpoilsTheRow() {
        const ListingResult r = judge(aRecords({"127.0.0.2", "127.255.255.254"}));
        CPPUNIT_ASSERT(!r.listed());
        CPPUNIT_ASSERT(r.codes.empty());
        CPPUNIT_ASSERT(r.error->find("refused") != std::string::npos);
        CPPUNIT_ASSERT_EQUAL(size_t(2), r.answer.size());
    }
    void failedQueriesAreTransientErrors() {
        const ListingResult t = judge(dnsNoResponse("timeout"));
        CPPUNIT_ASSERT_EQUAL(std::string("the query failed: timeout (the DNS resolver did not answer in time)"),
                             *t.error);
        CPPUNIT_ASSERT(t.transient);
        const ListingResult s = judge(dnsAnswer(2));
        CPPUNIT_ASSERT_EQUAL(std::string("the query failed: the DNS resolver answered SERVFAIL"), *s.error);
        CPPUNIT_ASSERT(s.transient && !s.listed());
        CPPUNIT_ASSERT_EQUAL(std::string("the query failed: the DNS resolver answered REFUSED"),
                             *judge(dnsAnswer(5)).error);
    }
    void txtIsMadePrintableAndCut() {
        const DnsAnswer bytes = txtRecord(R"("caf\195\169 \010 done")");
        CPPUNIT_ASSERT_EQUAL(std::string("caf?? ? done"), *judge(aRecords({"127.0.0.2"}), &bytes).txt);
        const DnsAnswer longTxt = txtRecord("\"" + std::string(200, 'a') + "\" \"" + std::string(200, 'b') + "\"");
        const std::optional<std::string> cut = judge(aRecords({"127.0.0.2"}), &longTxt).txt;
        CPPUNIT_ASSERT_EQUAL(kMaxTxtBytes, cut->size());
        CPPUNIT_ASSERT(cut->compare(cut->size() - 3, 3, "...") == 0);
        const DnsAnswer broken = txtRecord("\"unterminated");
        CPPUNIT_ASSERT(!judge(aRecords({"127.0.0.2"}), &broken).txt);
        CPPUNIT_ASSERT(judge(aRecords({"127.0.0.2"}), &broken).listed());  // a bad TXT costs only the text
    }
    void rawAnswerIsBounded() {
        // Found by fuzz_dnsbl_answer: a zone answering a hundred records made a row the cache could not keep.
        const ListingResult r = judge(aRecords(std::vector<std::string>(100, "127.0.0.2")));
        CPPUNIT_ASSERT(r.listed());
        CPPUNIT_ASSERT_EQUAL(kMaxAnswerRecords, r.answer.size());
        const ListingResult late = judge([] {
            std::vector<std::string> data(50, "127.0.0.2");
            data.push_back("10.0.0.1");  // past the kept records: still judged
            return aRecords(data);
        }());
        CPPUNIT_ASSERT(late.outcome == ListingResult::Outcome::Error);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ListingVerdictTest);

}  // namespace ipfacts::dnsbl
