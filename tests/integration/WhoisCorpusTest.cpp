// /api/v1/rdap's WHOIS fallback over the corpus of real recorded answers
// (tests/rdap/corpus/whois): each case asked of ipfactsd, which finds no RDAP
// service for it, asks the fake IANA server, follows its referral to the fake
// registry serving the recording byte for byte (tests/rdap/fake_registries.py),
// and answers. Checks the path that answered, `raw` exactly as served, the
// summary field by field as written in cases.yaml, the error of a "no match"
// or rate-limit text, and that nothing is a 5xx but the rate-limited 503.
// Prints the coverage table (source x field) as the service gives it.
#include "tests/integration/support/HttpClient.h"
#include "tests/integration/support/Json.h"
#include "tests/integration/support/Service.h"
#include "tests/rdap/WhoisCorpus.h"

#include <cppunit/extensions/HelperMacros.h>

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Parser.h>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <sstream>

using namespace ipfacts::testing;
using Poco::JSON::Object;

namespace {

FieldValue fieldOf(const Object::Ptr& s, const std::string& key) {
    if (!s->has(key) || s->isNull(key)) return FieldValue::none();
    const Poco::Dynamic::Var v = s->get(key);
    if (v.type() == typeid(Poco::JSON::Array::Ptr)) {
        std::vector<std::string> items;
        auto a = s->getArray(key);
        for (size_t i = 0; i < a->size(); ++i) items.push_back(a->getElement<std::string>(static_cast<unsigned>(i)));
        return FieldValue::ofList(items);
    }
    if (v.isBoolean()) return FieldValue::of(v.convert<bool>() ? "true" : "false");
    return FieldValue::of(v.convert<std::string>());
}

/// The TLDs the fakes' RDAP bootstrap names: a domain there is answered by RDAP, not WHOIS.
std::vector<std::string> rdapTlds() {
    std::ifstream in(Service::rdapFakePorts().at("RDAP_STATE") + "/bootstrap/dns.json");
    std::stringstream ss;
    ss << in.rdbuf();
    std::vector<std::string> out;
    auto services = Poco::JSON::Parser().parse(ss.str()).extract<Object::Ptr>()->getArray("services");
    for (size_t i = 0; services && i < services->size(); ++i) {
        auto entries = services->getArray(static_cast<unsigned>(i))->getArray(0);
        for (size_t j = 0; j < entries->size(); ++j)
            out.push_back(entries->getElement<std::string>(static_cast<unsigned>(j)));
    }
    return out;
}

std::string tldOf(const std::string& name) { return name.substr(name.rfind('.') + 1); }

}  // namespace

class WhoisCorpusTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(WhoisCorpusTest);
    CPPUNIT_TEST(everyRecordedAnswerIsServedThroughTheWhoisFallback);
    CPPUNIT_TEST_SUITE_END();

public:
    void setUp() override { Service::instance(); }

    void everyRecordedAnswerIsServedThroughTheWhoisFallback() {
        const auto corpus = WhoisCorpus::load(Service::sourceDir() + "/tests/rdap/corpus/whois");
        const auto ports = Service::rdapFakePorts();
        const std::string registry = "127.0.0.1:" + ports.at("WHOIS_REGISTRY_PORT");
        const std::string iana = "127.0.0.1:" + ports.at("WHOIS_IANA_PORT");
        const auto tlds = rdapTlds();
        WhoisCoverage coverage;
        int asked = 0;
        for (const auto& c : corpus.cases()) {
            if (c.kind == "domain" && std::find(tlds.begin(), tlds.end(), tldOf(c.query)) != tlds.end()) {
                std::cout << "  not asked over HTTP (RDAP covers ." << tldOf(c.query) << "): " << c.query << "\n";
                continue;
            }
            const std::string ask = c.replay.empty() ? c.query : c.replay;
            HttpReply r = get("/api/v1/rdap?query=" + urlEncode(ask));
            ++asked;
            const std::string where = ask + ": " + r.body.substr(0, 300);
            Object::Ptr b = parseJson(r.body);
            if (c.outcome == "not_registered" || c.outcome == "rate_limited") {
                const int want = c.outcome == "not_registered" ? 404 : 503;
                const std::string token = c.outcome == "not_registered" ? "not_registered" : "registry_rate_limited";
                CPPUNIT_ASSERT_EQUAL_MESSAGE(where, want, r.status);
                coverage.judge(c, "outcome",
                               FieldValue::of(b->getValue<std::string>("error") == token ? c.outcome : "answer"));
                continue;
            }
            CPPUNIT_ASSERT_EQUAL_MESSAGE(where, 200, r.status);
            coverage.judge(c, "outcome", FieldValue::of("answer"));
            Object::Ptr raw = b->getObject("raw");
            CPPUNIT_ASSERT_EQUAL_MESSAGE(ask, corpus.answer(c),
                                         raw->getValue<std::string>("text"));  // exactly as served
            CPPUNIT_ASSERT_EQUAL_MESSAGE(ask, registry, raw->getValue<std::string>("server"));
            CPPUNIT_ASSERT_EQUAL_MESSAGE(ask, iana, raw->getValue<std::string>("referred_by"));
            CPPUNIT_ASSERT_EQUAL_MESSAGE(ask, "whois://" + registry, b->getValue<std::string>("service"));
            Object::Ptr s = b->getObject("summary");
            CPPUNIT_ASSERT_EQUAL_MESSAGE(ask, std::string("whois"), s->getValue<std::string>("source"));
            for (const auto& field : WhoisCorpus::fieldsOf(c.kind)) coverage.judge(c, field, fieldOf(s, field));
        }
        coverage.print(std::cout, "WHOIS corpus, /api/v1/rdap");
        CPPUNIT_ASSERT_MESSAGE(std::to_string(asked) + " asked", asked >= 70);
        std::string unexpected;
        for (const auto& w : coverage.wrong())
            if (!corpus.knownWrong().count(w)) unexpected += w + "; ";
        CPPUNIT_ASSERT_MESSAGE("wrong: " + unexpected, unexpected.empty());
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(WhoisCorpusTest);
