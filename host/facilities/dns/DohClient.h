// DohClient: RFC 8484 DNS-over-HTTPS to a set of resolvers, all asked in
// parallel, one answer each, never merged. Built on libcurl: HTTP/2 (which
// unbound's DoH listener requires; Poco's client speaks only HTTP/1.1) or
// HTTP/1.1, certificate verification on, connections kept per worker thread
// and reused across requests.
#pragma once

#include <ipfacts/plugin.hpp>

#include <string>
#include <vector>

namespace ipfacts::facilities {

struct DohResolver {
    std::string name;  // short name reported as `resolver`
    std::string url;   // https://…/dns-query
};

class DohClient {
public:
    /// `ca_file`: PEM bundle to verify resolvers against; empty for the system store.
    DohClient(std::vector<DohResolver> resolvers, int timeout_ms, std::string ca_file);

    /// Asks every resolver; answer i is resolver i's. Each resolver has its own
    /// timeout, so a slow one costs at most that, not the sum. Thread-safe.
    std::vector<DnsAnswer> queryAll(const DnsQuestion& q) const;

    const std::vector<DohResolver>& resolvers() const { return resolvers_; }

    /// Once per process, before threads start.
    static void globalInit();

private:
    std::vector<DohResolver> resolvers_;
    int timeout_ms_;
    std::string ca_file_;
};

}  // namespace ipfacts::facilities
