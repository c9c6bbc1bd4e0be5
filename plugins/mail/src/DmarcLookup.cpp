#include "DmarcLookup.h"

#include "DmarcParser.h"

namespace ipfacts::mail {
namespace {

// Reads the DMARC records at _dmarc.<name>; true when the name settles the
// search (one or several records, or a failed lookup).
bool readAt(MailDns& dns, const std::string& name, const char* source, DmarcFacts& facts) {
    const std::string qname = "_dmarc." + name;
    const MailAnswer& txt = dns.get(qname, "TXT");
    if (!txt.usable()) {
        facts.errors.push_back("the TXT lookup of " + qname + " failed: " + txt.why);
        facts.recordName = qname;
        return true;
    }
    facts.records = dmarcRecordsIn(txt);
    if (facts.records.empty()) return false;
    facts.recordName = qname;
    facts.policySource = source;
    if (facts.records.size() > 1) {
        facts.errors.push_back(std::to_string(facts.records.size()) + " DMARC records at " + qname +
                               ": RFC 7489 6.6.3 says a receiver then applies no policy at all");
        return true;
    }
    facts.found = true;
    facts.record = parseDmarc(facts.records.front());
    facts.errors.insert(facts.errors.end(), facts.record.errors.begin(), facts.record.errors.end());
    return true;
}

void checkDestinations(MailDns& dns, const PublicSuffixList& psl, const std::string& policyDomain, DmarcFacts& facts) {
    const std::string ownOrg = psl.organizationalDomain(policyDomain).value_or(policyDomain);
    auto collect = [&](const char* tag, const std::vector<DmarcReportUri>& uris) {
        for (const DmarcReportUri& u : uris) {
            ReportDestination d{tag, u.uri, u.domain, false, std::nullopt, std::nullopt};
            if (u.domain) d.external = psl.organizationalDomain(*u.domain).value_or(*u.domain) != ownOrg;
            facts.destinations.push_back(std::move(d));
        }
    };
    collect("rua", facts.record.aggregateReports);
    collect("ruf", facts.record.forensicReports);
    std::vector<DnsQuestion> qs;
    for (const ReportDestination& d : facts.destinations)
        if (d.external) qs.push_back(DnsQuestion{policyDomain + "._report._dmarc." + *d.domain, "TXT"});
    dns.ask(qs);
    for (ReportDestination& d : facts.destinations) {
        if (!d.external) continue;
        const std::string qname = policyDomain + "._report._dmarc." + *d.domain;
        const MailAnswer& txt = dns.get(qname, "TXT");
        if (!txt.usable()) {
            d.error = "the TXT lookup of " + qname + " failed: " + txt.why;
            continue;
        }
        d.authorized = !dmarcRecordsIn(txt).empty();
        if (!*d.authorized)
            facts.errors.push_back(d.tag + ": reports to " + *d.domain + " are not authorized: no v=DMARC1 record at " +
                                   qname + " (RFC 7489 7.1), so receivers will not send them");
    }
}

}  // namespace

DmarcFacts lookUpDmarc(MailDns& dns, const PublicSuffixList& psl, const std::string& domain) {
    DmarcFacts facts;
    facts.policySource = "none";
    facts.organizational = findOrganizationalDomain(dns, psl, domain);
    const std::string& org = facts.organizational.publicSuffixList;
    std::string policyDomain = domain;
    if (!readAt(dns, domain, "domain", facts) && org != domain) {
        policyDomain = org;
        readAt(dns, org, "organizational_domain", facts);
    }
    if (!facts.recordName && facts.errors.empty())
        facts.errors.push_back("no DMARC record at _dmarc." + domain +
                               (org != domain ? " nor at _dmarc." + org + " (the organizational domain)" : ""));
    if (facts.found) checkDestinations(dns, psl, policyDomain, facts);
    return facts;
}

}  // namespace ipfacts::mail
