// MtaStsCheck: a domain's MTA-STS (RFC 8461) as a sender sees it: the
// _mta-sts TXT record, then (only when there is one, as senders do) the
// policy fetched over HTTPS from mta-sts.<domain> through the host's http
// facility (every connection through the address guard; no redirects,
// RFC 8461 3.3), and whether every MX host is covered by its mx patterns.
#ifndef IPFACTS_PLUGINS_MAIL_MTASTSCHECK_H
#define IPFACTS_PLUGINS_MAIL_MTASTSCHECK_H

#include "MailDns.h"
#include "MtaStsPolicy.h"
#include "MxRecords.h"

#include <ipfacts/plugin.hpp>

#include <optional>
#include <string>
#include <vector>

namespace ipfacts::mail {

struct MxCoverage {
    std::string host;
    bool covered = false;
    std::optional<std::string> pattern;  ///< the first pattern that covers it
};

struct MtaStsFacts {
    std::optional<MtaStsRecord> record;      ///< the _mta-sts record, when there is exactly one
    std::vector<std::string> errors;         ///< several records, failed lookups
    std::string policyUrl;                   ///< https://mta-sts.<domain>/.well-known/mta-sts.txt
    bool policyFetched = false;              ///< a 200 answer was read
    std::optional<int> policyStatus;         ///< HTTP status
    std::optional<std::string> policyError;  ///< why there is no policy (not fetched, failed, not 200)
    std::optional<MtaStsPolicyFile> policy;
    std::vector<MxCoverage> coverage;  ///< one per MX host
    std::optional<bool> allMxCovered;  ///< null without a policy or MX hosts
    /// The TXT lookup or the policy fetch failed in passing (a time-out, no
    /// connection, the facility refusing): no cache may keep the answer.
    bool failed = false;
};

struct MtaStsFetch {
    int timeoutMs = 3000;
    int maxBodyBytes = 65536;  ///< RFC 8461 3.3 suggests 64 KiB
    int port = 443;            ///< RFC 8461 3.3: always 443; tests point it elsewhere
};

/// Checks MTA-STS for `domain` given its MX hosts. Blocking.
MtaStsFacts checkMtaSts(const Host& host, MailDns& dns, const std::string& domain, const MxFacts& mx,
                        const MtaStsFetch& fetch);

}  // namespace ipfacts::mail

#endif
