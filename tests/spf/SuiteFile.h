// SuiteFile: one openspf test-suite file (rfc7208-tests.yml, rfc4408-tests.yml)
// read into its scenarios: each scenario's zone data and its tests, as the
// suite's YAML schema writes them.
#pragma once

#include <string>
#include <vector>

namespace ipfacts::testing::spf {

/// One record of a scenario's zone data. `type` is A, AAAA, MX, PTR, CNAME,
/// TXT or SPF; `strings` the TXT/SPF character-strings (possibly none), or
/// the one value of the other types; MX has `preference`.
struct SuiteRecord {
    std::string type;
    std::vector<std::string> strings;
    int preference = 0;
    /// "NONE": the suite's marker for "no record of this type" (it stops the
    /// SPF record being copied to TXT).
    bool none = false;
};

/// A name of the zone data with its records; `timeout`: queries for types
/// it has no record of go unanswered (the suite's TIMEOUT).
struct SuiteName {
    std::string name;
    std::vector<SuiteRecord> records;
    bool timeout = false;
};

struct SuiteTest {
    std::string id;
    std::string spec;
    std::string helo;
    std::string host;
    std::string mailfrom;
    std::vector<std::string> results;  ///< accepted results, the preferred first
};

struct SuiteScenario {
    std::string description;
    std::vector<SuiteName> zone;
    std::vector<SuiteTest> tests;
};

/// Reads every scenario of `path`; throws std::runtime_error when the file
/// does not follow the suite's schema.
std::vector<SuiteScenario> readSuiteFile(const std::string& path);

}  // namespace ipfacts::testing::spf
