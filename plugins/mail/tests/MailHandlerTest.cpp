// GET /api/v1/mx through the SDK's fake host, with the plugin's own entry
// point: parameter errors and their tokens, IDN, the MX order and null MX,
// and one full body checked field by field.
#include "MailFake.h"

#include <ipfacts/testing/LoadedPlugin.hpp>

#include <cppunit/extensions/HelperMacros.h>

extern "C" const ipf_plugin_descriptor* ipfacts_plugin_v1(void);

namespace ipfacts::mail {
namespace {

using testing::MailFake;

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

}  // namespace

class MailHandlerTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(MailHandlerTest);
    CPPUNIT_TEST(parameterErrors);
    CPPUNIT_TEST(internationalisedDomain);
    CPPUNIT_TEST(mxOrderTiesAndAddresses);
    CPPUNIT_TEST(nullAndImplicitMx);
    CPPUNIT_TEST(fullBody);
    CPPUNIT_TEST(senderAndHeloReachTheEvaluation);
    CPPUNIT_TEST(resolverFailureIsPartialNotAnError);
    CPPUNIT_TEST(badConfigRefusesThePlugin);
    CPPUNIT_TEST_SUITE_END();

public:
    void parameterErrors() {
        MailFake fake;
        ipfacts::testing::LoadedPlugin plugin(fake, ipfacts_plugin_v1());
        auto expect = [&](std::vector<std::pair<std::string, std::string>> query, const std::string& token,
                          const std::string& words) {
            std::string asked;
            for (const auto& [name, value] : query) asked += name + "=" + value.substr(0, 20) + "&";
            fake.query = std::move(query);
            plugin.call("mx");
            CPPUNIT_ASSERT_EQUAL_MESSAGE(asked, 400, fake.written.status);
            CPPUNIT_ASSERT_EQUAL(token, fake.written.errorToken);
            CPPUNIT_ASSERT_MESSAGE(fake.written.errorMessage, contains(fake.written.errorMessage, words));
        };
        expect({}, "invalid_parameter", "domain parameter is required");
        expect({{"domain", ""}}, "invalid_parameter", "domain parameter is required");
        expect({{"domain", "a.test"}, {"domain", "b.test"}}, "invalid_parameter", "only once");
        expect({{"domain", std::string(1025, 'a')}}, "invalid_parameter", "longer than 1024");
        expect({{"domain", "postmaster@Example.COM"}}, "mail_address_not_allowed", "try domain=Example.COM");
        expect({{"domain", "exa mple.com"}}, "invalid_domain", "domain is not a domain name");
        expect({{"domain", "localhost"}}, "invalid_domain", "single-label");
        expect({{"domain", "mail.test"}, {"ip", "300.1.1.1"}}, "invalid_address", "IPv4 or IPv6");
        expect({{"domain", "mail.test"}, {"ip", "192.0.2.1"}, {"ip", "192.0.2.2"}}, "invalid_parameter", "only once");
        const std::vector<std::pair<std::string, std::string>> evaluated = {{"domain", "mail.test"},
                                                                            {"ip", "192.0.2.1"}};
        auto with = [&](std::string name, std::string value) {
            auto q = evaluated;
            q.emplace_back(std::move(name), std::move(value));
            return q;
        };
        expect(with("sender", "nobody"), "invalid_sender", "local-part@domain");
        expect(with("sender", "bob@exa mple.com"), "invalid_sender", "domain of sender is not a domain name");
        expect(with("sender",
                    "b\x01"
                    "b@mail.test"),
               "invalid_sender", "local-part@domain");
        expect(with("sender", std::string(320, 'a') + "@mail.test"), "invalid_sender", "at most 320 bytes");
        expect(with("helo", ""), "invalid_helo", "1 to 255 printable ASCII");
        expect(with("helo", "mail\ttest"), "invalid_helo", "1 to 255 printable ASCII");
        expect(with("helo", "mail.t\xc3\xa9st"), "invalid_helo", "1 to 255 printable ASCII");
        expect(with("helo", std::string(256, 'h')), "invalid_helo", "1 to 255 printable ASCII");
        auto twice = with("helo", "a.test");
        twice.emplace_back("helo", "b.test");
        expect(twice, "invalid_parameter", "only once");
        expect({{"domain", "mail.test"}, {"sender", "bob@mail.test"}}, "invalid_parameter", "give ip as well");
        expect({{"domain", "mail.test"}, {"helo", "mx.mail.test"}}, "invalid_parameter", "give ip as well");
        CPPUNIT_ASSERT(fake.asked.empty());  // nothing looked up for a bad request
    }

