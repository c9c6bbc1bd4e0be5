// /api/v1/mx over HTTP against the real fixture: NSD serving tests/dns/zones/
// mail.test.zone through unbound "alpha", and an MTA-STS policy served over
// HTTPS by openssl s_server (-WWW) on 127.0.0.1 with a certificate for
// mta-sts.mail.test. An ipfactsd of this suite's own points the mail plugin
// at the s_server's port and resolves plugin fetches through the resolver
// (http.resolve: resolver), so mta-sts.mail.test reaches 127.0.0.1, which the
// suite's guard allows. Bodies are recorded for the OpenAPI validation.
#include "tests/integration/support/HttpClient.h"
#include "tests/integration/support/Json.h"
#include "tests/integration/support/ManifestEdits.h"
#include "tests/integration/support/Service.h"
#include "tests/support/tls/OpensslServer.h"
#include "tests/support/tls/TestChain.h"

#include <cppunit/extensions/HelperMacros.h>

#include <Poco/JSON/Array.h>

#include <chrono>
#include <iostream>
#include <memory>

using namespace ipfacts::testing;
using Poco::JSON::Array;
using Poco::JSON::Object;

namespace {

const TestChain& certificates() {
    static TestChain c("make-mta-sts.sh");
    return c;
}

OpensslServer& policyServer() {
    static OpensslServer s({"-WWW", "-cert", certificates().path("mta-sts.pem"), "-key",
                            certificates().path("mta-sts.key"), "-cert_chain", certificates().path("chain.pem")},
                           certificates().path("www"));
    return s;
}

Service& mailService() {
    static std::unique_ptr<Service> s = [] {
        const int port = policyServer().port();
        auto service = std::make_unique<Service>("mail", [port](std::string& text) {
            replace(text, "mail: { library: mail, config: { mta_sts_port: 443,",
                    "mail: { library: mail, config: { mta_sts_port: " + std::to_string(port) + ",");
            replace(
                text, "http:\n  timeout_ms: 2000\n",
                "http:\n  timeout_ms: 2000\n  resolve: resolver\n  ca_file: " + certificates().path("root.pem") + "\n");
        });
        service->start();
        return service;
    }();
    return *s;
}

struct Answer {
    int status;
    std::string body;
};

Answer request(const std::string& query) {
    HttpClient c("127.0.0.1", mailService().port());
    const std::string target = "/api/v1/mx?" + query;
    c.sendRaw("GET " + target + " HTTP/1.1\r\nHost: ipfacts.test\r\n\r\n");
    auto r = c.read(false, std::chrono::seconds(20));
    CPPUNIT_ASSERT_MESSAGE("no answer for " + target, r.has_value());
    Service::instance().record("GET", target, *r);
    if (r->status == 200) {
        // A partial SPF tree or a field null for a reason is transient: kept by no cache.
        auto body = parseJson(r->body);
        auto spf = body->getObject("spf");
        const bool transient = (spf && spf->getValue<bool>("partial")) || body->has("reasons");
        CPPUNIT_ASSERT_EQUAL_MESSAGE(target, std::string(transient ? "no-store" : "public, max-age=300"),
                                     r->header("Cache-Control").value_or(""));
    }
    return Answer{r->status, r->body};
}

Object::Ptr mx(const std::string& query) {
    const auto started = std::chrono::steady_clock::now();
    Answer a = request(query);
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started);
    // What each request cost, for the record (printed, not asserted: timing varies by machine).
    if (a.status == 200)
        std::cout << "\n  /api/v1/mx?" << query << ": " << ms.count() << " ms, "
                  << parseJson(a.body)->getValue<int>("dns_questions") << " DNS questions" << std::flush;
    CPPUNIT_ASSERT_EQUAL_MESSAGE(a.body, 200, a.status);
    return parseJson(a.body);
}

std::vector<std::string> strings(const Array::Ptr& a) {
    std::vector<std::string> out;
    for (size_t i = 0; i < a->size(); ++i) out.push_back(a->getElement<std::string>(static_cast<unsigned>(i)));
    return out;
}

bool anyContains(const Array::Ptr& a, const std::string& part) {
    for (const std::string& s : strings(a))
        if (s.find(part) != std::string::npos) return true;
    return false;
}

}  // namespace

class MailTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(MailTest);
    CPPUNIT_TEST(mxInPreferenceOrderWithTies);
    CPPUNIT_TEST(twelveLookupsExceedTheLimit);
    CPPUNIT_TEST(ipEvaluationGivesResultAndPath);
    CPPUNIT_TEST(loopsVoidsSeveralSplitMacros);
    CPPUNIT_TEST(senderAndHeloReachMacros);
    CPPUNIT_TEST(slowIncludeIsPartialNotAnError);
    CPPUNIT_TEST(dmarcBothWays);
    CPPUNIT_TEST(mtaStsPolicyCoversOneMxOfTwo);
    CPPUNIT_TEST(nullMxAndErrors);
    CPPUNIT_TEST(timedOutPolicyFetchKeepsTheAnswerOutOfCaches);
    CPPUNIT_TEST_SUITE_END();

public:
    void mxInPreferenceOrderWithTies() {
        auto body = mx("domain=Mail.Test");
        CPPUNIT_ASSERT_EQUAL(std::string("Mail.Test"), body->getValue<std::string>("domain"));
        CPPUNIT_ASSERT_EQUAL(std::string("mail.test"), body->getValue<std::string>("ascii_domain"));
        auto records = body->getArray("records");
        CPPUNIT_ASSERT_EQUAL(size_t(3), records->size());
        auto a = records->getObject(0), b = records->getObject(1), none = records->getObject(2);
        CPPUNIT_ASSERT_EQUAL(std::string("mx-a.mail.test"), a->getValue<std::string>("host"));  // tie at 10: by name
        CPPUNIT_ASSERT_EQUAL(std::string("mx-b.mail.test"), b->getValue<std::string>("host"));
        CPPUNIT_ASSERT_EQUAL(10, b->getValue<int>("preference"));
        CPPUNIT_ASSERT(strings(a->getArray("addresses")) == (std::vector<std::string>{"192.0.2.25", "2001:db8::25"}));
        CPPUNIT_ASSERT(a->getValue<bool>("resolves"));
        CPPUNIT_ASSERT_EQUAL(std::string("mx-noaddr.mail.test"), none->getValue<std::string>("host"));
        CPPUNIT_ASSERT(!none->getValue<bool>("resolves"));
        CPPUNIT_ASSERT(!body->getValue<bool>("null_mx"));
        auto spf = body->getObject("spf");
        CPPUNIT_ASSERT(spf->getValue<bool>("valid"));
        CPPUNIT_ASSERT_EQUAL(2, spf->getValue<int>("lookupCount"));
        CPPUNIT_ASSERT_EQUAL(std::string("v=spf1 -all"), spf->getValue<std::string>("deprecatedSpfRecord"));
        auto tls = body->getObject("tls_rpt");
        CPPUNIT_ASSERT(tls->getValue<bool>("valid"));
    }

    void twelveLookupsExceedTheLimit() {
        auto spf = mx("domain=twelve.mail.test")->getObject("spf");
        CPPUNIT_ASSERT_EQUAL(12, spf->getValue<int>("lookupCount"));
        CPPUNIT_ASSERT(spf->getValue<bool>("exceedsLookupLimit"));
        CPPUNIT_ASSERT(!spf->getValue<bool>("valid"));
        CPPUNIT_ASSERT(anyContains(spf->getArray("errors"),
                                   "lookup 11 is 'a:h8.twelve.mail.test' in twelve.mail.test -> b.twelve.mail.test"));
        auto terms = spf->getArray("terms");
        auto includeA = terms->getObject(0);
        CPPUNIT_ASSERT_EQUAL(6, includeA->getValue<int>("lookupCount"));  // include:a, include:c, four a: terms
        auto recordA = includeA->getObject("record");
        CPPUNIT_ASSERT_EQUAL(std::string("a.twelve.mail.test"), recordA->getValue<std::string>("domain"));
        CPPUNIT_ASSERT_EQUAL(3, recordA->getArray("terms")->getObject(0)->getValue<int>("lookupCount"));
        CPPUNIT_ASSERT_EQUAL(6, terms->getObject(1)->getValue<int>("lookupCount"));
    }

    void ipEvaluationGivesResultAndPath() {
        auto e = mx("domain=mail.test&ip=198.51.100.7")->getObject("spf")->getObject("evaluation");
        CPPUNIT_ASSERT_EQUAL(std::string("pass"), e->getValue<std::string>("result"));
        auto path = e->getArray("path");
        CPPUNIT_ASSERT_EQUAL(size_t(2), path->size());
        CPPUNIT_ASSERT_EQUAL(std::string("include:_spf.mail.test"), path->getObject(0)->getValue<std::string>("term"));
        CPPUNIT_ASSERT_EQUAL(std::string("pass"), path->getObject(0)->getValue<std::string>("result"));
        CPPUNIT_ASSERT_EQUAL(std::string("_spf.mail.test"), path->getObject(1)->getValue<std::string>("domain"));
        CPPUNIT_ASSERT_EQUAL(std::string("ip4:198.51.100.0/24"), path->getObject(1)->getValue<std::string>("term"));
        auto byMx = mx("domain=mail.test&ip=2001:db8::25")->getObject("spf")->getObject("evaluation");
        CPPUNIT_ASSERT_EQUAL(std::string("pass"), byMx->getValue<std::string>("result"));
        CPPUNIT_ASSERT_EQUAL(std::string("mx"), byMx->getArray("path")->getObject(0)->getValue<std::string>("term"));
        auto other = mx("domain=mail.test&ip=203.0.113.9")->getObject("spf")->getObject("evaluation");
        CPPUNIT_ASSERT_EQUAL(std::string("fail"), other->getValue<std::string>("result"));
        CPPUNIT_ASSERT_EQUAL(std::string("-all"), other->getArray("path")->getObject(0)->getValue<std::string>("term"));
        auto soft = mx("domain=_spf.mail.test&ip=203.0.113.9")->getObject("spf")->getObject("evaluation");
        CPPUNIT_ASSERT_EQUAL(std::string("softfail"), soft->getValue<std::string>("result"));
        CPPUNIT_ASSERT(mx("domain=mail.test")->getObject("spf")->isNull("evaluation"));
    }

    void loopsVoidsSeveralSplitMacros() {
        auto loop = mx("domain=loop.mail.test")->getObject("spf");
        CPPUNIT_ASSERT(anyContains(loop->getArray("errors"),
                                   "include loop: loop.mail.test -> a.loop.mail.test -> loop.mail.test"));
        auto voids = mx("domain=void.mail.test")->getObject("spf");
        CPPUNIT_ASSERT_EQUAL(3, voids->getValue<int>("voidLookupCount"));
        CPPUNIT_ASSERT(voids->getValue<bool>("exceedsVoidLookupLimit"));
        CPPUNIT_ASSERT_EQUAL(std::string("mx:gone2.mail.test"),
                             voids->getArray("voidLookups")->getObject(1)->getValue<std::string>("term"));
        auto two = mx("domain=two.mail.test&ip=192.0.2.1")->getObject("spf");
        CPPUNIT_ASSERT_EQUAL(size_t(2), two->getArray("records")->size());
        CPPUNIT_ASSERT_EQUAL(std::string("permerror"), two->getObject("evaluation")->getValue<std::string>("result"));
        auto split = mx("domain=split.mail.test&ip=192.0.2.77")->getObject("spf");
        CPPUNIT_ASSERT(split->getValue<bool>("valid"));
        CPPUNIT_ASSERT_EQUAL(size_t(323), split->getValue<std::string>("raw").size());
        CPPUNIT_ASSERT_EQUAL(std::string("pass"), split->getObject("evaluation")->getValue<std::string>("result"));
        auto macro = mx("domain=macro.mail.test&ip=192.0.2.1")->getObject("spf");
        auto exists = macro->getArray("terms")->getObject(0);
        CPPUNIT_ASSERT(exists->getValue<bool>("macro"));
        CPPUNIT_ASSERT(anyContains(exists->getArray("notes"), "macro not expanded"));
        CPPUNIT_ASSERT_EQUAL(std::string("pass"), macro->getObject("evaluation")->getValue<std::string>("result"));
        CPPUNIT_ASSERT_EQUAL(size_t(1), macro->getObject("evaluation")->getArray("skipped")->size());
    }

    // sender= gives %{l} its value: the include it names is evaluated (no SPF
    // record there: permerror) instead of skipped; both are echoed.
    void senderAndHeloReachMacros() {
        auto without = mx("domain=macro.mail.test&ip=192.0.2.9")->getObject("spf")->getObject("evaluation");
        CPPUNIT_ASSERT_EQUAL(std::string("fail"), without->getValue<std::string>("result"));
        CPPUNIT_ASSERT_EQUAL(size_t(1), without->getArray("skipped")->size());
        CPPUNIT_ASSERT(without->isNull("sender"));
        auto with = mx("domain=macro.mail.test&ip=192.0.2.9&sender=bob%40Macro.Mail.Test&helo=mx.example")
                        ->getObject("spf")
                        ->getObject("evaluation");
        CPPUNIT_ASSERT_EQUAL(std::string("permerror"), with->getValue<std::string>("result"));
        CPPUNIT_ASSERT_EQUAL(size_t(0), with->getArray("skipped")->size());
        CPPUNIT_ASSERT_EQUAL(std::string("bob@macro.mail.test"), with->getValue<std::string>("sender"));
        CPPUNIT_ASSERT_EQUAL(std::string("mx.example"), with->getValue<std::string>("helo"));
        CPPUNIT_ASSERT_EQUAL(std::string("include:%{l}._u.mail.test"),
                             with->getArray("path")->getObject(0)->getValue<std::string>("term"));
    }

    void slowIncludeIsPartialNotAnError() {
        const auto started = std::chrono::steady_clock::now();
        auto spf = mx("domain=slow.mail.test&ip=192.0.2.1")->getObject("spf");
        const auto took = std::chrono::steady_clock::now() - started;
        CPPUNIT_ASSERT(spf->getValue<bool>("partial"));
        CPPUNIT_ASSERT(anyContains(spf->getArray("partialReasons"), "slow.mail.test -> spf.timeout.test"));
        CPPUNIT_ASSERT_EQUAL(std::string("temperror"), spf->getObject("evaluation")->getValue<std::string>("result"));
        CPPUNIT_ASSERT(took < std::chrono::seconds(8));  // within the route's budget, not a time-out of the request
        // request() has checked the partial answer went out as no-store, kept by no cache.
    }

    void dmarcBothWays() {
        auto own = mx("domain=mail.test")->getObject("dmarc");
        CPPUNIT_ASSERT_EQUAL(std::string("reject"), own->getValue<std::string>("policy"));
        CPPUNIT_ASSERT_EQUAL(std::string("quarantine"), own->getValue<std::string>("subdomainPolicy"));
        CPPUNIT_ASSERT(own->isNull("nonexistentPolicy"));
        CPPUNIT_ASSERT(anyContains(own->getArray("errors"), "rua: reports to reports.example.test are not authorized"));
        auto inherited = mx("domain=a.sub.mail.test")->getObject("dmarc");
        CPPUNIT_ASSERT_EQUAL(std::string("organizational_domain"), inherited->getValue<std::string>("policySource"));
        CPPUNIT_ASSERT_EQUAL(std::string("_dmarc.mail.test"), inherited->getValue<std::string>("recordName"));
        auto org = inherited->getObject("organizationalDomain");
        CPPUNIT_ASSERT_EQUAL(std::string("mail.test"), org->getValue<std::string>("publicSuffixList"));
        CPPUNIT_ASSERT_EQUAL(std::string("mail.test"), org->getValue<std::string>("treeWalk"));
        CPPUNIT_ASSERT(org->getValue<bool>("agree"));
        auto split = mx("domain=www.shop.mail.test")->getObject("dmarc")->getObject("organizationalDomain");
        CPPUNIT_ASSERT_EQUAL(std::string("mail.test"), split->getValue<std::string>("publicSuffixList"));
        CPPUNIT_ASSERT_EQUAL(std::string("shop.mail.test"), split->getValue<std::string>("treeWalk"));
        CPPUNIT_ASSERT(!split->getValue<bool>("agree"));
        auto two = mx("domain=twodmarc.mail.test")->getObject("dmarc");
        CPPUNIT_ASSERT(!two->getValue<bool>("found"));
        CPPUNIT_ASSERT(two->isNull("policy"));
        CPPUNIT_ASSERT(anyContains(two->getArray("errors"), "2 DMARC records at _dmarc.twodmarc.mail.test"));
    }

    void mtaStsPolicyCoversOneMxOfTwo() {
        auto sts = mx("domain=mail.test")->getObject("mta_sts");
        CPPUNIT_ASSERT(sts->getValue<bool>("found"));
        auto policy = sts->getObject("policy");
        const std::string why = policy->isNull("error") ? "" : policy->getValue<std::string>("error");
        CPPUNIT_ASSERT_MESSAGE(why + "\n" + policyServer().output(), policy->getValue<bool>("fetched"));
        CPPUNIT_ASSERT(policy->getValue<bool>("valid"));
        CPPUNIT_ASSERT_EQUAL(std::string("testing"), policy->getValue<std::string>("mode"));
        CPPUNIT_ASSERT_EQUAL(86400, policy->getValue<int>("max_age"));
        auto coverage = sts->getArray("mx_coverage");
        CPPUNIT_ASSERT_EQUAL(size_t(3), coverage->size());
        CPPUNIT_ASSERT(coverage->getObject(0)->getValue<bool>("covered"));   // mx-a
        CPPUNIT_ASSERT(!coverage->getObject(1)->getValue<bool>("covered"));  // mx-b
        CPPUNIT_ASSERT(!sts->getValue<bool>("all_mx_covered"));
    }

    void nullMxAndErrors() {
        auto nomail = mx("domain=nomail.mail.test");
        CPPUNIT_ASSERT(nomail->getValue<bool>("null_mx"));
        CPPUNIT_ASSERT_EQUAL(size_t(0), nomail->getArray("records")->size());
        Answer address = request("domain=postmaster%40mail.test");
        CPPUNIT_ASSERT_EQUAL(400, address.status);
        auto e = parseJson(address.body);
        CPPUNIT_ASSERT_EQUAL(std::string("mail_address_not_allowed"), e->getValue<std::string>("error"));
        CPPUNIT_ASSERT(e->getValue<std::string>("message").find("domain=mail.test") != std::string::npos);
        CPPUNIT_ASSERT_EQUAL(400, request("domain=mail.test&domain=mail.test").status);
        CPPUNIT_ASSERT_EQUAL(400, request("domain=mail.test&ip=not-an-ip").status);
    }

    // mail: the MTA-STS policy host accepts and never answers (the suite's
    // silent listener as mta_sts_port), so the fetch times out: the answer
    // goes out no-store and the next caller gets a fresh one, not this failure.
    void timedOutPolicyFetchKeepsTheAnswerOutOfCaches() {
        Service silent("mail-silent", [](std::string& text) {
            replace(text, "mail: { library: mail, config: { mta_sts_port: 443,",
                    "mail: { library: mail, config: { mta_sts_port: " + silentPort(text) + ",");
            replace(text, "http:\n  timeout_ms: 2000\n", "http:\n  timeout_ms: 2000\n  resolve: resolver\n");
        });
        silent.start();
        for (int i = 0; i < 2; ++i) {
            HttpClient c("127.0.0.1", silent.port());
            auto r = c.get("/api/v1/mx?domain=mail.test", {}, "GET");
            CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 200, r.status);
            auto policy = parseJson(r.body)->getObject("mta_sts")->getObject("policy");
            CPPUNIT_ASSERT_EQUAL(std::string("the policy fetch failed: timeout after 2000 ms"),
                                 policy->getValue<std::string>("error"));
            CPPUNIT_ASSERT_EQUAL(std::string("no-store"), r.header("Cache-Control").value_or(""));
            CPPUNIT_ASSERT(!r.header("Age"));
            CPPUNIT_ASSERT_EQUAL(std::string("miss"), r.header("X-Cache").value_or(""));
        }
        CPPUNIT_ASSERT_EQUAL(0, silent.stop());
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(MailTest);
