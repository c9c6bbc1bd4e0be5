// SpfEvaluator: RFC 7208 check_host() for a sender address the caller names
// (ip=), with no sender mailbox and no HELO name: the result and the path
// of terms that decided it. DNS through MailDns (shared with the tree, so
// records already fetched are not asked again).
#ifndef IPFACTS_PLUGINS_MAIL_SPFEVALUATOR_H
#define IPFACTS_PLUGINS_MAIL_SPFEVALUATOR_H

#include "MailDns.h"

#include <ipfacts/address.hpp>

#include <string>
#include <vector>

namespace ipfacts::mail {

/// One step of the deciding path, outermost first.
struct SpfStep {
    std::string domain;  ///< the record the term is in
    std::string term;    ///< the term as written ("include:_spf.example.net"), or "(default)"
    std::string result;  ///< "match", "pass" (an include that passed), "permerror: ...", ...
};

struct SpfEvaluation {
    std::string ip;                   ///< the address evaluated (IPv4 for an IPv4-mapped one)
    std::string result;               ///< pass fail softfail neutral none permerror temperror
    std::vector<SpfStep> path;        ///< the terms that decided it
    std::string reason;               ///< one sentence: why this result
    int lookupCount = 0;              ///< DNS-querying terms this evaluation reached
    int voidLookupCount = 0;
    std::vector<std::string> skipped; ///< terms not evaluated (macros that need the sender)
};

/// Evaluates `domain`'s SPF record for `ip`. Blocking. Thread-compatible
/// (one MailDns per request).
SpfEvaluation evaluateSpf(MailDns& dns, const std::string& domain, const Address& ip);

}  // namespace ipfacts::mail

#endif
