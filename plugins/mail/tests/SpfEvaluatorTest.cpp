// check_host() for ip= against a fake resolver. The cases follow the RFC
// 7208 test suite (openspf rfc7208-tests.yml) where it needs no DNS beyond
// the zone data written here: qualifiers, CIDR, include semantics, redirect,
// a/mx/ptr/exists, the lookup and void-lookup limits, several and broken
// records, and macros that need the sender.
#include "MailFake.h"
#include "SpfEvaluator.h"
#include "SpfMacro.h"

#include <cppunit/extensions/HelperMacros.h>

namespace ipfacts::mail {
namespace {

using testing::MailFake;

SpfEvaluation evaluate(MailFake& fake, const std::string& domain, const char* ip, const SpfSender& sender = {}) {
    Host host = fake.host();
    MailDns dns(host, MailDnsLimits{});
    return evaluateSpf(dns, domain, parseAddress(ip).value(), sender);
}

std::string result(MailFake& fake, const std::string& domain, const char* ip) {
    return evaluate(fake, domain, ip).result;
}

}  // namespace

class SpfEvaluatorTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(SpfEvaluatorTest);
    CPPUNIT_TEST(qualifiersGiveTheirResults);
    CPPUNIT_TEST(cidrLengths);
    CPPUNIT_TEST(includeSemantics);
    CPPUNIT_TEST(redirectSemantics);
    CPPUNIT_TEST(aMxPtrExists);
    CPPUNIT_TEST(lookupLimits);
    CPPUNIT_TEST(recordErrors);
    CPPUNIT_TEST(macros);
    CPPUNIT_TEST(senderAndHeloMacros);
    CPPUNIT_TEST(validatedNameMacro);
    CPPUNIT_TEST(slashInsideDomainSpecIsAName);
    CPPUNIT_TEST(hyphenTopLabelIsAPermerror);
    CPPUNIT_TEST(unaskableExpansionIsNoMatch);
    CPPUNIT_TEST(pathNamesTheDecidingTerms);
    CPPUNIT_TEST_SUITE_END();

public:
    void qualifiersGiveTheirResults() {
        MailFake fake;
        fake.txt("q.test", {"v=spf1 +ip4:192.0.2.1 -ip4:192.0.2.2 ~ip4:192.0.2.3 ?ip4:192.0.2.4"});
        CPPUNIT_ASSERT_EQUAL(std::string("pass"), result(fake, "q.test", "192.0.2.1"));
        CPPUNIT_ASSERT_EQUAL(std::string("fail"), result(fake, "q.test", "192.0.2.2"));
        CPPUNIT_ASSERT_EQUAL(std::string("softfail"), result(fake, "q.test", "192.0.2.3"));
        CPPUNIT_ASSERT_EQUAL(std::string("neutral"), result(fake, "q.test", "192.0.2.4"));
        CPPUNIT_ASSERT_EQUAL(std::string("neutral"), result(fake, "q.test", "192.0.2.5"));  // default
        CPPUNIT_ASSERT_EQUAL(std::string("none"), result(fake, "nothing.test", "192.0.2.1"));
    }

    void cidrLengths() {
        MailFake fake;
        fake.txt("c.test", {"v=spf1 ip4:192.0.2.128/25 ip6:2001:db8:1::/48 a:h.c.test/24//64 -all"});
        fake.answer("h.c.test", "A", {"198.51.100.7"});
        fake.answer("h.c.test", "AAAA", {"2001:db8:2::1"});
        CPPUNIT_ASSERT_EQUAL(std::string("pass"), result(fake, "c.test", "192.0.2.200"));
        CPPUNIT_ASSERT_EQUAL(std::string("fail"), result(fake, "c.test", "192.0.2.127"));
        CPPUNIT_ASSERT_EQUAL(std::string("pass"), result(fake, "c.test", "2001:db8:1:ffff::9"));
        CPPUNIT_ASSERT_EQUAL(std::string("pass"), result(fake, "c.test", "198.51.100.250"));
        CPPUNIT_ASSERT_EQUAL(std::string("pass"), result(fake, "c.test", "2001:db8:2::ffff"));
        CPPUNIT_ASSERT_EQUAL(std::string("fail"), result(fake, "c.test", "2001:db8:2:1::1"));
        // An IPv4-mapped sender is evaluated as IPv4 (RFC 7208 5: "IPv4-mapped").
        CPPUNIT_ASSERT_EQUAL(std::string("pass"), result(fake, "c.test", "::ffff:192.0.2.200"));
    }

