// DmarcLookup: the DMARC policy that applies to a domain (RFC 7489 6.6.3:
// _dmarc.<domain>, else _dmarc.<organizational domain>), both ways of
// finding the organizational domain, and whether each external report
// destination has authorized the reports (RFC 7489 7.1).
#ifndef IPFACTS_PLUGINS_MAIL_DMARCLOOKUP_H
#define IPFACTS_PLUGINS_MAIL_DMARCLOOKUP_H

#include "DmarcRecord.h"
#include "MailDns.h"
#include "OrganizationalDomain.h"
#include "PublicSuffixList.h"

#include <optional>
#include <string>
#include <vector>

namespace ipfacts::mail {

/// One rua/ruf destination and its RFC 7489 7.1 authorization.
struct ReportDestination {
    std::string tag;  ///< rua or ruf
    std::string uri;
    std::optional<std::string> domain;  ///< mailto: domain
    bool external = false;              ///< another organizational domain than the policy's
    std::optional<bool> authorized;     ///< external ones: a v=DMARC1 record at <policy>._report._dmarc.<domain>
    std::optional<std::string> error;   ///< the check could not be made
};

struct DmarcFacts {
    bool found = false;                     ///< one DMARC record applies
    std::optional<std::string> recordName;  ///< "_dmarc.example.com" where it (or several) was found
    std::string policySource;               ///< "domain", "organizational_domain" or "none"
    DmarcRecord record;                     ///< parsed; empty when none applies
    std::vector<std::string> records;       ///< every DMARC record at recordName
    std::vector<std::string>
        errors;  ///< the record's errors, several records, failed lookups, unauthorized destinations
    OrganizationalDomain organizational;
    std::vector<ReportDestination> destinations;
};

/// Looks the policy up. Blocking.
DmarcFacts lookUpDmarc(MailDns& dns, const PublicSuffixList& psl, const std::string& domain);

}  // namespace ipfacts::mail

#endif
