// A fake host table for the ip suites: one request (client address,
// connection facts, headers, query), an address database keyed by address,
// a stub resolver that replays canned answers, a clock and a log.
#ifndef IPFACTS_PLUGINS_IP_TESTS_FAKEHOST_H
#define IPFACTS_PLUGINS_IP_TESTS_FAKEHOST_H

#include <ipfacts/plugin.hpp>

#include <deque>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace ipfacts::ip::testing {

/// 2026-11-22T18:51:11Z, the time every fake response is stamped with.
inline constexpr int64_t kFakeNowMs = 1795373471000;

class FakeHost {
public:
    FakeHost();
    FakeHost(const FakeHost&) = delete;
    FakeHost& operator=(const FakeHost&) = delete;

    // The request.
    std::string clientAddress = "203.0.113.7";
    std::string protocol = "HTTP/1.1";
    std::string tls = "TLSv1.3";
    int64_t rttUs = 12345;
    std::string target = "/json";
    std::string url = "https://ipfacts.example/json";
    std::vector<std::pair<std::string, std::string>> headers;  ///< name, value
    std::vector<std::pair<std::string, std::string>> query;    ///< name, value
    std::map<std::string, std::string> pathParams;

    // The host.
    std::string serviceHost = "ipfacts.example";
    std::string edge = "ams1";
    bool hasNetDb = true;                   ///< false: the netdb slot is NULL
    std::map<std::string, NetFacts> netdb;  ///< an address not here: lookup fails
    bool hasResolver = true;                ///< false: the resolver slot is NULL
    /// Answers by "name TYPE"; a question not here gets "timeout".
    std::map<std::string, DnsAnswer> dns;
    std::vector<DnsQuestion> asked;      ///< every question resolve received
    int resolveCalls = 0;
    std::vector<std::string> log;

    Host host();
    Request request();

    // What the C callbacks reach through the handles; not for tests.
    struct FactsHolder {
        ipf_netdb_facts facts{};
        NetFacts copy;  // the strings the views point into
    };
    struct Batch {
        std::vector<ipf_dns_answer> answers;
        std::deque<std::vector<ipf_dns_record>> records;
    };
    const ipf_netdb_facts* keepFacts(const NetFacts& f);
    ipf_dns_batch* keepBatch(const ipf_dns_question* qs, size_t count);

private:
    ipf_host_api api_{};
    ipf_netdb_api netdbApi_{};
    ipf_resolver_api resolverApi_{};
    std::deque<FactsHolder> factsKept_;
    std::deque<Batch> batchesKept_;
    std::map<std::string, DnsAnswer> timeouts_;  // synthesised answers must outlive their batch
};

}  // namespace ipfacts::ip::testing

#endif
