// SpfEvaluator: RFC 7208 check_host() for a sender address the caller names
// (ip=), with the sender mailbox and the HELO name when the caller gives
// them (sender=, helo=: only macros use them): the result and the path of
// terms that decided it. DNS through MailDns (shared with the tree, so
// records already fetched are not asked again).
#ifndef IPFACTS_PLUGINS_MAIL_SPFEVALUATOR_H
#define IPFACTS_PLUGINS_MAIL_SPFEVALUATOR_H

#include "MailDns.h"

#include <ipfacts/address.hpp>

#include <optional>
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
    std::string ip;             ///< the address evaluated (IPv4 for an IPv4-mapped one)
    std::string result;         ///< pass fail softfail neutral none permerror temperror
    std::vector<SpfStep> path;  ///< the terms that decided it
    std::string reason;         ///< one sentence: why this result
    int lookupCount = 0;        ///< DNS-querying terms this evaluation reached
    int voidLookupCount = 0;
    std::vector<std::string> skipped;   ///< terms not evaluated (macros that need a value not given)
    std::optional<std::string> sender;  ///< the mailbox the macros used, when given
    std::optional<std::string> helo;    ///< the HELO name the macros used, when given
};

/// Who is sending, beyond the address: what macros %{s} %{l} %{o} and %{h}
/// stand for. Absent values leave the terms that need them unevaluated.
struct SpfSender {
    std::optional<std::string> mailbox;  ///< local-part@domain; an empty local part is "postmaster" (RFC 7208 4.3)
    std::optional<std::string> helo;     ///< the HELO/EHLO name as the client gave it
};

/// Evaluates `domain`'s SPF record for `ip`. Blocking. Thread-compatible
/// (one MailDns per request).
SpfEvaluation evaluateSpf(MailDns& dns, const std::string& domain, const Address& ip, const SpfSender& sender = {});

}  // namespace ipfacts::mail

#endif
