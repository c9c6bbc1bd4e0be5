// DohClient: RFC 8484 DNS-over-HTTPS to a set of resolvers, all asked in
// parallel, one answer each, never merged. A user of the host's guarded
// HttpClient: HTTP/2 (which unbound's DoH listener requires) or HTTP/1.1,
// certificate verification on, connections kept per worker thread, and every
// resolver address passes the address guard like any other upstream.
#pragma once

#include "host/facilities/http/HttpClient.h"

#include <ipfacts/plugin.hpp>

#include <memory>

#include <string>
#include <vector>

namespace ipfacts::facilities {

struct DohResolver {
    std::string name;  // short name reported as `resolver`
    std::string url;   // https://…/dns-query
};

/// The http client's words for a failed exchange with the resolver at `url`,
/// as a DNS answer's error. "cannot resolve the host name" alone reads as if
/// the queried name failed; it names the resolver's own host instead:
/// "cannot resolve the DoH resolver's host name dns.example: NXDOMAIN".
/// Every other error is kept as it is.
std::string dohFailureText(const std::string& url, const std::string& error);

class DohClient {
public:
    DohClient(std::vector<DohResolver> resolvers, int timeout_ms, std::shared_ptr<const http::HttpClient> client);

    /// Asks every resolver; answer i is resolver i's. Each resolver has its own
    /// timeout, so a slow one costs at most that, not the sum. Thread-safe.
    std::vector<DnsAnswer> queryAll(const DnsQuestion& q) const;

    const std::vector<DohResolver>& resolvers() const { return resolvers_; }

private:
    std::vector<DohResolver> resolvers_;
    int timeout_ms_;
    std::shared_ptr<const http::HttpClient> client_;
};

}  // namespace ipfacts::facilities