    void internationalisedDomain() {
        MailFake fake;
        ipfacts::testing::LoadedPlugin plugin(fake, ipfacts_plugin_v1());
        fake.query = {{"domain", "Bücher.example"}};
        plugin.call("mx");
        CPPUNIT_ASSERT_EQUAL(200, fake.written.status);
        CPPUNIT_ASSERT(
            contains(fake.written.body, R"({"domain":"Bücher.example","ascii_domain":"xn--bcher-kva.example",)"));
        CPPUNIT_ASSERT_EQUAL(std::string("xn--bcher-kva.example"), fake.asked.front().name);
    }

    void mxOrderTiesAndAddresses() {
        MailFake fake;
        fake.answer("ties.test", "MX", {"20 b.ties.test.", "10 z.ties.test.", "20 A.ties.test.", "10 m.ties.test."});
        fake.answer("z.ties.test", "A", {"192.0.2.26"});
        fake.answer("m.ties.test", "AAAA", {"2001:DB8::13"});
        fake.answer("a.ties.test", "A", {"192.0.2.1"});
        fake.answer("a.ties.test", "AAAA", {"2001:db8::1"});
        ipfacts::testing::LoadedPlugin plugin(fake, ipfacts_plugin_v1());
        fake.query = {{"domain", "ties.test"}};
        plugin.call("mx");
        CPPUNIT_ASSERT(contains(
            fake.written.body,
            R"("records":[{"host":"m.ties.test","preference":10,"addresses":["2001:db8::13"],"resolves":true,"error":null},)"
            R"({"host":"z.ties.test","preference":10,"addresses":["192.0.2.26"],"resolves":true,"error":null},)"
            R"({"host":"a.ties.test","preference":20,"addresses":["192.0.2.1","2001:db8::1"],"resolves":true,"error":null},)"
            R"({"host":"b.ties.test","preference":20,"addresses":[],"resolves":false,"error":null}],"null_mx":false,"implicit_mx":null,)"));
    }

    void nullAndImplicitMx() {
        MailFake fake;
        fake.answer("nomail.test", "MX", {"0 ."});
        fake.answer("implicit.test", "A", {"192.0.2.7"});
        ipfacts::testing::LoadedPlugin plugin(fake, ipfacts_plugin_v1());
        fake.query = {{"domain", "nomail.test"}};
        plugin.call("mx");
        CPPUNIT_ASSERT(contains(fake.written.body, R"("records":[],"null_mx":true,"implicit_mx":null,)"));
        CPPUNIT_ASSERT(contains(fake.written.body, R"("records":"null MX (RFC 7505): the domain accepts no mail")"));
        fake.query = {{"domain", "implicit.test"}};
        plugin.call("mx");
        CPPUNIT_ASSERT(contains(
            fake.written.body,
            R"("records":[],"null_mx":false,"implicit_mx":{"host":"implicit.test","preference":0,"addresses":["192.0.2.7"],"resolves":true,"error":null})"));
        CPPUNIT_ASSERT(contains(fake.written.body, "implicit MX, RFC 5321 5.1"));
    }

