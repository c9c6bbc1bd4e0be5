// The whole parse of one user agent: uap-core families, engine, bot and CLI
// verdicts and device class.
#ifndef IPFACTS_UA_UA_PARSER_HPP
#define IPFACTS_UA_UA_PARSER_HPP

#include "UaResult.h"
#include "UaRules.h"
#include "UapParser.h"

#include <string>
#include <string_view>

namespace ipfacts::ua {

/// Parses UA strings with uap-core's regexes and the rules of etc/ua.yaml.
/// Every regex is compiled once, here. Immutable after construction;
/// parse() is thread-safe and does no caching (see UaCache).
class UaParser {
public:
    /// Loads both files; throws std::runtime_error naming the file at fault.
    UaParser(const std::string& regexesPath, const std::string& rulesPath);

    /// The facts about `ua`. An empty `ua` gives every name null, device
    /// Unknown, bot and cli false, without running any rule.
    UaResult parse(std::string_view ua) const;

    const UaRules& rules() const { return rules_; }
    const UapParser& uap() const { return uap_; }

private:
    UapParser uap_;
    UaRules rules_;
};

}  // namespace ipfacts::ua

#endif
