// AnswerConsensus: the two summary flags of a DnsResponse, `agree` and
// `dnssec`, derived from the per-resolver answers. Pure, so their edges are
// unit-tested; the answers themselves are never merged (plugins/dns/README.md).
#ifndef IPFACTS_PLUGINS_DNS_ANSWERCONSENSUS_H
#define IPFACTS_PLUGINS_DNS_ANSWERCONSENSUS_H

#include <ipfacts/plugin.hpp>

namespace ipfacts::dns {

struct Consensus {
    bool agree = false;   ///< see answersAgree
    bool dnssec = false;  ///< see answersValidated
};

/// True when at least one resolver answered and every resolver that answered
/// gave the same response code and the same set of (type, data) records.
/// The comparison ignores TTLs, record order, duplicates, the letter case of
/// the type and, for types whose data is names, numbers or hex (A, AAAA, NS,
/// CNAME, DNAME, PTR, MX, SOA, SRV, DS), the letter case of the data; other
/// data (TXT, CAA, DNSKEY ...) is compared exactly. RRSIG records are left
/// out: they prove the data rather than being it, and two caches may hold
/// different, equally valid signatures of the same records. Resolvers that
/// did not answer (status null, error set; ipfacts::responded) are left out too.
bool answersAgree(const DnsAnswers& answers);

/// True when at least one resolver answered and every resolver that answered
/// set the AD (authenticated data) flag.
bool answersValidated(const DnsAnswers& answers);

/// Both flags at once.
Consensus consensusOf(const DnsAnswers& answers);

}  // namespace ipfacts::dns

#endif
