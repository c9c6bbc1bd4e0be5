// The front door's rules that need no daemon: which form / answers
// (MediaChoice), who is a command-line client (CommandLineAgents), what a
// route accepts (QueryCheck over RouteContract's reading of a document), and
// the guide's curl lines (EndpointGuide).
#include "host/front/EndpointGuide.h"
#include "host/front/MediaChoice.h"
#include "host/openapi/RouteContract.h"
#include "host/pipeline/CommandLineAgents.h"
#include "host/pipeline/QueryCheck.h"
#include "host/pipeline/RouteTable.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace ipfacts;
using front::chooseForm;
using front::FrontForm;

namespace {

constexpr const char* kDocument = R"({
  "openapi": "3.1.0",
  "paths": {
    "/json": {"get": {"summary": "The report",
      "parameters": [{"name": "full", "in": "query"}, {"$ref": "#/components/parameters/Pretty"},
                     {"$ref": "#/components/parameters/Fields"}, {"$ref": "#/components/parameters/CacheBuster"}],
      "responses": {"200": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Report"}}}}}}},
    "/api/v1/lookup/{target}": {"get": {"summary": "Lookup",
      "parameters": [{"name": "target", "in": "path", "examples": {"v4": {"value": "198.51.100.7"}},
                      "schema": {"anyOf": [{"format": "ipv4"}, {"format": "ipv6"}]}},
                     {"name": "privacy", "in": "query"}],
      "responses": {"200": {"content": {"application/json": {"schema": {"allOf": [{"$ref": "#/components/schemas/Report"}, {"properties": {"classification": {}}}]}}}}}}},
    "/ip": {"get": {"summary": "Address", "parameters": [{"$ref": "#/components/parameters/CacheBuster"}],
      "responses": {"200": {"content": {"text/plain": {"schema": {"type": "string"}}}}}}},
    "/api/v1/mx": {"get": {"parameters": [{"name": "domain", "in": "query", "required": true, "examples": {"a": {"value": "bücher.example"}}}],
      "responses": {"200": {"content": {"application/json": {"schema": {"type": "object"}}}}}}}
  },
  "components": {
    "parameters": {"Pretty": {"name": "pretty", "in": "query"}, "Fields": {"name": "fields", "in": "query"},
                   "CacheBuster": {"name": "_", "in": "query"}},
    "schemas": {"Report": {"type": "object", "properties": {"ip": {}, "asn": {}, "source": {}}}}
  }
})";

pipeline::Exchange exchangeOn(const pipeline::Route& r, std::vector<std::pair<std::string, std::string>> query) {
    pipeline::Exchange ex;
    ex.route = &r;
    ex.query = std::move(query);
    return ex;
}

}  // namespace

class FrontDoorRulesTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(FrontDoorRulesTest);
    CPPUNIT_TEST(acceptDecidesWhenItNamesAForm);
    CPPUNIT_TEST(agentDecidesOtherwise);
    CPPUNIT_TEST(commandLineAgentsByProductName);
    CPPUNIT_TEST(contractsComeFromTheDocument);
    CPPUNIT_TEST(queryCheckRefusesWhatIsNotDeclared);
    CPPUNIT_TEST(queryCheckReadsPrettyAndFields);
    CPPUNIT_TEST(guideBuildsCurlLinesFromExamples);
    CPPUNIT_TEST_SUITE_END();

public:
    void acceptDecidesWhenItNamesAForm() {
        CPPUNIT_ASSERT(chooseForm("application/json", "Mozilla/5.0", false) == FrontForm::Json);
        CPPUNIT_ASSERT(chooseForm("text/plain", "Mozilla/5.0", false) == FrontForm::Text);
        CPPUNIT_ASSERT(chooseForm("text/html", "curl/8", true) == FrontForm::Html);
        CPPUNIT_ASSERT(chooseForm("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", "x", false) ==
                       FrontForm::Html);
        CPPUNIT_ASSERT(chooseForm("text/html;q=0.5, application/json", "x", false) == FrontForm::Json);
        CPPUNIT_ASSERT(chooseForm("application/json, */*;q=0.5", "HTTPie/3", true) == FrontForm::Json);
        CPPUNIT_ASSERT(chooseForm("TEXT/*", "Mozilla/5.0", false) == FrontForm::Text);         // a tie goes to text
        CPPUNIT_ASSERT(chooseForm("text/*;q=0.4, text/html", "x", false) == FrontForm::Html);  // exact beats type/*
        CPPUNIT_ASSERT(chooseForm("text/html;q=0, */*", "curl/8", true) == FrontForm::Text);   // refused: not chosen
    }
    void agentDecidesOtherwise() {
        for (const char* accept : {"", "*/*", "image/png", "application/xml;q=0.9"}) {
            CPPUNIT_ASSERT(chooseForm(accept, "curl/8.5.0", true) == FrontForm::Text);
            CPPUNIT_ASSERT(chooseForm(accept, "Mozilla/5.0 (X11)", false) == FrontForm::Html);
            CPPUNIT_ASSERT(chooseForm(accept, "python-requests/2.31", false) == FrontForm::Text);
            CPPUNIT_ASSERT(chooseForm(accept, "", false) == FrontForm::Text);
        }
    }
    void commandLineAgentsByProductName() {
        pipeline::CommandLineAgents cli({"curl", "Wget", "HTTPie"});
        CPPUNIT_ASSERT(cli.matches("curl/8.5.0") && cli.matches("Wget/1.21.4") && cli.matches("wget/2.0"));
        CPPUNIT_ASSERT(cli.matches("HTTPie/3.2.2") && cli.matches("curl"));
        CPPUNIT_ASSERT(!cli.matches("curlish/1") && !cli.matches("Mozilla/5.0 curl/8") && !cli.matches(""));
    }
    void contractsComeFromTheDocument() {
        auto c = openapi::routeContracts(kDocument);
        CPPUNIT_ASSERT_EQUAL(size_t(4), c.size());
        const std::vector<std::string> json_params{"full", "pretty", "fields", "_"};
        CPPUNIT_ASSERT(c["/json"].query_params == json_params);
        CPPUNIT_ASSERT(c["/json"].answers_json);
        CPPUNIT_ASSERT((c["/json"].fields == std::vector<std::string>{"ip", "asn", "source"}));
        CPPUNIT_ASSERT((c["/api/v1/lookup/{target}"].query_params == std::vector<std::string>{"privacy"}));
        CPPUNIT_ASSERT(
            (c["/api/v1/lookup/{target}"].fields == std::vector<std::string>{"ip", "asn", "source", "classification"}));
        CPPUNIT_ASSERT(!c["/ip"].answers_json && c["/ip"].fields.empty());
        CPPUNIT_ASSERT((c["/api/v1/lookup/{target}"].address_params == std::vector<std::string>{"target"}));
        CPPUNIT_ASSERT(c["/json"].address_params.empty());
        CPPUNIT_ASSERT(c["/api/v1/mx"].answers_json && c["/api/v1/mx"].fields.empty());
    }
    void queryCheckRefusesWhatIsNotDeclared() {
        pipeline::Route r;
        r.spec.path = "/json";
        r.query_params = {"full", "pretty", "fields", "_"};
        r.json_fields = {"ip", "asn"};
        auto ok = exchangeOn(r, {{"full", "1"}, {"_", "123"}});
        CPPUNIT_ASSERT(!pipeline::checkQuery(ok));
        auto typo = exchangeOn(r, {{"full", "1"}, {"ip", "8.8.8.8"}});
        auto problem = pipeline::checkQuery(typo);
        CPPUNIT_ASSERT(problem);
        CPPUNIT_ASSERT_EQUAL(std::string("unknown_parameter"), problem->token);
        CPPUNIT_ASSERT_EQUAL(std::string("unknown parameter `ip` on /json; accepted: full, pretty, fields, _, key"),
                             problem->message);
        pipeline::Route bare;
        bare.spec.path = "/x";
        auto none = exchangeOn(bare, {{"a", ""}});
        CPPUNIT_ASSERT_EQUAL(std::string("unknown parameter `a` on /x; accepted: key"),
                             pipeline::checkQuery(none)->message);
        CPPUNIT_ASSERT(pipeline::isPresentationParameter("_") && !pipeline::isPresentationParameter("full"));
    }
    void queryCheckReadsPrettyAndFields() {
        pipeline::Route r;
        r.spec.path = "/json";
        r.query_params = {"pretty", "fields"};
        r.json_fields = {"ip", "asn"};
        auto ex = exchangeOn(r, {{"pretty", "0"}, {"fields", "asn,ip"}});
        CPPUNIT_ASSERT(!pipeline::checkQuery(ex));
        CPPUNIT_ASSERT(ex.pretty && !*ex.pretty);
        CPPUNIT_ASSERT((ex.fields == std::vector<std::string>{"asn", "ip"}));
        auto unknown = exchangeOn(r, {{"fields", "ip,colour"}});
        auto p = pipeline::checkQuery(unknown);
        CPPUNIT_ASSERT_EQUAL(std::string("unknown_field"), p->token);
        CPPUNIT_ASSERT_EQUAL(std::string("unknown field `colour` in fields; valid: ip, asn"), p->message);
        for (const auto& q :
             std::vector<std::vector<std::pair<std::string, std::string>>>{{{"pretty", "yes"}},
                                                                           {{"pretty", "1"}, {"pretty", "1"}},
                                                                           {{"fields", ""}},
                                                                           {{"fields", "ip,"}},
                                                                           {{"fields", "ip"}, {"fields", "asn"}}}) {
            auto bad = exchangeOn(r, q);
            CPPUNIT_ASSERT_EQUAL(std::string("invalid_parameter"), pipeline::checkQuery(bad)->token);
        }
    }
    void guideBuildsCurlLinesFromExamples() {
        auto guide = front::endpointGuide(kDocument);
        CPPUNIT_ASSERT_EQUAL(size_t(4), guide.size());
        CPPUNIT_ASSERT_EQUAL(std::string("/json"), guide[0].path);
        CPPUNIT_ASSERT_EQUAL(std::string("The report"), guide[0].summary);
        CPPUNIT_ASSERT_EQUAL(std::string("/json"), guide[0].example);  // optional parameters stay out
        CPPUNIT_ASSERT_EQUAL(std::string("/api/v1/lookup/198.51.100.7"), guide[1].example);
        CPPUNIT_ASSERT_EQUAL(std::string("/api/v1/mx?domain=b%C3%BCcher.example"), guide[3].example);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(FrontDoorRulesTest);
