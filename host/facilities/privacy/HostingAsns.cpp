#include "host/facilities/privacy/HostingAsns.h"

#include "host/manifest/YamlReader.h"

#include <sys/stat.h>
#include <yaml-cpp/yaml.h>

namespace ipfacts::facilities::privacy {

HostingAsns::HostingAsns(const std::string& path) {
    const manifest::YamlReader r(path, "");
    const YAML::Node root = manifest::YamlReader::loadFile(path);
    r.onlyKeys(root, {"asns"}, "the hosting ASN list");
    const YAML::Node list = root["asns"];
    if (!list || !list.IsSequence()) r.fail(root, "asns must be a list of { asn, name }");
    for (const auto& e : list) {
        r.onlyKeys(e, {"asn", "name"}, "asns entry");
        if (!e["asn"]) r.fail(e, "asns entry needs asn");
        const int64_t asn = r.integer(e["asn"], "asn", 1, 4294967295LL);
        names_[asn] = e["name"] ? r.str(e["name"], "name") : "";
    }
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0) date_s_ = static_cast<int64_t>(st.st_mtime);
}

std::optional<std::string> HostingAsns::find(int64_t asn) const {
    auto it = names_.find(asn);
    if (it == names_.end()) return std::nullopt;
    return it->second;
}

}  // namespace ipfacts::facilities::privacy