    void includeSemantics() {
        // RFC 7208 5.2 table: pass -> match; fail, softfail, neutral -> no match;
        // temperror -> temperror; permerror, none -> permerror.
        MailFake fake;
        fake.txt("i.test", {"v=spf1 include:fail.i.test include:pass.i.test -all"});
        fake.txt("fail.i.test", {"v=spf1 -all"});
        fake.txt("pass.i.test", {"v=spf1 ip4:192.0.2.0/24 ~all"});
        CPPUNIT_ASSERT_EQUAL(std::string("pass"), result(fake, "i.test", "192.0.2.1"));
        CPPUNIT_ASSERT_EQUAL(std::string("fail"), result(fake, "i.test", "198.51.100.1"));
        fake.txt("none.test", {"v=spf1 include:nothing.test -all"});
        CPPUNIT_ASSERT_EQUAL(std::string("permerror"), result(fake, "none.test", "192.0.2.1"));
        fake.txt("temp.test", {"v=spf1 include:slow.test -all"});
        fake.fail("slow.test", "TXT", 2);
        CPPUNIT_ASSERT_EQUAL(std::string("temperror"), result(fake, "temp.test", "192.0.2.1"));
        fake.txt("perm.test", {"v=spf1 include:broken.test -all"});
        fake.txt("broken.test", {"v=spf1 frob -all"});
        CPPUNIT_ASSERT_EQUAL(std::string("permerror"), result(fake, "perm.test", "192.0.2.1"));
        fake.txt("minus.test", {"v=spf1 -include:pass.i.test +all"});
        CPPUNIT_ASSERT_EQUAL(std::string("fail"), result(fake, "minus.test", "192.0.2.1"));
        CPPUNIT_ASSERT_EQUAL(std::string("pass"), result(fake, "minus.test", "198.51.100.1"));
    }

    void redirectSemantics() {
        MailFake fake;
        fake.txt("r.test", {"v=spf1 ip4:192.0.2.1 redirect=target.r.test"});
        fake.txt("target.r.test", {"v=spf1 ip4:198.51.100.1 -all"});
        CPPUNIT_ASSERT_EQUAL(std::string("pass"), result(fake, "r.test", "198.51.100.1"));
        CPPUNIT_ASSERT_EQUAL(std::string("fail"), result(fake, "r.test", "203.0.113.1"));
        fake.txt("ignored.test", {"v=spf1 ?all redirect=target.r.test"});
        CPPUNIT_ASSERT_EQUAL(std::string("neutral"), result(fake, "ignored.test", "198.51.100.1"));
        fake.txt("dangling.test", {"v=spf1 redirect=nothing.test"});
        CPPUNIT_ASSERT_EQUAL(std::string("permerror"), result(fake, "dangling.test", "192.0.2.1"));
    }

    void aMxPtrExists() {
        MailFake fake;
        fake.txt("m.test", {"v=spf1 a mx exists:%{i}.ok.m.test ptr -all"});
        fake.answer("m.test", "A", {"192.0.2.10"});
        fake.answer("m.test", "MX", {"10 mx1.m.test.", "20 mx2.m.test."});
        fake.answer("mx2.m.test", "A", {"192.0.2.20"});
        fake.answer("203.0.113.5.ok.m.test", "A", {"127.0.0.2"});
        fake.answer("7.100.51.198.in-addr.arpa", "PTR", {"host.sub.m.test."});
        fake.answer("host.sub.m.test", "A", {"198.51.100.7"});
        fake.answer("8.100.51.198.in-addr.arpa", "PTR", {"liar.m.test."});  // does not resolve back
        CPPUNIT_ASSERT_EQUAL(std::string("pass"), result(fake, "m.test", "192.0.2.10"));
        CPPUNIT_ASSERT_EQUAL(std::string("pass"), result(fake, "m.test", "192.0.2.20"));
        CPPUNIT_ASSERT_EQUAL(std::string("pass"), result(fake, "m.test", "203.0.113.5"));
        CPPUNIT_ASSERT_EQUAL(std::string("pass"), result(fake, "m.test", "198.51.100.7"));
        CPPUNIT_ASSERT_EQUAL(std::string("fail"), result(fake, "m.test", "198.51.100.8"));
    }

