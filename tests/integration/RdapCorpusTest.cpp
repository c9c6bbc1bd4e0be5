// /api/v1/rdap on real recorded registry answers: every case of
// tests/rdap/corpus/rdap/cases.json is served by the fake registries
// (tests/rdap/fake_registries.py, /corpus/...) and asked through ipfactsd.
// Each case's expected summary was written from the recorded answer; the
// test checks it field by field, `raw` against the body the fake served,
// the URL that answered, and that no case is a 5xx; a recorded error answer
// (404, 400, 501) must give its status and token. It prints the coverage
// table (registry x field: right, wrong, not present) and every wrong check,
// so the figures can be regenerated with
//   IPFACTS_TEST=RdapCorpusTest ctest --test-dir build -R '^integration$' -V
#include "tests/integration/support/HttpClient.h"
#include "tests/integration/support/Json.h"
#include "tests/integration/support/Service.h"

#include <cppunit/extensions/HelperMacros.h>

#include <Poco/JSON/Array.h>
#include <Poco/JSON/ParseHandler.h>
#include <Poco/JSON/Parser.h>
#include <Poco/JSON/Stringifier.h>

#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <sstream>
#include <vector>

using namespace ipfacts::testing;
using Poco::JSON::Array;
using Poco::JSON::Object;

namespace {

const char* const kFields[] = {"handle",        "name",        "type",        "country",      "registry",
                               "registered",    "updated",     "status",      "abuse_email",  "entities",
                               "start_address", "end_address", "cidr",        "start_autnum", "end_autnum",
                               "ldh_name",      "registrar",   "nameservers", "expires",      "dnssec_signed"};

/// JSON text in one form, the members in the order they were written.
std::string canonical(const Poco::Dynamic::Var& v) {
    std::ostringstream out;
    Poco::JSON::Stringifier::condense(v, out);
    return out.str();
}

Poco::Dynamic::Var parseOrdered(const std::string& text) {
    Poco::JSON::Parser parser(new Poco::JSON::ParseHandler(true));
    return parser.parse(text);
}

std::string textOr(const Object::Ptr& o, const std::string& key, const std::string& fallback = "") {
    return !o || !o->has(key) || o->isNull(key) ? fallback : o->getValue<std::string>(key);
}

/// The summary's entities in the corpus's form: "handle|role,role|name|email".
Poco::Dynamic::Var entityLines(const Object::Ptr& summary) {
    Array::Ptr out = new Array;
    Array::Ptr entities = summary->getArray("entities");
    for (size_t i = 0; entities && i < entities->size(); ++i) {
        Object::Ptr e = entities->getObject(static_cast<unsigned>(i));
        std::string roles;
        Array::Ptr r = e->getArray("roles");
        for (size_t j = 0; r && j < r->size(); ++j)
            roles += (j ? "," : "") + r->getElement<std::string>(static_cast<unsigned>(j));
        out->add(textOr(e, "handle") + "|" + roles + "|" + textOr(e, "name") + "|" + textOr(e, "email"));
    }
    return out;
}

bool isEmpty(const Poco::Dynamic::Var& v) {
    if (v.isEmpty()) return true;
    const std::string text = canonical(v);
    return text == "null" || text == "[]";
}

struct Tally {
    int right = 0, wrong = 0, absent = 0;
};

class CoverageTable {
public:
    void count(const std::string& registry, const std::string& field, const Poco::Dynamic::Var& want,
               const Poco::Dynamic::Var& got, const std::string& caseId) {
        Tally& row = rows_[registry];
        Tally& column = columns_[field];
        if (isEmpty(want) && isEmpty(got)) {
            ++row.absent, ++column.absent;
        } else if (canonical(want) == canonical(got)) {
            ++row.right, ++column.right;
        } else {
            ++row.wrong, ++column.wrong;
            wrong_.push_back(caseId + " " + field + ": want " + canonical(want) + ", got " + canonical(got));
        }
    }
    void addCase(const std::string& registry) { ++cases_[registry]; }

    void print(std::ostream& out) const {
        out << "\nRDAP corpus coverage (checks per registry)\n";
        out << "| registry | cases | right | wrong | not present |\n|---|---|---|---|---|\n";
        Tally total;
        int cases = 0;
        for (const auto& [name, t] : rows_) {
            out << "| " << name << " | " << cases_.at(name) << " | " << t.right << " | " << t.wrong << " | " << t.absent
                << " |\n";
            total.right += t.right, total.wrong += t.wrong, total.absent += t.absent, cases += cases_.at(name);
        }
        out << "| all | " << cases << " | " << total.right << " | " << total.wrong << " | " << total.absent << " |\n";
        out << "\nRDAP corpus coverage (checks per field)\n";
        out << "| field | right | wrong | not present |\n|---|---|---|---|\n";
        for (const char* field : kFields) {
            auto it = columns_.find(field);
            if (it == columns_.end()) continue;
            out << "| " << field << " | " << it->second.right << " | " << it->second.wrong << " | " << it->second.absent
                << " |\n";
        }
        for (const auto& w : wrong_) out << "WRONG " << w << "\n";
        out << std::flush;
    }
    int wrongCount() const { return static_cast<int>(wrong_.size()); }
    std::string firstWrong() const { return wrong_.empty() ? "" : wrong_.front(); }

private:
    std::map<std::string, Tally> rows_, columns_;
    std::map<std::string, int> cases_;
    std::vector<std::string> wrong_;
};

Array::Ptr loadCases() {
    std::ifstream in(Service::sourceDir() + "/tests/rdap/corpus/rdap/cases.json");
    std::stringstream text;
    text << in.rdbuf();
    return parseOrdered(text.str()).extract<Array::Ptr>();
}

/// How many requests the fake registries saw on paths starting with `prefix`.
int fakeCount(const std::string& prefix) {
    HttpClient c("127.0.0.1", std::stoi(Service::rdapFakePorts().at("RDAP_PORT")));
    return parseJson(c.get("/_count?prefix=" + urlEncode(prefix)).body)->getValue<int>("count");
}

/// The body the fake registry serves at `url` (one of its own), as it served it to ipfactsd.
std::string servedBody(const std::string& url) {
    const std::string port = Service::rdapFakePorts().at("RDAP_PORT");
    const std::string origin = "http://127.0.0.1:" + port;
    CPPUNIT_ASSERT_MESSAGE(url, url.rfind(origin + "/", 0) == 0);
    HttpClient c("127.0.0.1", std::stoi(port));
    HttpReply r = c.get(url.substr(origin.size()));
    CPPUNIT_ASSERT_EQUAL_MESSAGE(url, 200, r.status);
    return r.body;
}

}  // namespace

class RdapCorpusTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(RdapCorpusTest);
    CPPUNIT_TEST(everyRecordedAnswerIsSummarisedAsTheRegistryWroteIt);
    CPPUNIT_TEST_SUITE_END();

public:
    void setUp() override { Service::instance(); }

    void everyRecordedAnswerIsSummarisedAsTheRegistryWroteIt() {
        Array::Ptr cases = loadCases();
        CPPUNIT_ASSERT(cases->size() >= 30);
        CoverageTable table;
        std::vector<std::string> failed;  // a case that did not answer as a registry's answer should
        int negatives = 0;
        for (size_t i = 0; i < cases->size(); ++i) {
            Object::Ptr c = cases->getObject(static_cast<unsigned>(i));
            const std::string id = c->getValue<std::string>("id");
            const std::string registry = c->getValue<std::string>("registry");
            HttpReply r = get("/api/v1/rdap?query=" + urlEncode(c->getValue<std::string>("query")));
            CPPUNIT_ASSERT_MESSAGE(id + ": " + r.body, r.status < 500 || r.status == 503);  // never a crash or a 500
            if (Object::Ptr error = c->getObject("expect_error")) {  // a registry's recorded error answer
                ++negatives;
                const bool asExpected = r.status == error->getValue<int>("status") &&
                                        textOr(parseJson(r.body), "error") == error->getValue<std::string>("error");
                if (!asExpected) failed.push_back(id + ": HTTP " + std::to_string(r.status) + " " + r.body);
                continue;
            }
            table.addCase(registry);
            Object::Ptr s = new Object;  // no summary: every field counts as missing
            if (r.status != 200) {
                failed.push_back(id + ": HTTP " + std::to_string(r.status) + " " + r.body);
            } else {
                Object::Ptr b = parseOrdered(r.body).extract<Object::Ptr>();
                s = b->getObject("summary");
                if (std::string why = answerProblem(c, b); !why.empty()) failed.push_back(id + ": " + why);
            }
            Object::Ptr want = c->getObject("expect");
            for (const char* field : kFields) {
                if (!want->has(field)) continue;
                Poco::Dynamic::Var expected = want->get(field);
                if (std::string(field) == "registry" && textOr(want, field) == "@service")
                    expected = std::string("127.0.0.1");  // no RIR named: the host that answered, the fake's
                const Poco::Dynamic::Var got = std::string(field) == "entities" ? entityLines(s) : s->get(field);
                table.count(registry, field, expected, got, id);
            }
        }
        table.print(std::cout);
        std::cout << "recorded error answers: " << negatives << ", each answered with its expected status and token"
                  << (failed.empty() ? "" : " unless listed below") << "\n";
        for (const auto& f : failed) std::cout << "FAILED " << f << "\n";
        CPPUNIT_ASSERT(negatives >= 3);
        CPPUNIT_ASSERT_MESSAGE(failed.empty() ? "" : failed.front(), failed.empty());
        CPPUNIT_ASSERT_EQUAL_MESSAGE(table.firstWrong(), 0, table.wrongCount());
    }

private:
    /// What is wrong with a 200 beyond the summary's fields: the kind, the URL that
    /// answered (the case's registry, after the redirect when it has one), `raw` as the
    /// fake served it, the source, and the registrar hop the corpus has no answer for.
    static std::string answerProblem(const Object::Ptr& c, const Object::Ptr& b) {
        const std::string kind = c->getValue<std::string>("kind");
        if (textOr(b, "kind") != kind) return "kind " + textOr(b, "kind");
        const std::string fake = "http://127.0.0.1:" + Service::rdapFakePorts().at("RDAP_PORT");
        const std::string service = textOr(b, "service");
        if (service.rfind(fake + "/corpus/" + c->getValue<std::string>("serve") + "/" + kind + "/", 0) != 0)
            return "answered by " + service;
        if (canonical(parseOrdered(servedBody(service))) != canonical(b->get("raw")))
            return "raw is not the body served";
        Object::Ptr s = b->getObject("summary");
        if (textOr(s, "source") != "rdap") return "source " + textOr(s, "source");
        if (c->has("registrar_link")) {  // no registrar answer was recorded: the fake says 404
            const std::string why = textOr(s->getObject("provenance"), "registrar_link");
            if (why.find("404") == std::string::npos) return "registrar_link: " + why;
            if (fakeCount("/corpus-registrar/" + c->getValue<std::string>("id") + "/domain/") != 1)
                return "the registrar link was not asked of the fake";
        }
        return "";
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(RdapCorpusTest);
