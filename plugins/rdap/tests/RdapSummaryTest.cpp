// The summary of each RDAP fixture (RFC 9083 shapes as ARIN, RIPE and a thin
// gTLD registry and its registrar send them) checked field by field: cidr0
// and computed CIDRs, nested abuse entities, events, vCards, RFC 9537
// redactions and placeholder text, the thin merge's provenance; the quirks
// of real recorded answers (tests/rdap/corpus/rdap, each field of every
// case checked by the integration suite); and the helpers (ranges to CIDRs,
// dates to ISO 8601 UTC).
#include "RdapLookup.h"
#include "RdapSummary.h"

#include <cppunit/extensions/HelperMacros.h>

#include <fstream>
#include <sstream>

namespace ipfacts::rdap {
namespace {

std::string fixture(const std::string& name) {
    std::ifstream in(std::string(IPFACTS_RDAP_FIXTURES) + "/" + name);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

Summary read(const std::string& name, QueryKind kind, const std::string& url = "https://rdap.example/") {
    RdapObject o = readRdapObject(fixture(name), kind, url);
    CPPUNIT_ASSERT_EQUAL_MESSAGE(name, std::string(""), o.error);
    return o.summary;
}

Summary readRecorded(const std::string& file, QueryKind kind, const std::string& url) {
    std::ifstream in(std::string(IPFACTS_RDAP_CORPUS) + "/" + file);
    std::stringstream ss;
    ss << in.rdbuf();
    RdapObject o = readRdapObject(ss.str(), kind, url);
    CPPUNIT_ASSERT_EQUAL_MESSAGE(file, std::string(""), o.error);
    return o.summary;
}

std::string opt(const Text& t) { return t ? *t : "(null)"; }

bool has(const std::vector<std::string>& v, const std::string& s) {
    return std::find(v.begin(), v.end(), s) != v.end();
}

}  // namespace

class RdapSummaryTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(RdapSummaryTest);
    CPPUNIT_TEST(arinNetworkWithNestedAbuse);
    CPPUNIT_TEST(ripeV6NetworkWithComputedCidrAndPlaceholders);
    CPPUNIT_TEST(autnum);
    CPPUNIT_TEST(thinRegistryDomainAndItsRelatedLink);
    CPPUNIT_TEST(registrarDomainRedactions);
    CPPUNIT_TEST(thinMergeSaysWhichFieldCameFromWhere);
    CPPUNIT_TEST(wrongObjectOrNotJsonIsAnError);
    CPPUNIT_TEST(recordedAnswersQuirks);
    CPPUNIT_TEST(rangesToCidrs);
    CPPUNIT_TEST(datesToIsoUtc);
    CPPUNIT_TEST(summaryJsonHasEverySpecField);
    CPPUNIT_TEST_SUITE_END();

public:
    void arinNetworkWithNestedAbuse() {
        Summary s = read("ip-arin.json", QueryKind::Ip, "https://rdap.arin.net/registry/ip/192.0.2.1");
        CPPUNIT_ASSERT_EQUAL(std::string("NET-192-0-2-0-1"), opt(s.handle));
        CPPUNIT_ASSERT_EQUAL(std::string("EXAMPLE-NET"), opt(s.name));
        CPPUNIT_ASSERT_EQUAL(std::string("DIRECT ALLOCATION"), opt(s.type));
        CPPUNIT_ASSERT_EQUAL(std::string("(null)"), opt(s.country));
        CPPUNIT_ASSERT_EQUAL(std::string("192.0.2.0"), opt(s.start_address));
        CPPUNIT_ASSERT_EQUAL(std::string("192.0.2.255"), opt(s.end_address));
        CPPUNIT_ASSERT(s.cidr == std::vector<std::string>{"192.0.2.0/24"});
        CPPUNIT_ASSERT_EQUAL(std::string("ARIN"), opt(s.registry));
        CPPUNIT_ASSERT_EQUAL(std::string("2009-10-02T17:48:02Z"), opt(s.registered));
        CPPUNIT_ASSERT_EQUAL(std::string("2024-06-05T14:21:34Z"), opt(s.updated));
        CPPUNIT_ASSERT(s.status == std::vector<std::string>{"active"});
        CPPUNIT_ASSERT_EQUAL(std::string("abuse@example.net"), opt(s.abuse_email));  // two levels down
        CPPUNIT_ASSERT_EQUAL(size_t(3), s.entities.size());
        CPPUNIT_ASSERT_EQUAL(std::string("EXAMP-1"), s.entities[0].handle);
        CPPUNIT_ASSERT_EQUAL(std::string("Example Networks, Inc."), opt(s.entities[0].name));
        CPPUNIT_ASSERT_EQUAL(std::string("(null)"), opt(s.entities[0].email));
        CPPUNIT_ASSERT_EQUAL(std::string("ABUSE5-ARIN"), s.entities[1].handle);
        CPPUNIT_ASSERT_EQUAL(std::string("abuse"), s.entities[1].roles.front());
        CPPUNIT_ASSERT(s.entities[2].roles == (std::vector<std::string>{"technical", "noc"}));
        CPPUNIT_ASSERT_EQUAL(std::string("rdap"), s.source);
        CPPUNIT_ASSERT(s.redacted.empty());
    }
    void ripeV6NetworkWithComputedCidrAndPlaceholders() {
        Summary s = read("ip-ripe-v6.json", QueryKind::Ip);
        CPPUNIT_ASSERT_EQUAL(std::string("2001:db8::"), opt(s.start_address));
        CPPUNIT_ASSERT_EQUAL(std::string("2001:db8:0:ffff:ffff:ffff:ffff:ffff"), opt(s.end_address));
        CPPUNIT_ASSERT(s.cidr == std::vector<std::string>{"2001:db8::/48"});  // no cidr0: computed
        CPPUNIT_ASSERT_EQUAL(std::string("NL"), opt(s.country));
        CPPUNIT_ASSERT_EQUAL(std::string("RIPE NCC"), opt(s.registry));
        CPPUNIT_ASSERT_EQUAL(std::string("abuse@example.nl"), opt(s.abuse_email));
        CPPUNIT_ASSERT_EQUAL(std::string("(null)"), opt(s.entities[2].name));
        CPPUNIT_ASSERT_EQUAL(std::string("(null)"), opt(s.entities[2].email));
        CPPUNIT_ASSERT(has(s.redacted, "administrative.name"));
        CPPUNIT_ASSERT(has(s.redacted, "administrative.email"));
    }
    void autnum() {
        Summary s = read("autnum-ripe.json", QueryKind::Autnum);
        CPPUNIT_ASSERT_EQUAL(std::string("AS64496"), opt(s.handle));
        CPPUNIT_ASSERT_EQUAL(int64_t(64496), *s.start_autnum);
        CPPUNIT_ASSERT_EQUAL(int64_t(64496), *s.end_autnum);
        CPPUNIT_ASSERT_EQUAL(std::string("EXAMPLE-AS"), opt(s.name));
        CPPUNIT_ASSERT_EQUAL(std::string("DE"), opt(s.country));
        CPPUNIT_ASSERT_EQUAL(std::string("abuse@example.de"), opt(s.abuse_email));
        CPPUNIT_ASSERT_EQUAL(std::string("2003-04-01T12:00:00Z"), opt(s.registered));
        CPPUNIT_ASSERT(s.cidr.empty());
    }
    void thinRegistryDomainAndItsRelatedLink() {
        RdapObject o = readRdapObject(fixture("domain-registry-thin.json"), QueryKind::Domain,
                                      "https://rdap.verisign.com/com/v1/domain/example.com");
        const Summary& s = o.summary;
        CPPUNIT_ASSERT_EQUAL(std::string("https://rdap.registrar.example/domain/EXAMPLE.COM"), o.relatedUrl);
        CPPUNIT_ASSERT_EQUAL(std::string("example.com"), opt(s.ldh_name));
        CPPUNIT_ASSERT_EQUAL(std::string("example.com"), opt(s.name));
        CPPUNIT_ASSERT_EQUAL(std::string("Example Registrar, Inc."), opt(s.registrar));
        CPPUNIT_ASSERT(s.nameservers == (std::vector<std::string>{"a.iana-servers.net", "b.iana-servers.net"}));
        CPPUNIT_ASSERT_EQUAL(std::string("1995-08-14T04:00:00Z"), opt(s.registered));
        CPPUNIT_ASSERT_EQUAL(std::string("2025-08-14T07:01:39Z"), opt(s.updated));
        CPPUNIT_ASSERT_EQUAL(std::string("2026-08-13T04:00:00Z"), opt(s.expires));
        CPPUNIT_ASSERT(s.dnssec_signed && *s.dnssec_signed);
        CPPUNIT_ASSERT_EQUAL(std::string("abuse@registrar.example"), opt(s.abuse_email));
        CPPUNIT_ASSERT_EQUAL(size_t(3), s.status.size());
        CPPUNIT_ASSERT_EQUAL(std::string("rdap.verisign.com"), opt(s.registry));
    }
    void recordedAnswersQuirks() {
        // RIPE: the role's e-mail first, its abuse-mailbox marked {"type": "abuse"}.
        Summary ripe =
            readRecorded("ripe/ip-193.0.6.139.json", QueryKind::Ip, "https://rdap.db.ripe.net/ip/193.0.6.139");
        CPPUNIT_ASSERT_EQUAL(std::string("abuse@ripe.net"), opt(ripe.abuse_email));
        // APNIC: the abuse-mailbox marked {"pref": "1"}.
        Summary apnic = readRecorded("apnic/autnum-9269.json", QueryKind::Autnum, "https://rdap.apnic.net/autnum/9269");
        CPPUNIT_ASSERT_EQUAL(std::string("abuse@hkbn.net"), opt(apnic.abuse_email));
        // ARIN 2015: zero-padded octets, every IPv6 group in capitals.
        Summary padded =
            readRecorded("arin/ip-74.125.225.229.json", QueryKind::Ip, "https://rdap.arin.net/registry/ip/x");
        CPPUNIT_ASSERT_EQUAL(std::string("74.125.0.0"), opt(padded.start_address));
        CPPUNIT_ASSERT(padded.cidr == std::vector<std::string>{"74.125.0.0/16"});
        Summary v6 =
            readRecorded("arin/ip-2001.4860.4860..8888.json", QueryKind::Ip, "https://rdap.arin.net/registry/ip/x");
        CPPUNIT_ASSERT_EQUAL(std::string("2001:4860:ffff:ffff:ffff:ffff:ffff:ffff"), opt(v6.end_address));
        // LACNIC: no startAutnum/endAutnum, the number is the handle.
        Summary lacnic =
            readRecorded("lacnic/autnum-27648.json", QueryKind::Autnum, "https://rdap.lacnic.net/rdap/autnum/27648");
        CPPUNIT_ASSERT_EQUAL(int64_t(27648), lacnic.start_autnum.value_or(-1));
        CPPUNIT_ASSERT_EQUAL(int64_t(27648), lacnic.end_autnum.value_or(-1));
        // RIPE 2015: no objectClassName; the bounds carry "/32".
        Summary legacy =
            readRecorded("ripe/ip-62.239.237.1.json", QueryKind::Ip, "https://rdap.db.ripe.net/ip/62.239.237.1");
        CPPUNIT_ASSERT_EQUAL(std::string("62.239.237.255"), opt(legacy.end_address));
        CPPUNIT_ASSERT_EQUAL(std::string("RIPE NCC"), opt(legacy.registry));
        // A domain's port43 is its registrar's WHOIS: the registry is the host that answered.
        Summary fr =
            readRecorded("afnic/domain-lemonde.fr.json", QueryKind::Domain, "https://rdap.nic.fr/domain/lemonde.fr");
        CPPUNIT_ASSERT_EQUAL(std::string("rdap.nic.fr"), opt(fr.registry));
        // ...while NIC.br's answers, behind LACNIC, name their own server: the host that answered.
        Summary br =
            readRecorded("nicbr/autnum-53170.json", QueryKind::Autnum, "https://rdap.registro.br/autnum/53170");
        CPPUNIT_ASSERT_EQUAL(std::string("rdap.registro.br"), opt(br.registry));
    }

