// DnsLookup: asks every DoH resolver the host offers and writes the
// DnsResponse. Apart from the plugin class so a fake host can drive it.
#ifndef IPFACTS_PLUGINS_DNS_DNSLOOKUP_H
#define IPFACTS_PLUGINS_DNS_DNSLOOKUP_H

#include "DnsQuery.h"

#include <ipfacts/plugin.hpp>

#include <string>

namespace ipfacts::dns {

/// The DnsResponse body and whether a part of it failed.
struct DnsReply {
    std::string body;
    /// A resolver gave no DNS response (timeout, HTTP or TLS failure) or
    /// one that does not answer (SERVFAIL, REFUSED), or the facility could
    /// not ask at all: the answer is Response::transient, so no cache keeps
    /// the failure as the name's answer.
    bool transient = false;
};

/// Asks `query` of every DoH resolver through host.dohQueryAll (blocking)
/// and returns the DnsResponse body, written from the answers where the
/// host put them. When the facility refuses the question, `answers` is
/// empty and `reasons.answers` says why: a 200, never an error. Thread-safe.
DnsReply lookUpDns(const Host& host, const DnsQuery& query);

}  // namespace ipfacts::dns

#endif
