// SpfTree: a domain's SPF record with every include and redirect actually
// fetched, recursively: the lookup count of RFC 7208 4.6.4 in total and
// per term (so a reader sees which include costs what), void lookups by
// the term that caused them, each mx term's 10-name limit, and every error
// with the include chain it sits in. Loops, depth and the number of
// records fetched are bounded (SpfTreeLimits); what was not fetched is in
// `partial`, never a failure of the request.
#ifndef IPFACTS_PLUGINS_MAIL_SPFTREE_H
#define IPFACTS_PLUGINS_MAIL_SPFTREE_H

#include "MailDns.h"
#include "SpfRecord.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ipfacts::mail {

struct SpfNode;

/// What one term costs and found.
struct SpfTermCost {
    int lookups = 0;                 ///< 1 for a DNS-querying term, plus its include's or redirect's subtree
    std::vector<std::string> notes;  ///< not looked up because..., void lookup, lookup failed
    bool voidLookup = false;         ///< its lookup found nothing (NXDOMAIN or no records)
    std::optional<int> mxNames;      ///< an mx term: how many MX names it found
    std::unique_ptr<SpfNode> child;  ///< include / redirect: the record it leads to
};

struct SpfNode {
    std::string domain;                      ///< whose TXT records were read
    std::vector<std::string> chain;          ///< the domains from the root down to this one
    std::vector<std::string> found;          ///< every SPF record there (more than one is an error)
    std::optional<SpfRecord> record;         ///< the first of them, parsed
    std::optional<std::string> problem;      ///< why no record is used (none, several, lookup failed)
    std::vector<SpfTermCost> termCosts;      ///< one per record->terms
    std::vector<SpfTermCost> modifierCosts;  ///< one per record->modifiers
    int lookupCount = 0;                     ///< own DNS-querying terms plus every subtree
};

struct SpfVoidLookup {
    std::string term;    ///< "a:gone.example"
    std::string domain;  ///< the record the term is in
    std::string chain;   ///< "example.com -> _spf.example.net"
    std::string name;    ///< the name that was looked up
};

struct SpfTreeLimits {
    int maxDepth = 10;    ///< include/redirect levels followed
    int maxRecords = 40;  ///< SPF records fetched per request (past 10 only to report the true count)
};

struct SpfCheck {
    std::unique_ptr<SpfNode> root;
    int lookupCount = 0;
    bool exceedsLookupLimit = false;  ///< lookupCount > 10
    std::vector<SpfVoidLookup> voidLookups;
    bool exceedsVoidLookupLimit = false;  ///< more than 2
    std::vector<std::string> errors;      ///< each names its term and chain
    std::vector<std::string> partial;     ///< why the tree (and so the count) may be incomplete
    int recordsFetched = 0;
    std::optional<std::string> deprecatedSpfRecord;  ///< a type-99 SPF record's text
};

/// Walks the tree from `domain` (its TXT may already be asked). Blocking.
SpfCheck checkSpf(MailDns& dns, const std::string& domain, const SpfTreeLimits& limits);

/// The TXT texts at `domain` that are SPF records, joined (RFC 7208 3.3).
std::vector<std::string> spfRecordsIn(const MailAnswer& txt);

/// "a -> b -> c". Pure.
std::string chainText(const std::vector<std::string>& chain);

}  // namespace ipfacts::mail

#endif