    void lookupLimits() {
        MailFake fake;
        std::string many = "v=spf1";
        for (int i = 0; i < 11; ++i) many += " a:h" + std::to_string(i) + ".l.test";
        fake.txt("l.test", {many + " ip4:192.0.2.1 -all"});
        for (int i = 0; i < 11; ++i) fake.answer("h" + std::to_string(i) + ".l.test", "A", {"198.51.100.1"});
        CPPUNIT_ASSERT_EQUAL(std::string("pass"), result(fake, "l.test", "198.51.100.1"));    // matches at lookup 1
        CPPUNIT_ASSERT_EQUAL(std::string("permerror"), result(fake, "l.test", "192.0.2.1"));  // lookup 11 reached
        fake.txt("v.test", {"v=spf1 a:g1.v.test a:g2.v.test a:g3.v.test ip4:192.0.2.1 -all"});
        for (const char* g : {"g1.v.test", "g2.v.test", "g3.v.test"}) fake.nxdomain(g, "A");
        const SpfEvaluation e = evaluate(fake, "v.test", "192.0.2.1");
        CPPUNIT_ASSERT_EQUAL(std::string("permerror"), e.result);
        CPPUNIT_ASSERT_EQUAL(3, e.voidLookupCount);
        fake.txt("loop.test", {"v=spf1 include:loop.test -all"});
        CPPUNIT_ASSERT_EQUAL(std::string("permerror"), result(fake, "loop.test", "192.0.2.1"));
    }

    void recordErrors() {
        MailFake fake;
        fake.txt("two.test", {"v=spf1 +all", "v=spf1 -all"});
        CPPUNIT_ASSERT_EQUAL(std::string("permerror"), result(fake, "two.test", "192.0.2.1"));
        fake.txt("syntax.test", {"v=spf1 ip4:192.0.2.1 frob:x -all"});
        CPPUNIT_ASSERT_EQUAL(std::string("permerror"), result(fake, "syntax.test", "192.0.2.1"));
        fake.txt("other.test", {"v=spf10 +all", "hello"});
        CPPUNIT_ASSERT_EQUAL(std::string("none"), result(fake, "other.test", "192.0.2.1"));
        fake.fail("down.test", "TXT", 2);
        CPPUNIT_ASSERT_EQUAL(std::string("temperror"), result(fake, "down.test", "192.0.2.1"));
    }

    void macros() {
        MailFake fake;
        fake.txt("mac.test", {"v=spf1 exists:%{l}.users.mac.test a:%{d} -all"});
        fake.answer("mac.test", "A", {"192.0.2.1"});
        const SpfEvaluation e = evaluate(fake, "mac.test", "192.0.2.1");
        CPPUNIT_ASSERT_EQUAL(std::string("pass"), e.result);
        CPPUNIT_ASSERT_EQUAL(size_t(1), e.skipped.size());
        CPPUNIT_ASSERT(e.skipped[0].find("exists:%{l}.users.mac.test") != std::string::npos);
        fake.txt("rev.test", {"v=spf1 exists:%{ir}.%{v}._spf.%{d2} -all"});
        fake.answer("1.2.0.192.in-addr._spf.rev.test", "A", {"127.0.0.2"});
        CPPUNIT_ASSERT_EQUAL(std::string("pass"), result(fake, "rev.test", "192.0.2.1"));
    }

