// StubResolver: DNS questions to the servers the manifest names (or those of
// /etc/resolv.conf), carrying ldns-built messages over UDP with TCP on
// truncation (StubQuery). Every wait goes through fiber::poll, so on a request
// fiber a silent server parks only that request; a question costs a socket
// while it waits, not a thread and not a resolver library's channel.
#pragma once

#include "host/facilities/dns/ResolverServers.h"

#include <ipfacts/plugin.hpp>

#include <string>
#include <vector>

namespace ipfacts::facilities {

class StubResolver {
public:
    /// `servers` as "127.0.0.1:53" / "[::1]:53"; empty means /etc/resolv.conf.
    StubResolver(std::vector<std::string> servers, int timeout_ms, int attempts);

    /// Answers every question in parallel; answer i is for question i.
    /// A question that cannot be encoded gets an answer with an error. Each
    /// attempt waits timeout_ms, the servers taken in turn; the call waits at
    /// most budgetMs() = timeout_ms × attempts (less when the request's time
    /// budget has less left), and questions still open then are answered
    /// "timeout". Thread-safe.
    std::vector<DnsAnswer> resolve(const std::vector<DnsQuestion>& questions) const;

    int budgetMs() const { return timeout_ms_ * attempts_; }

private:
    std::vector<ResolverServer> servers_;
    std::string source_;
    int timeout_ms_;
    int attempts_;
};

}  // namespace ipfacts::facilities
