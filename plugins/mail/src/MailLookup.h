// MailLookup: the lookups behind GET /api/v1/mx, in order: one batch for
// every question the domain itself needs (MX, TXT, the type-99 SPF record,
// _dmarc, _mta-sts, _smtp._tls), then the MX hosts' addresses, the SPF
// tree, the optional ip= evaluation, DMARC with both organizational
// domains, and the MTA-STS policy over HTTPS.
#ifndef IPFACTS_PLUGINS_MAIL_MAILLOOKUP_H
#define IPFACTS_PLUGINS_MAIL_MAILLOOKUP_H

#include "MailDns.h"
#include "MailFacts.h"
#include "MtaStsCheck.h"
#include "PublicSuffixList.h"
#include "SpfEvaluator.h"
#include "SpfTree.h"

#include <ipfacts/address.hpp>
#include <ipfacts/plugin.hpp>

#include <optional>

namespace ipfacts::mail {

struct MailSettings {
    MailDnsLimits dns;
    SpfTreeLimits spf;
    MtaStsFetch mtaSts;
};

/// Looks everything up for `asciiDomain`, evaluating SPF for `ip` (with
/// `sender`'s mailbox and HELO name) when given. Blocking; never throws for
/// a DNS or HTTP failure (each lands in its part, with its reason).
MailFacts lookUpMail(const Host& host, const PublicSuffixList& psl, const MailSettings& settings,
                     const std::string& domain, const std::string& asciiDomain, const std::optional<Address>& ip,
                     const SpfSender& sender = {});

}  // namespace ipfacts::mail

#endif
