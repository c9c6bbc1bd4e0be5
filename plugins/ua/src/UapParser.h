// uap-core's regexes.yaml: browser, OS and device families of a UA string.
#ifndef IPFACTS_UA_UAP_PARSER_HPP
#define IPFACTS_UA_UAP_PARSER_HPP

#include "UapRuleList.h"

#include <optional>
#include <string>
#include <string_view>

namespace ipfacts::ua {

/// uap-core's answer for the user agent (browser, crawler or client).
/// `family` is "Other" when no rule matched, as in the reference parsers.
struct UapAgent {
    std::string family;
    std::optional<std::string> major, minor, patch;
};

/// uap-core's answer for the operating system; `family` "Other" when unknown.
struct UapOs {
    std::string family;
    std::optional<std::string> major, minor, patch, patchMinor;
};

/// uap-core's answer for the device; `family` "Other" when unknown, and
/// "Spider" for the crawlers uap-core recognises.
struct UapDevice {
    std::string family;
    std::optional<std::string> brand, model;
};

/// The three rule lists of a regexes.yaml, every regex compiled once.
/// Immutable after construction; the parse functions are thread-safe.
class UapParser {
public:
    /// The family name uap-core gives when nothing matched.
    static constexpr const char* kOther = "Other";

    /// Loads and compiles the regexes.yaml at `path`. Throws
    /// std::runtime_error naming the file when it is missing, not YAML, or
    /// holds a malformed entry or a regex PCRE2 cannot compile.
    explicit UapParser(const std::string& path);

    UapAgent parseAgent(std::string_view ua) const;
    UapOs parseOs(std::string_view ua) const;
    UapDevice parseDevice(std::string_view ua) const;

    /// Number of compiled rules, for the start-up log line.
    size_t ruleCount() const { return agents_.size() + oses_.size() + devices_.size(); }

private:
    UapParser(const YAML::Node& root, const std::string& path);

    UapRuleList agents_;
    UapRuleList oses_;
    UapRuleList devices_;
};

}  // namespace ipfacts::ua

#endif
