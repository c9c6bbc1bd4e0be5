#include "tests/unit/registry/greeting/GreetingConfig.h"

#include "host/manifest/YamlReader.h"

namespace ipfacts::facilities::greeting {

GreetingConfig GreetingConfig::fromYaml(const YAML::Node& n, const std::string& file, const std::string& dir) {
    const manifest::YamlReader r(file, dir);
    r.onlyKeys(n, {"text", "ready"}, "greeting");
    GreetingConfig c;
    if (n["text"]) c.text = r.str(n["text"], "greeting.text");
    if (n["ready"]) c.ready = r.boolean(n["ready"], "greeting.ready");
    return c;
}

}  // namespace ipfacts::facilities::greeting
