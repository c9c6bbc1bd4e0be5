#include "MailLookup.h"

#include "TxtText.h"

namespace ipfacts::mail {
namespace {

TlsRptFacts lookUpTlsRpt(MailDns& dns, const std::string& domain) {
    TlsRptFacts facts;
    const std::string qname = "_smtp._tls." + domain;
    const MailAnswer& txt = dns.get(qname, "TXT");
    if (!txt.usable()) {
        facts.errors.push_back("the TXT lookup of " + qname + " failed: " + txt.why);
        return facts;
    }
    std::vector<std::string> records;
    for (const std::string& data : txt.data)
        if (std::string text = joinTxtStrings(data); isTlsRptRecord(text)) records.push_back(std::move(text));
    if (records.size() > 1)
        facts.errors.push_back(std::to_string(records.size()) + " v=TLSRPTv1 records at " + qname +
                               ": RFC 8460 3 says senders then send no reports");
    else if (records.size() == 1)
        facts.record = parseTlsRpt(records.front());
    return facts;
}

}  // namespace

MailFacts lookUpMail(const Host& host, const PublicSuffixList& psl, const MailSettings& settings,
                     const std::string& domain, const std::string& asciiDomain, const std::optional<Address>& ip,
                     const SpfSender& sender) {
    MailFacts facts;
    facts.domain = domain;
    facts.asciiDomain = asciiDomain;
    MailDns dns(host, settings.dns);
    const std::string& d = asciiDomain;
    dns.ask({{d, "MX"},
             {d, "TXT"},
             {d, "SPF"},
             {"_dmarc." + d, "TXT"},
             {"_mta-sts." + d, "TXT"},
             {"_smtp._tls." + d, "TXT"}});
    facts.mx = lookUpMx(dns, d);
    if (facts.mx.reason) facts.reasons.add("records", *facts.mx.reason);
    facts.spf = checkSpf(dns, d, settings.spf);
    if (ip) facts.evaluation = evaluateSpf(dns, d, *ip, sender);
    facts.dmarc = lookUpDmarc(dns, psl, d);
    facts.tlsRpt = lookUpTlsRpt(dns, d);
    facts.mtaSts = checkMtaSts(host, dns, d, facts.mx, settings.mtaSts);
    facts.dnsQuestions = dns.questionsAsked();
    if (!dns.budgetSpent().empty()) facts.reasons.add("partial", dns.budgetSpent());
    return facts;
}

}  // namespace ipfacts::mail