    // RFC 7208 7.3 with sender= and helo=: s, l, o and h expand; an empty
    // local part is postmaster (4.3); an upper-case letter URL-escapes.
    void senderAndHeloMacros() {
        MailFake fake;
        fake.txt("mac.test", {"v=spf1 exists:%{l}.users.%{o} exists:%{h}.helo.mac.test -all"});
        fake.answer("bob.users.mac.test", "A", {"127.0.0.2"});
        fake.answer("postmaster.users.mac.test", "A", {"127.0.0.2"});
        fake.answer("mx.example.helo.mac.test", "A", {"127.0.0.2"});
        const SpfEvaluation bob = evaluate(fake, "mac.test", "192.0.2.1", SpfSender{"bob@mac.test", std::nullopt});
        CPPUNIT_ASSERT_EQUAL(std::string("pass"), bob.result);
        CPPUNIT_ASSERT(bob.skipped.empty());
        CPPUNIT_ASSERT_EQUAL(std::string("bob@mac.test"), bob.sender.value_or(""));
        const SpfEvaluation eve = evaluate(fake, "mac.test", "192.0.2.1", SpfSender{"eve@mac.test", std::nullopt});
        CPPUNIT_ASSERT_EQUAL(std::string("fail"), eve.result);  // no A for eve, no helo: h skipped
        CPPUNIT_ASSERT_EQUAL(size_t(1), eve.skipped.size());
        const SpfEvaluation nobody = evaluate(fake, "mac.test", "192.0.2.1");  // neither given: both skipped
        CPPUNIT_ASSERT_EQUAL(std::string("fail"), nobody.result);
        CPPUNIT_ASSERT_EQUAL(size_t(2), nobody.skipped.size());
        const SpfEvaluation empty = evaluate(fake, "mac.test", "192.0.2.1", SpfSender{"@mac.test", std::nullopt});
        CPPUNIT_ASSERT_EQUAL(std::string("pass"), empty.result);
        const SpfEvaluation helo = evaluate(fake, "mac.test", "192.0.2.1", SpfSender{"eve@mac.test", "mx.example"});
        CPPUNIT_ASSERT_EQUAL(std::string("pass"), helo.result);
        CPPUNIT_ASSERT_EQUAL(std::string("mx.example"), helo.helo.value_or(""));
        MacroValues v;
        v.domain = "example.com";
        v.ip = "192.0.2.3";
        v.sender = "strong-bad@email.example.com";
        v.localPart = "strong-bad";
        CPPUNIT_ASSERT_EQUAL(std::string("strong-bad%40email.example.com"), expandMacros("%{S}", v).value_or(""));
        CPPUNIT_ASSERT_EQUAL(std::string("bad.strong"), expandMacros("%{lr-}", v).value_or(""));
        CPPUNIT_ASSERT(!expandMacros("%{o}", v));  // no sender domain given
    }

    // %{p}: a PTR name that resolves back to the address, under the domain first.
    void validatedNameMacro() {
        MailFake fake;
        fake.txt("p.test", {"v=spf1 exists:%{p}.ok.p.test -all"});
        fake.answer("7.100.51.198.in-addr.arpa", "PTR", {"other.example.", "host.p.test."});
        fake.answer("other.example", "A", {"198.51.100.7"});
        fake.answer("host.p.test", "A", {"198.51.100.7"});
        fake.answer("host.p.test.ok.p.test", "A", {"127.0.0.2"});
        fake.answer("unknown.ok.p.test", "A", {"127.0.0.2"});
        CPPUNIT_ASSERT_EQUAL(std::string("pass"), result(fake, "p.test", "198.51.100.7"));
        fake.answer("8.100.51.198.in-addr.arpa", "PTR", {"liar.p.test."});                  // does not resolve back
        CPPUNIT_ASSERT_EQUAL(std::string("pass"), result(fake, "p.test", "198.51.100.8"));  // "unknown"
    }

    // RFC 7208 5.3, 7.1: a '/' inside the domain-spec is part of the name; only
    // a trailing /digits or //digits is a CIDR length.
    void slashInsideDomainSpecIsAName() {
        MailFake fake;
        fake.txt("e11.test", {"v=spf1 a:foo:bar/baz.example.com"});
        fake.txt("e11mx.test", {"v=spf1 mx:foo:bar/baz.example.com/24"});
        fake.answer("foo:bar/baz.example.com", "A", {"192.0.2.4"});
        fake.answer("foo:bar/baz.example.com", "MX", {"0 foo:bar/baz.example.com."});
        CPPUNIT_ASSERT_EQUAL(std::string("pass"), result(fake, "e11.test", "192.0.2.4"));
        CPPUNIT_ASSERT_EQUAL(std::string("pass"), result(fake, "e11.test", "::ffff:192.0.2.4"));
        CPPUNIT_ASSERT_EQUAL(std::string("neutral"), result(fake, "e11.test", "192.0.2.5"));
        CPPUNIT_ASSERT_EQUAL(std::string("pass"), result(fake, "e11mx.test", "192.0.2.99"));
    }

