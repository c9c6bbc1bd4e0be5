// A fake host table for the dns suites: query parameters, a DoH facility
// that replays canned answers, a clock and a log. Enough for DnsQuery and
// DnsLookup, nothing more.
#ifndef IPFACTS_PLUGINS_DNS_TESTS_FAKEHOST_H
#define IPFACTS_PLUGINS_DNS_TESTS_FAKEHOST_H

#include <ipfacts/plugin.hpp>

#include <string>
#include <utility>
#include <vector>

namespace ipfacts::dns::testing {

/// 2026-11-22T18:51:11Z, the time every fake response is stamped with.
inline constexpr int64_t kFakeNowMs = 1795373471000;

class FakeHost {
public:
    FakeHost();
    FakeHost(const FakeHost&) = delete;
    FakeHost& operator=(const FakeHost&) = delete;

    std::vector<std::pair<std::string, std::string>> query;  ///< request query parameters, in order
    bool hasDoh = true;                                      ///< false: the doh slot is NULL
    bool dohRefuses = false;                                 ///< query_all returns IPF_INVALID
    std::vector<DnsAnswer> dohAnswers;                       ///< what query_all answers
    std::vector<DnsQuestion> asked;                          ///< every question query_all received
    std::vector<std::string> log;                            ///< every log line

    Host host();
    Request request();

private:
    ipf_host_api api_{};
};

}  // namespace ipfacts::dns::testing

#endif
