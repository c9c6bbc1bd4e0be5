// etc/ua.yaml: everything about UA parsing an operator tunes without a
// rebuild — engine rules, bot and CLI lists, device-class rules, limits.
#ifndef IPFACTS_UA_UA_RULES_HPP
#define IPFACTS_UA_UA_RULES_HPP

#include "DeviceClassifier.h"
#include "EngineDetector.h"
#include "PatternList.h"

#include <cstddef>
#include <set>
#include <string>

namespace ipfacts::ua {

/// The loaded rules file. Immutable after construction; thread-safe.
class UaRules {
public:
    /// Longest UA accepted when the file does not say.
    static constexpr size_t kDefaultMaxUaBytes = 2048;

    /// Loads and compiles the rules file at `path`. Throws
    /// std::runtime_error naming the file and the offending entry when it is
    /// missing, not YAML, or holds a malformed rule or a bad regex.
    explicit UaRules(const std::string& path);

    const EngineDetector& engines() const { return engines_; }
    const DeviceClassifier& deviceClasses() const { return deviceClasses_; }

    /// True when the UA is a crawler, monitor or link previewer by the file's
    /// own list (`bots.patterns`), or when uap-core's device family is one of
    /// `bots.uap_device_families` and the UA is not a CLI client (uap-core
    /// files python-urllib and Java's client under "Spider").
    bool isBot(std::string_view ua, std::string_view uapDeviceFamily, bool cli) const;

    /// True when the UA is a command-line client or HTTP library (`cli.patterns`).
    bool isCli(std::string_view ua) const { return cliPatterns_.matchesAny(ua); }

    /// `limits.max_ua_bytes`, or kDefaultMaxUaBytes.
    size_t maxUaBytes() const { return maxUaBytes_; }

private:
    UaRules(const YAML::Node& root, const std::string& path);

    EngineDetector engines_;
    PatternList botPatterns_;
    std::set<std::string, std::less<>> botUapFamilies_;
    PatternList cliPatterns_;
    DeviceClassifier deviceClasses_;
    size_t maxUaBytes_ = kDefaultMaxUaBytes;
};

}  // namespace ipfacts::ua

#endif
