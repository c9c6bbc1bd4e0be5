// WhoisClient: the WHOIS fallback (RFC 3912, port 43) through the host's
// connect facility (plugins open no sockets): the query in the form the
// server expects, read to close within a byte cap and a time-out, one
// referral followed (IANA's `refer:`, ARIN's ReferralServer, a thin
// registry's registrar server).
#ifndef IPFACTS_PLUGINS_RDAP_WHOISCLIENT_H
#define IPFACTS_PLUGINS_RDAP_WHOISCLIENT_H

#include "RdapQuery.h"
#include "WhoisServers.h"

#include <ipfacts/plugin.hpp>

#include <string>
#include <vector>

namespace ipfacts::rdap {

struct WhoisExchange {
    std::string server;  ///< "whois.example" or "host:port"
    std::string text;    ///< what it sent
};

struct WhoisAnswer {
    std::vector<WhoisExchange> exchanges;  ///< in order: the first server, then the referral
    std::string error;                     ///< why no answer could be had; empty when one was
    bool referralFailed = false;           ///< the referred server did not answer: the first's answer stands
    /// The answer the summary reads: the referred server's when it answered, else the first's.
    const WhoisExchange& final() const { return exchanges.back(); }
};

/// Largest WHOIS answer read (bytes).
inline constexpr uint32_t kMaxWhoisBytes = 256 * 1024;

WhoisAnswer askWhois(const Host& host, const WhoisServers& servers, const RdapQuery& q, int timeoutMs);

}  // namespace ipfacts::rdap

#endif
