// A fake host table for the reverse suites: a resolver facility that
// answers from a table keyed by (name, type), a clock and a log.
#ifndef IPFACTS_PLUGINS_REVERSE_TESTS_FAKERESOLVER_H
#define IPFACTS_PLUGINS_REVERSE_TESTS_FAKERESOLVER_H

#include <ipfacts/plugin.hpp>

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace ipfacts::reverse::testing {

class FakeResolver {
public:
    FakeResolver();
    FakeResolver(const FakeResolver&) = delete;
    FakeResolver& operator=(const FakeResolver&) = delete;

    bool hasResolver = true;  ///< false: the resolver slot is NULL
    bool refuses = false;     ///< resolve returns IPF_INVALID
    /// Answers by (name, type); a question not listed gets NOERROR with no records.
    std::map<std::pair<std::string, std::string>, DnsAnswer> answers;
    std::vector<std::vector<DnsQuestion>> batches;  ///< every call's questions

    /// Sets the answer to (name, type): NOERROR with one record per datum.
    void set(const std::string& name, const std::string& type, std::vector<std::string> data);
    /// Sets the answer to (name, type): no records, response code `rcode`,
    /// or no response at all with `error` when rcode is -1.
    void fail(const std::string& name, const std::string& type, int rcode, std::string error = {});

    Host host();

private:
    ipf_host_api api_{};
};

}  // namespace ipfacts::reverse::testing

#endif