    void registrarDomainRedactions() {
        Summary s = read("domain-registrar.json", QueryKind::Domain);
        CPPUNIT_ASSERT(has(s.redacted, "Registrant Name"));
        CPPUNIT_ASSERT(has(s.redacted, "Registrant Email"));
        CPPUNIT_ASSERT(has(s.redacted, "Tech Name"));
        CPPUNIT_ASSERT(has(s.redacted, "technical.name"));                     // "REDACTED FOR PRIVACY"
        CPPUNIT_ASSERT(has(s.redacted, "technical.email"));                    // a sentence ending in REDACTED
        CPPUNIT_ASSERT_EQUAL(std::string("(null)"), opt(s.entities[0].name));  // emptyValue
        CPPUNIT_ASSERT_EQUAL(std::string("(null)"), opt(s.entities[0].email));
        CPPUNIT_ASSERT_EQUAL(std::string("(null)"), opt(s.entities[1].email));
        // Its port43 is the registrar's own WHOIS, no RIR: the registry is the host that answered.
        CPPUNIT_ASSERT_EQUAL(std::string("rdap.example"), opt(s.registry));
    }
    void thinMergeSaysWhichFieldCameFromWhere() {
        Summary reg = read("domain-registry-thin.json", QueryKind::Domain);
        Summary rar = read("domain-registrar.json", QueryKind::Domain);
        reg.handle.reset();  // a registry that gives no handle: the registrar's fills it
        Summary m = mergeThin(reg, rar);
        CPPUNIT_ASSERT_EQUAL(std::string("D12345-EXAMPLE"), opt(m.handle));
        CPPUNIT_ASSERT_EQUAL(std::string("registrar"), m.provenance["handle"]);
        CPPUNIT_ASSERT_EQUAL(std::string("registry"), m.provenance["registered"]);
        CPPUNIT_ASSERT_EQUAL(std::string("registry"), m.provenance["nameservers"]);
        CPPUNIT_ASSERT_EQUAL(std::string("registry+registrar"), m.provenance["entities"]);
        CPPUNIT_ASSERT_EQUAL(reg.entities.size() + rar.entities.size(), m.entities.size());
        CPPUNIT_ASSERT_EQUAL(std::string("registrar"), m.entities.back().from);
        CPPUNIT_ASSERT(has(m.redacted, "registrar:Registrant Email"));
    }
    void wrongObjectOrNotJsonIsAnError() {
        CPPUNIT_ASSERT(!readRdapObject(fixture("autnum-ripe.json"), QueryKind::Ip, "https://x/").error.empty());
        CPPUNIT_ASSERT(!readRdapObject("<html>", QueryKind::Ip, "https://x/").error.empty());
        CPPUNIT_ASSERT(!readRdapObject("[1]", QueryKind::Ip, "https://x/").error.empty());
        // No objectClassName is read by the kind's own members only: an error body has none of them.
        CPPUNIT_ASSERT(
            !readRdapObject(R"({"errorCode":404,"title":"Not Found"})", QueryKind::Ip, "https://x/").error.empty());
        CPPUNIT_ASSERT(
            !readRdapObject(R"({"startAddress":"192.0.2.0"})", QueryKind::Domain, "https://x/").error.empty());
    }
    void rangesToCidrs() {
        CPPUNIT_ASSERT(cidrsOfRange("192.0.2.0", "192.0.2.255") == std::vector<std::string>{"192.0.2.0/24"});
        CPPUNIT_ASSERT(cidrsOfRange("198.51.100.0", "198.51.101.255") == std::vector<std::string>{"198.51.100.0/23"});
        CPPUNIT_ASSERT(cidrsOfRange("192.0.2.1", "192.0.2.6") ==
                       (std::vector<std::string>{"192.0.2.1/32", "192.0.2.2/31", "192.0.2.4/31", "192.0.2.6/32"}));
        CPPUNIT_ASSERT(cidrsOfRange("0.0.0.0", "255.255.255.255") == std::vector<std::string>{"0.0.0.0/0"});
        CPPUNIT_ASSERT(cidrsOfRange("2001:db8::", "2001:db8:ffff:ffff:ffff:ffff:ffff:ffff") ==
                       std::vector<std::string>{"2001:db8::/32"});
        CPPUNIT_ASSERT(cidrsOfRange("192.0.2.9", "192.0.2.1").empty());
        CPPUNIT_ASSERT(cidrsOfRange("192.0.2.1", "2001:db8::").empty());
    }
    void datesToIsoUtc() {
        CPPUNIT_ASSERT_EQUAL(std::string("2019-03-04T00:00:00Z"), opt(isoUtc("2019-03-04")));
        CPPUNIT_ASSERT_EQUAL(std::string("1998-03-09T00:00:00Z"), opt(isoUtc("19980309")));
        CPPUNIT_ASSERT_EQUAL(std::string("2023-05-17T09:20:43Z"), opt(isoUtc("2023-05-17T11:20:43+02:00")));
        CPPUNIT_ASSERT_EQUAL(std::string("2024-01-08T19:12:32Z"), opt(isoUtc("2024-01-08T19:12:32.123Z")));
        CPPUNIT_ASSERT_EQUAL(std::string("1996-08-26T00:00:00Z"), opt(isoUtc("26-Aug-1996")));
        CPPUNIT_ASSERT_EQUAL(std::string("(null)"), opt(isoUtc("yesterday")));
        CPPUNIT_ASSERT_EQUAL(std::string("(null)"), opt(isoUtc("2019-13-01")));
    }
    void summaryJsonHasEverySpecField() {
        const std::string j = summaryJson(read("ip-arin.json", QueryKind::Ip), QueryKind::Ip);
        for (const char* f :
             {"\"handle\":", "\"name\":", "\"type\":", "\"country\":null",
              "\"start_address\":", "\"end_address\":", "\"cidr\":[\"192.0.2.0/24\"]", "\"registry\":\"ARIN\"",
              "\"registered\":", "\"updated\":", "\"status\":[\"active\"]", "\"abuse_email\":\"abuse@example.net\"",
              "\"entities\":[", "\"source\":\"rdap\"", "\"redacted\":[]", "\"provenance\":{}"})
            CPPUNIT_ASSERT_MESSAGE(f, j.find(f) != std::string::npos);
        CPPUNIT_ASSERT(j.find("ldh_name") == std::string::npos);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(RdapSummaryTest);

}  // namespace ipfacts::rdap