    void fullBody() {
        MailFake fake;
        fake.answer("full.test", "MX", {"10 mx.full.test."});
        fake.answer("mx.full.test", "A", {"192.0.2.25"});
        fake.txt("full.test", {"v=spf1 mx include:_spf.full.test -all", "other=text"});
        fake.txt("_spf.full.test", {"v=spf1 ip4:198.51.100.0/24 ~all"});
        fake.txt("_dmarc.full.test", {"v=DMARC1; p=reject; pct=50; rua=mailto:d@full.test"});
        fake.txt("_smtp._tls.full.test", {"v=TLSRPTv1; rua=mailto:tls@full.test"});
        ipfacts::testing::LoadedPlugin plugin(fake, ipfacts_plugin_v1());
        fake.query = {{"domain", "full.test"}, {"ip", "198.51.100.9"}};
        plugin.call("mx");
        const std::string& b = fake.written.body;
        CPPUNIT_ASSERT_EQUAL(200, fake.written.status);
        CPPUNIT_ASSERT_EQUAL(std::string("application/json"), fake.written.contentType);
        CPPUNIT_ASSERT_MESSAGE(
            b,
            contains(
                b,
                R"("spf":{"found":true,"raw":"v=spf1 mx include:_spf.full.test -all","valid":true,"version":"spf1","errors":[],)"));
        CPPUNIT_ASSERT(contains(
            b,
            R"({"qualifier":"+","mechanism":"mx","value":null,"cidr4":null,"cidr6":null,"text":"mx","countsTowardLimit":true,"macro":false,"lookupCount":1,"voidLookup":false,"mxNames":1,"notes":[],"record":null})"));
        CPPUNIT_ASSERT(contains(b, R"("mechanism":"include","value":"_spf.full.test",)"));
        CPPUNIT_ASSERT(contains(
            b,
            R"("record":{"domain":"_spf.full.test","raw":"v=spf1 ip4:198.51.100.0/24 ~all","valid":true,"problem":null,"lookupCount":0,)"));
        CPPUNIT_ASSERT(contains(
            b,
            R"("lookupCount":2,"exceedsLookupLimit":false,"lookupLimit":10,"all":{"qualifier":"-","mechanism":"all",)"));
        CPPUNIT_ASSERT(contains(b, R"("evaluation":{"ip":"198.51.100.9","result":"pass",)"));
        CPPUNIT_ASSERT(contains(b, R"("skipped":[],"sender":null,"helo":null})"));
        CPPUNIT_ASSERT(contains(
            b,
            R"("path":[{"domain":"full.test","term":"include:_spf.full.test","result":"pass"},{"domain":"_spf.full.test","term":"ip4:198.51.100.0/24","result":"match"}])"));
        CPPUNIT_ASSERT(contains(
            b,
            R"("dmarc":{"found":true,"recordName":"_dmarc.full.test","policySource":"domain","raw":"v=DMARC1; p=reject; pct=50; rua=mailto:d@full.test","valid":true,"version":"DMARC1","errors":[],"policy":"reject","subdomainPolicy":null,"nonexistentPolicy":null,"percent":50,"adkim":null,"aspf":null,"failureOptions":null,"reportInterval":null,)"));
        CPPUNIT_ASSERT(contains(b, R"("aggregateReports":["mailto:d@full.test"],"forensicReports":[],)"));
        CPPUNIT_ASSERT(contains(
            b, R"("tags":{"v":"DMARC1","p":"reject","pct":"50","rua":"mailto:d@full.test"},"removedTags":["pct"],)"));
        CPPUNIT_ASSERT(contains(
            b, R"("organizationalDomain":{"publicSuffixList":"full.test","treeWalk":"full.test","agree":true,)"));
        CPPUNIT_ASSERT(contains(
            b,
            R"("mta_sts":{"found":false,"record":null,"errors":[],"policy":{"url":"https://mta-sts.full.test/.well-known/mta-sts.txt","fetched":false,)"));
        CPPUNIT_ASSERT(contains(
            b,
            R"("tls_rpt":{"found":true,"raw":"v=TLSRPTv1; rua=mailto:tls@full.test","valid":true,"rua":["mailto:tls@full.test"],"errors":[]})"));
        CPPUNIT_ASSERT(contains(b, R"("checked_at":"2026-11-22T18:51:11Z",)"));
        CPPUNIT_ASSERT(fake.http.requests.empty());
        // One batch for the domain's own questions first.
        CPPUNIT_ASSERT_EQUAL(size_t(6), fake.batches.front().size());
        CPPUNIT_ASSERT_EQUAL(0, fake.openBatches);
    }

    // sender= and helo= reach the evaluation's macros and are echoed in it.
    void senderAndHeloReachTheEvaluation() {
        MailFake fake;
        fake.txt("who.test", {"v=spf1 exists:%{l}.%{h}.who.test -all"});
        fake.answer("bob.mx.example.who.test", "A", {"127.0.0.2"});
        ipfacts::testing::LoadedPlugin plugin(fake, ipfacts_plugin_v1());
        fake.query = {{"domain", "who.test"}, {"ip", "192.0.2.1"}, {"sender", "bob@Who.Test"}, {"helo", "mx.example"}};
        plugin.call("mx");
        const std::string& b = fake.written.body;
        CPPUNIT_ASSERT_EQUAL(200, fake.written.status);
        CPPUNIT_ASSERT_MESSAGE(b, contains(b, R"("evaluation":{"ip":"192.0.2.1","result":"pass",)"));
        CPPUNIT_ASSERT(contains(b, R"("skipped":[],"sender":"bob@who.test","helo":"mx.example"})"));
    }

    void resolverFailureIsPartialNotAnError() {
        MailFake fake;
        fake.unlisted = ipfacts::testing::dnsNoResponse("timeout");
        ipfacts::testing::LoadedPlugin plugin(fake, ipfacts_plugin_v1());
        fake.query = {{"domain", "down.test"}, {"ip", "192.0.2.1"}};
        plugin.call("mx");
        const std::string& b = fake.written.body;
        CPPUNIT_ASSERT_EQUAL(200, fake.written.status);
        CPPUNIT_ASSERT(contains(b, R"("records":"the MX lookup failed: timeout)"));
        CPPUNIT_ASSERT(contains(b, R"("result":"temperror")"));
        CPPUNIT_ASSERT(contains(b, "the TXT lookup of _dmarc.down.test failed"));
    }

    void badConfigRefusesThePlugin() {
        MailFake fake;
        fake.config["max_dns_questions"] = "5";
        CPPUNIT_ASSERT_THROW(ipfacts::testing::LoadedPlugin(fake, ipfacts_plugin_v1()), std::runtime_error);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(MailHandlerTest);

}  // namespace ipfacts::mail
