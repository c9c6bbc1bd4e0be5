// The WHOIS parser on real-layout samples: ARIN, RIPE, APNIC, LACNIC,
// AFRINIC, and three domain registry layouts (ICANN gTLD, DENIC, EURid);
// referrals and "not found" answers.
#include "WhoisParser.h"

#include <cppunit/extensions/HelperMacros.h>

#include <fstream>
#include <sstream>

namespace ipfacts::rdap {
namespace {

std::string sample(const std::string& name) {
    std::ifstream in(std::string(IPFACTS_RDAP_FIXTURES) + "/whois/" + name);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

std::string opt(const Text& t) { return t ? *t : "(null)"; }
bool has(const std::vector<std::string>& v, const std::string& s) {
    return std::find(v.begin(), v.end(), s) != v.end();
}

const SummaryEntity* entity(const Summary& s, const std::string& handle) {
    for (const auto& e : s.entities)
        if (e.handle == handle) return &e;
    return nullptr;
}

}  // namespace

class WhoisParserTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(WhoisParserTest);
    CPPUNIT_TEST(arin);
    CPPUNIT_TEST(ripe);
    CPPUNIT_TEST(apnic);
    CPPUNIT_TEST(lacnic);
    CPPUNIT_TEST(afrinic);
    CPPUNIT_TEST(gtld);
    CPPUNIT_TEST(denic);
    CPPUNIT_TEST(eurid);
    CPPUNIT_TEST(referrals);
    CPPUNIT_TEST(notFound);
    CPPUNIT_TEST(arinZeroPaddedOctets);
    CPPUNIT_TEST(domainNameFallsBackToTheQuery);
    CPPUNIT_TEST_SUITE_END();

public:
    void arin() {
        Summary s = parseWhois(sample("arin.txt"), QueryKind::Ip, "whois.arin.net", "");
        CPPUNIT_ASSERT_EQUAL(std::string("whois"), s.source);
        CPPUNIT_ASSERT_EQUAL(std::string("NET-198-51-100-0-1"), opt(s.handle));
        CPPUNIT_ASSERT_EQUAL(std::string("EXAMPLE-198"), opt(s.name));
        CPPUNIT_ASSERT_EQUAL(std::string("Direct Allocation"), opt(s.type));
        CPPUNIT_ASSERT_EQUAL(std::string("US"), opt(s.country));
        CPPUNIT_ASSERT_EQUAL(std::string("198.51.100.0"), opt(s.start_address));
        CPPUNIT_ASSERT_EQUAL(std::string("198.51.101.255"), opt(s.end_address));
        CPPUNIT_ASSERT(s.cidr == std::vector<std::string>{"198.51.100.0/23"});
        CPPUNIT_ASSERT_EQUAL(std::string("2011-03-17T00:00:00Z"), opt(s.registered));
        CPPUNIT_ASSERT_EQUAL(std::string("2023-09-08T00:00:00Z"), opt(s.updated));
        CPPUNIT_ASSERT_EQUAL(std::string("abuse@hosting.example"), opt(s.abuse_email));
        CPPUNIT_ASSERT_EQUAL(std::string("ARIN"), opt(s.registry));
        CPPUNIT_ASSERT_EQUAL(std::string("Example Hosting LLC"), opt(entity(s, "EHL-12")->name));
        CPPUNIT_ASSERT_EQUAL(std::string("noc@hosting.example"), opt(entity(s, "NOC1234-ARIN")->email));
        CPPUNIT_ASSERT_EQUAL(std::string("abuse"), entity(s, "ABUSE3850-ARIN")->roles.front());
    }
    void ripe() {
        Summary s = parseWhois(sample("ripe.txt"), QueryKind::Ip, "whois.ripe.net", "");
        CPPUNIT_ASSERT_EQUAL(std::string("203.0.113.0"), opt(s.start_address));
        CPPUNIT_ASSERT_EQUAL(std::string("203.0.113.127"), opt(s.end_address));
        CPPUNIT_ASSERT(s.cidr == std::vector<std::string>{"203.0.113.0/25"});
        CPPUNIT_ASSERT_EQUAL(std::string("EXAMPLE-ISP-NET"), opt(s.name));
        CPPUNIT_ASSERT_EQUAL(std::string("FR"), opt(s.country));
        CPPUNIT_ASSERT_EQUAL(std::string("ASSIGNED PA"), opt(s.type));
        CPPUNIT_ASSERT_EQUAL(std::string("abuse@isp.example"), opt(s.abuse_email));  // from the comment
        CPPUNIT_ASSERT_EQUAL(std::string("2015-06-10T12:13:14Z"), opt(s.registered));
        CPPUNIT_ASSERT_EQUAL(std::string("2021-02-03T04:05:06Z"), opt(s.updated));
        CPPUNIT_ASSERT_EQUAL(std::string("RIPE NCC"), opt(s.registry));
        const SummaryEntity* admin = entity(s, "EIA1-RIPE");
        CPPUNIT_ASSERT(admin);
        CPPUNIT_ASSERT_EQUAL(std::string("hostmaster@isp.example"), opt(admin->email));
        CPPUNIT_ASSERT_EQUAL(std::string("Example ISP Admins"), opt(admin->name));
    }
    void apnic() {
        Summary s = parseWhois(sample("apnic.txt"), QueryKind::Ip, "whois.apnic.net", "");
        CPPUNIT_ASSERT_EQUAL(std::string("192.0.2.0"), opt(s.start_address));
        CPPUNIT_ASSERT(s.cidr == std::vector<std::string>{"192.0.2.0/24"});
        CPPUNIT_ASSERT_EQUAL(std::string("EXAMPLE-AP"), opt(s.name));
        CPPUNIT_ASSERT_EQUAL(std::string("AU"), opt(s.country));
        CPPUNIT_ASSERT_EQUAL(std::string("abuse@apnic-example.jp"), opt(s.abuse_email));
        CPPUNIT_ASSERT_EQUAL(std::string("APNIC"), opt(s.registry));
        CPPUNIT_ASSERT_EQUAL(std::string("abuse@apnic-example.jp"), opt(entity(s, "AE123-AP")->email));
        CPPUNIT_ASSERT_EQUAL(std::string("2020-04-23T06:18:55Z"), opt(s.updated));
    }
    void lacnic() {
        Summary s = parseWhois(sample("lacnic.txt"), QueryKind::Ip, "whois.lacnic.net", "");
        CPPUNIT_ASSERT_EQUAL(std::string("200.160.0.0"), opt(s.start_address));
        CPPUNIT_ASSERT_EQUAL(std::string("200.160.15.255"), opt(s.end_address));
        CPPUNIT_ASSERT(s.cidr == std::vector<std::string>{"200.160.0.0/20"});
        CPPUNIT_ASSERT_EQUAL(std::string("Example Servicos de Internet Ltda"), opt(s.name));
        CPPUNIT_ASSERT_EQUAL(std::string("BR"), opt(s.country));
        CPPUNIT_ASSERT_EQUAL(std::string("1998-03-09T00:00:00Z"), opt(s.registered));
        CPPUNIT_ASSERT_EQUAL(std::string("2022-05-16T00:00:00Z"), opt(s.updated));
        CPPUNIT_ASSERT_EQUAL(std::string("abuse@example.br"), opt(s.abuse_email));  // abuse-c -> nic-hdl-br block
        CPPUNIT_ASSERT_EQUAL(std::string("fulano@example.br"), opt(entity(s, "FDT")->email));
        CPPUNIT_ASSERT_EQUAL(std::string("LACNIC"), opt(s.registry));
    }
    void afrinic() {
        Summary s = parseWhois(sample("afrinic.txt"), QueryKind::Ip, "whois.afrinic.net", "");
        CPPUNIT_ASSERT_EQUAL(std::string("196.0.0.0"), opt(s.start_address));
        CPPUNIT_ASSERT(s.cidr == std::vector<std::string>{"196.0.0.0/22"});
        CPPUNIT_ASSERT_EQUAL(std::string("KE"), opt(s.country));
        CPPUNIT_ASSERT_EQUAL(std::string("(null)"), opt(s.abuse_email));  // "No abuse contact registered"
        CPPUNIT_ASSERT_EQUAL(std::string("(null)"), opt(entity(s, "ET1-AFRINIC")->email));
        CPPUNIT_ASSERT(has(s.redacted, "technical.email"));
        CPPUNIT_ASSERT_EQUAL(std::string("AFRINIC"), opt(s.registry));
    }
    void gtld() {
        Summary s = parseWhois(sample("gtld.txt"), QueryKind::Domain, "whois.pir.example", "");
        CPPUNIT_ASSERT_EQUAL(std::string("example.org"), opt(s.ldh_name));
        CPPUNIT_ASSERT_EQUAL(std::string("4e1f3a8b0c_DOMAIN_ORG-VRSN"), opt(s.handle));
        CPPUNIT_ASSERT_EQUAL(std::string("Example Registrar, LLC"), opt(s.registrar));
        CPPUNIT_ASSERT_EQUAL(std::string("1995-04-30T04:00:00Z"), opt(s.registered));
        CPPUNIT_ASSERT_EQUAL(std::string("2024-01-08T19:12:32Z"), opt(s.updated));
        CPPUNIT_ASSERT_EQUAL(std::string("2027-04-29T04:00:00Z"), opt(s.expires));
        CPPUNIT_ASSERT(s.nameservers == (std::vector<std::string>{"ns1.example.org", "ns2.example.org"}));
        CPPUNIT_ASSERT(s.status == (std::vector<std::string>{"clientDeleteProhibited", "clientTransferProhibited"}));
        CPPUNIT_ASSERT(s.dnssec_signed && *s.dnssec_signed);
        CPPUNIT_ASSERT_EQUAL(std::string("abuse@registrar.example"), opt(s.abuse_email));
        CPPUNIT_ASSERT(has(s.redacted, "registrant.name"));
        CPPUNIT_ASSERT(has(s.redacted, "registrant.email"));
    }
    void denic() {
        Summary s = parseWhois(sample("denic.txt"), QueryKind::Domain, "whois.denic.de", "");
        CPPUNIT_ASSERT_EQUAL(std::string("example.de"), opt(s.ldh_name));
        CPPUNIT_ASSERT(s.nameservers == (std::vector<std::string>{"ns1.example.net", "ns2.example.net"}));
        CPPUNIT_ASSERT(s.status == std::vector<std::string>{"connect"});
        CPPUNIT_ASSERT_EQUAL(std::string("2023-05-17T09:20:43Z"), opt(s.updated));
        CPPUNIT_ASSERT(s.dnssec_signed && *s.dnssec_signed);
        CPPUNIT_ASSERT_EQUAL(std::string("whois.denic.de"), opt(s.registry));
    }
    void eurid() {
        Summary s = parseWhois(sample("eurid.txt"), QueryKind::Domain, "whois.eu", "");
        CPPUNIT_ASSERT_EQUAL(std::string("example.eu"), opt(s.ldh_name));
        CPPUNIT_ASSERT_EQUAL(std::string("Example Registrar BV"), opt(s.registrar));
        CPPUNIT_ASSERT(s.nameservers == (std::vector<std::string>{"ns1.example.eu", "ns2.example.eu"}));
        CPPUNIT_ASSERT(has(s.redacted, "registrant.name"));  // NOT DISCLOSED!
        bool tech = false;
        for (const auto& e : s.entities)
            if (e.roles.front() == "technical") {
                tech = true;
                CPPUNIT_ASSERT_EQUAL(std::string("tech@hosting.example"), opt(e.email));
                CPPUNIT_ASSERT_EQUAL(std::string("Example Hosting BV"), opt(e.name));
            }
        CPPUNIT_ASSERT(tech);
    }
    void referrals() {
        CPPUNIT_ASSERT_EQUAL(std::string("whois.ripe.net"), whoisReferral(sample("iana-refer.txt")));
        CPPUNIT_ASSERT_EQUAL(std::string("whois.registrar.example"), whoisReferral(sample("gtld.txt")));
        CPPUNIT_ASSERT_EQUAL(std::string("whois.ripe.net"), whoisReferral("ReferralServer:  whois://whois.ripe.net\n"));
        CPPUNIT_ASSERT_EQUAL(std::string("127.0.0.1:4343"), whoisReferral("refer: 127.0.0.1:4343\n"));
        CPPUNIT_ASSERT_EQUAL(std::string(""), whoisReferral("ReferralServer: rwhois://rwhois.example:4321\n"));
        CPPUNIT_ASSERT_EQUAL(std::string(""), whoisReferral(sample("ripe.txt")));
    }
    void notFound() {
        CPPUNIT_ASSERT(whoisSaysNotFound("No match for \"NOPE.COM\".\r\n"));
        CPPUNIT_ASSERT(whoisSaysNotFound("Domain: nope.de\nStatus: free\n"));
        CPPUNIT_ASSERT(whoisSaysNotFound("%ERROR:101: no entries found\n"));
        CPPUNIT_ASSERT(!whoisSaysNotFound(sample("denic.txt")));
    }
    void arinZeroPaddedOctets() {
        // ARIN's older answers pad each octet to three digits.
        Summary s = parseWhois(
            "NetRange:       074.125.000.000 - 074.125.255.255\nCIDR:           074.125.000.000/16\n"
            "NetHandle:      NET-74-125-0-0-1\n",
            QueryKind::Ip, "whois.arin.net", "74.125.0.1");
        CPPUNIT_ASSERT_EQUAL(std::string("74.125.0.0"), opt(s.start_address));
        CPPUNIT_ASSERT_EQUAL(std::string("74.125.255.255"), opt(s.end_address));
        CPPUNIT_ASSERT(s.cidr == std::vector<std::string>{"74.125.0.0/16"});
    }
    void domainNameFallsBackToTheQuery() {
        Summary s = parseWhois("Registrar: Example Registrar\nName Server: ns1.example.net\n", QueryKind::Domain,
                               "whois.example", "example.com");
        CPPUNIT_ASSERT_EQUAL(std::string("example.com"), opt(s.ldh_name));
        CPPUNIT_ASSERT_EQUAL(std::string("Example Registrar"), opt(s.registrar));
        Summary named = parseWhois("Domain Name: EXAMPLE.ORG\n", QueryKind::Domain, "whois.example", "example.com");
        CPPUNIT_ASSERT_EQUAL(std::string("example.org"), opt(named.ldh_name));  // the answer's own name stands
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(WhoisParserTest);

}  // namespace ipfacts::rdap
