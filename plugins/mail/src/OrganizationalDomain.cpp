#include "OrganizationalDomain.h"

#include "DmarcParser.h"
#include "TxtText.h"

namespace ipfacts::mail {

std::vector<std::string> treeWalkNames(const std::string& domain) {
    std::vector<std::string> labels;
    for (size_t start = 0;;) {
        const size_t dot = domain.find('.', start);
        labels.push_back(domain.substr(start, dot == std::string::npos ? dot : dot - start));
        if (dot == std::string::npos) break;
        start = dot + 1;
    }
    auto suffix = [&](size_t count) {
        std::string name;
        for (size_t i = labels.size() - count; i < labels.size(); ++i)
            name += (i > labels.size() - count ? "." : "") + labels[i];  // by position: a label may be empty
        return name;
    };
    std::vector<std::string> names{domain};
    size_t count = labels.size();
    if (count > kMaxTreeWalkNames) count = kMaxTreeWalkNames;  // next: the last 7 labels
    for (size_t n = count - 1; n >= 1; --n) names.push_back(suffix(n));
    return names;
}

std::vector<std::string> dmarcRecordsIn(const MailAnswer& txt) {
    std::vector<std::string> found;
    for (const std::string& data : txt.data) {
        std::string text = joinTxtStrings(data);
        if (isDmarcRecord(text)) found.push_back(std::move(text));
    }
    return found;
}

OrganizationalDomain findOrganizationalDomain(MailDns& dns, const PublicSuffixList& psl, const std::string& domain) {
    OrganizationalDomain org;
    org.publicSuffixList = psl.organizationalDomain(domain).value_or(domain);
    org.walked = treeWalkNames(domain);
    std::vector<DnsQuestion> qs;
    for (const std::string& name : org.walked) qs.push_back(DnsQuestion{"_dmarc." + name, "TXT"});
    dns.ask(qs);

    std::optional<std::string> shortest, decided;
    for (size_t i = 0; i < org.walked.size() && !decided; ++i) {
        const std::string& name = org.walked[i];
        const MailAnswer& txt = dns.get("_dmarc." + name, "TXT");
        if (!txt.usable()) {
            org.notes.push_back("the TXT lookup of _dmarc." + name + " failed: " + txt.why);
            continue;
        }
        const std::vector<std::string> records = dmarcRecordsIn(txt);
        if (records.size() != 1) continue;  // none, or several (which count as none)
        if (!org.treeWalkPolicyDomain) org.treeWalkPolicyDomain = name;
        const DmarcRecord r = parseDmarc(records.front());
        const std::string psd = r.publicSuffixDomain.value_or("u");
        if (psd == "n")
            decided = name;
        else if (psd == "y")
            decided = i > 0 ? org.walked[i - 1] : name;
        else
            shortest = name;
    }
    org.treeWalk = decided ? decided : shortest;
    org.agree = !org.treeWalk || *org.treeWalk == org.publicSuffixList;
    return org;
}

}  // namespace ipfacts::mail
