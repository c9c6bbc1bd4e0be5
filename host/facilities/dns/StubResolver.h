// StubResolver: DNS questions to the servers the manifest names, through
// c-ares (timeouts, retries, server failover, TCP on truncation) carrying
// ldns-built messages. Each call gets its own c-ares channel, so calls from
// many worker threads never share state.
#pragma once

#include <ipfacts/plugin.hpp>

#include <string>
#include <vector>

namespace ipfacts::facilities {

class StubResolver {
public:
    /// `servers` as "127.0.0.1:53" / "[::1]:53"; empty means /etc/resolv.conf.
    StubResolver(std::vector<std::string> servers, int timeout_ms, int attempts);

    /// Answers every question in parallel; answer i is for question i.
    /// A question that cannot be encoded gets an answer with an error.
    /// Blocks at most budgetMs() = timeout_ms × attempts, whatever c-ares's
    /// own back-off would do (it doubles each retry's wait); questions still
    /// open then are answered "timeout". Thread-safe.
    std::vector<DnsAnswer> resolve(const std::vector<DnsQuestion>& questions) const;

    int budgetMs() const { return timeout_ms_ * attempts_; }

private:
    std::string servers_csv_;
    std::string source_;
    int timeout_ms_;
    int attempts_;
};

}  // namespace ipfacts::facilities