    // A macro that expands to a label over 63 bytes names nothing: no match
    // (RFC 7208 4.3 by analogy), not a failed lookup; a local part with a
    // space and a HELO name with an apostrophe expand as given.
    void unaskableExpansionIsNoMatch() {
        MailFake fake;
        fake.txt("t12.test", {"v=spf1 a:%{H}.bar -all"});
        fake.txt("inc.test", {"v=spf1 include:%{h}.bar -all"});
        const SpfSender longHelo{"foo@t12.test", std::string(64, 'x') + ".example"};
        CPPUNIT_ASSERT_EQUAL(std::string("fail"), evaluate(fake, "t12.test", "192.0.2.1", longHelo).result);
        CPPUNIT_ASSERT_EQUAL(std::string("permerror"), evaluate(fake, "inc.test", "192.0.2.1", longHelo).result);
        fake.txt("e9.test", {"v=spf1 a:%{H} exists:%{l}.l.e9.test -all"});
        fake.answer("macro error.l.e9.test", "A", {"127.0.0.2"});
        const SpfSender odd{"Macro Error@e9.test", "JUMPIN' JUPITER"};
        CPPUNIT_ASSERT_EQUAL(std::string("pass"), evaluate(fake, "e9.test", "192.0.2.1", odd).result);
    }

    // RFC 7208 7.1: a toplabel does not start with '-': a permerror, never a lookup.
    void hyphenTopLabelIsAPermerror() {
        MailFake fake;
        fake.txt("e12.test", {"v=spf1 a:example.-com"});
        fake.txt("e12mx.test", {"v=spf1 mx:example.-com"});
        fake.answer("example.-com", "A", {"192.0.2.4"});
        CPPUNIT_ASSERT_EQUAL(std::string("permerror"), result(fake, "e12.test", "192.0.2.4"));
        CPPUNIT_ASSERT_EQUAL(std::string("permerror"), result(fake, "e12mx.test", "192.0.2.4"));
    }

    void pathNamesTheDecidingTerms() {
        MailFake fake;
        fake.txt("eval.test", {"v=spf1 include:_spf.a.test include:_spf.b.test -all"});
        fake.txt("_spf.a.test", {"v=spf1 ip4:203.0.113.0/24 -all"});
        fake.txt("_spf.b.test", {"v=spf1 ip4:198.51.100.0/24 ?all"});
        const SpfEvaluation e = evaluate(fake, "eval.test", "198.51.100.25");
        CPPUNIT_ASSERT_EQUAL(std::string("pass"), e.result);
        CPPUNIT_ASSERT_EQUAL(size_t(2), e.path.size());
        CPPUNIT_ASSERT_EQUAL(std::string("eval.test"), e.path[0].domain);
        CPPUNIT_ASSERT_EQUAL(std::string("include:_spf.b.test"), e.path[0].term);
        CPPUNIT_ASSERT_EQUAL(std::string("pass"), e.path[0].result);
        CPPUNIT_ASSERT_EQUAL(std::string("_spf.b.test"), e.path[1].domain);
        CPPUNIT_ASSERT_EQUAL(std::string("ip4:198.51.100.0/24"), e.path[1].term);
        CPPUNIT_ASSERT_EQUAL(std::string("match"), e.path[1].result);
        CPPUNIT_ASSERT_EQUAL(2, e.lookupCount);
        const SpfEvaluation f = evaluate(fake, "eval.test", "192.0.2.1");
        CPPUNIT_ASSERT_EQUAL(std::string("fail"), f.result);
        CPPUNIT_ASSERT_EQUAL(size_t(1), f.path.size());
        CPPUNIT_ASSERT_EQUAL(std::string("-all"), f.path[0].term);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(SpfEvaluatorTest);

}  // namespace ipfacts::mail
