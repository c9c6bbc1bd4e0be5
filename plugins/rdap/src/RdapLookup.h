// RdapLookup: one query from cache to answer — the cache (one hour), the
// bootstrap's RDAP service (redirects followed, a thin registry's registrar
// link followed and merged), or the WHOIS fallback when no RDAP service
// covers the query — and the error each failure becomes (docs/api.md, "Errors").
#ifndef IPFACTS_PLUGINS_RDAP_RDAPLOOKUP_H
#define IPFACTS_PLUGINS_RDAP_RDAPLOOKUP_H

#include "BootstrapSource.h"
#include "RdapQuery.h"
#include "RdapSettings.h"
#include "Summary.h"
#include "WhoisServers.h"

#include <ipfacts/plugin.hpp>

#include <string>

namespace ipfacts::rdap {

/// The parts of a 200 body below `kind`, already serialised (so a cache hit
/// is copied, not rebuilt), or the error that answers instead.
struct LookupResult {
    int status = 200;
    std::string token;  ///< error token when status != 200
    std::string message;
    std::string summaryJson;
    std::string rawJson;
    std::string rawRegistrarJson = "null";
    std::string serviceUrl;  ///< the URL (RDAP) or server (WHOIS) that answered
    bool cached = false;
    int64_t checkedAtMs = 0;  ///< when the registry answered (host clock): a cached answer's checked_at
    /// A 200 with a part that failed in passing (the registrar's RDAP or the
    /// referred WHOIS server did not answer): kept by no cache (Response::transient).
    bool transient = false;
};

class RdapLookup {
public:
    /// `lazyRefresh`: a due bootstrap refresh runs on the next look-up (hosts
    /// without the tasks facility; otherwise a periodic task runs it).
    RdapLookup(const Host& host, const RdapSettings& settings, BootstrapSource& bootstrap, const WhoisServers& whois,
               bool lazyRefresh);

    /// Blocking (http, connect, store): worker handlers only. Never throws.
    LookupResult lookUp(const RdapQuery& q);

private:
    LookupResult lookUpFresh(const RdapQuery& q);
    LookupResult viaRdap(const RdapQuery& q, const std::string& url, const Bootstrap& configured);
    LookupResult viaWhois(const RdapQuery& q);

    const Host& host_;
    const RdapSettings& settings_;
    BootstrapSource& bootstrap_;
    const WhoisServers& whois_;
    const bool lazyRefresh_;
};

/// The summary as its JSON object (the writer's, shared with the cache).
std::string summaryJson(const Summary& s, QueryKind kind);

/// The cache's form of a result, and back; false when `text` is not one.
std::string encodeResult(const LookupResult& r);
bool decodeResult(const std::string& text, LookupResult& out);

}  // namespace ipfacts::rdap

#endif
