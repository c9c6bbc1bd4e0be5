// OrganizationalDomain: where DMARC looks when a domain publishes no policy
// of its own, found both ways: RFC 7489 3.2 (Public Suffix List: the
// public suffix plus one label) and the DNS tree walk of RFC 9989 (the
// _dmarc records of every ancestor, read for their psd tags). Receivers
// following different RFCs can apply different policies when the two
// disagree, so the disagreement is a fact worth reporting.
#ifndef IPFACTS_PLUGINS_MAIL_ORGANIZATIONALDOMAIN_H
#define IPFACTS_PLUGINS_MAIL_ORGANIZATIONALDOMAIN_H

#include "MailDns.h"
#include "PublicSuffixList.h"

#include <optional>
#include <string>
#include <vector>

namespace ipfacts::mail {

/// RFC 9989: a walk queries at most this many names.
inline constexpr size_t kMaxTreeWalkNames = 8;

struct OrganizationalDomain {
    std::string publicSuffixList;         ///< RFC 7489: PSL suffix + one label (the name itself when it is a suffix)
    std::optional<std::string> treeWalk;  ///< RFC 9989 tree walk; null when no name on the walk has a record
    bool agree = true;                    ///< the two are equal, or the walk found no record (nothing to disagree with)
    std::vector<std::string> walked;      ///< the names whose _dmarc records were read, longest first
    std::optional<std::string> treeWalkPolicyDomain;  ///< the first name in the walk with a DMARC record
    std::vector<std::string> notes;                   ///< lookups that failed during the walk
};

/// The names a tree walk queries for `domain`: the domain, then (past 8
/// labels) its last 7 labels, then one label less at a time down to the
/// top-level label. Pure.
std::vector<std::string> treeWalkNames(const std::string& domain);

/// The DMARC records (joined TXT texts starting v=DMARC1) of a _dmarc answer.
std::vector<std::string> dmarcRecordsIn(const MailAnswer& txt);

/// Finds both organizational domains; asks the walk's _dmarc names in one
/// batch (what is already asked is not asked again). Blocking.
OrganizationalDomain findOrganizationalDomain(MailDns& dns, const PublicSuffixList& psl, const std::string& domain);

}  // namespace ipfacts::mail

#endif
