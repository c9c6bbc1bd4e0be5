#include "host/facilities/doh/DohConfig.h"

#include "host/manifest/YamlReader.h"

#include <yaml-cpp/yaml.h>

#include <filesystem>

namespace ipfacts::facilities {
namespace {

void readResolvers(const manifest::YamlReader& r, const YAML::Node& list, DohConfig& c) {
    if (!list.IsSequence()) r.fail(list, "resolvers must be a list of {name, url}");
    for (const auto& item : list) {
        r.onlyKeys(item, {"name", "url", "description"}, "a DoH resolver");
        if (!item["name"] || !item["url"]) r.fail(item, "a DoH resolver needs name and url");
        DohConfig::Resolver d{r.str(item["name"], "resolver name"), r.str(item["url"], "resolver url")};
        if (d.url.rfind("https://", 0) != 0) r.fail(item["url"], "DoH resolver url must start with https://");
        for (const auto& other : c.resolvers)
            if (other.name == d.name) r.fail(item["name"], "DoH resolver '" + d.name + "' is listed twice");
        c.resolvers.push_back(d);
    }
}

}  // namespace

DohConfig DohConfig::fromYaml(const YAML::Node& n, const std::string& file, const std::string& dir) {
    const manifest::YamlReader r(file, dir);
    r.onlyKeys(n, {"catalogue", "resolvers", "timeout_ms", "ca_file"}, "doh");
    DohConfig c;
    if (n["resolvers"]) readResolvers(r, n["resolvers"], c);
    if (n["catalogue"]) {
        const std::string path = r.path(n["catalogue"], "doh.catalogue");
        const YAML::Node cat = manifest::YamlReader::loadFile(path);
        const manifest::YamlReader cr(path, std::filesystem::path(path).parent_path().string());
        if (!cat.IsMap() || !cat["resolvers"]) cr.fail(cat, "a DoH catalogue holds a resolvers: list");
        readResolvers(cr, cat["resolvers"], c);
    }
    if (c.resolvers.empty()) r.fail(n, "doh needs resolvers (inline) or a catalogue");
    r.integerKey(n, "timeout_ms", "doh", c.timeout_ms, 50, 60000);
    if (n["ca_file"]) c.ca_file = r.existingFile(n["ca_file"], "doh.ca_file", "CA");
    return c;
}

}  // namespace ipfacts::facilities
