// Rendering engine of a user agent, by the ordered rules under `engines` in
// etc/ua.yaml (uap-core does not report engines).
#ifndef IPFACTS_UA_ENGINE_DETECTOR_HPP
#define IPFACTS_UA_ENGINE_DETECTOR_HPP

#include "Regex.h"
#include "UaResult.h"

#include <yaml-cpp/yaml.h>

#include <string>
#include <string_view>
#include <vector>

namespace ipfacts::ua {

/// First-match-wins list of {name, regex, version} rules. `version` is a
/// replacement template ("$1" when omitted) expanded like uap-core's, so a
/// rule without a capture group names the engine with a null version.
/// Immutable after construction; detect() is thread-safe.
class EngineDetector {
public:
    /// Compiles the YAML sequence `rules`; throws std::runtime_error naming
    /// `context` and the entry on a malformed rule or bad regex.
    EngineDetector(const YAML::Node& rules, std::string_view context);

    /// The engine of `ua`, or {null, null} when no rule matches.
    NameVersion detect(std::string_view ua) const;

private:
    struct Rule {
        std::string name;
        Regex regex;
        std::string version;
    };

    std::vector<Rule> rules_;
};

}  // namespace ipfacts::ua

#endif
