#include "host/facilities/privacy/Overrides.h"

#include "host/manifest/YamlReader.h"

#include <sys/stat.h>
#include <yaml-cpp/yaml.h>

namespace ipfacts::facilities::privacy {
namespace {

bool isFlag(const std::string& f) { return f == "vpn" || f == "proxy" || f == "tor" || f == "relay" || f == "hosting"; }

}  // namespace

Overrides::Overrides(const std::string& path) {
    const manifest::YamlReader r(path, "");
    const YAML::Node root = manifest::YamlReader::loadFile(path);
    if (root.IsNull()) return;
    r.onlyKeys(root, {"allow", "deny"}, "the privacy overrides");
    for (const char* key : {"allow", "deny"}) {
        Side& side = std::string(key) == "allow" ? allow_ : deny_;
        const YAML::Node list = root[key];
        if (!list || list.IsNull()) continue;
        if (!list.IsSequence()) r.fail(list, std::string(key) + " must be a list of { range, flags }");
        for (const auto& e : list) {
            r.onlyKeys(e, {"range", "flags", "service"}, std::string(key) + " entry");
            if (!e["range"] || !e["flags"] || !e["flags"].IsSequence())
                r.fail(e, std::string(key) + " entry needs range and flags (a list)");
            Entry entry;
            for (const auto& f : e["flags"]) {
                std::string flag = r.str(f, "flags entry");
                if (!isFlag(flag)) r.fail(f, "flags entries are vpn, proxy, tor, relay or hosting");
                entry.flags.push_back(flag);
            }
            if (e["service"]) entry.service = r.str(e["service"], "service");
            const std::string range = r.str(e["range"], "range");
            if (!side.table.add(range, static_cast<uint32_t>(side.entries.size())))
                r.fail(e["range"], "range '" + range + "' is not an address block");
            side.entries.push_back(std::move(entry));
        }
        side.table.build();
    }
    struct stat st {};
    date_ = isoDate(::stat(path.c_str(), &st) == 0 ? static_cast<int64_t>(st.st_mtime) : 0);
}

std::vector<SourceWord> Overrides::find(const net::IpAddress& a) const {
    std::vector<SourceWord> out;
    if (auto m = allow_.table.find(a))
        for (const std::string& flag : allow_.entries[m->value].flags) {
            SourceWord w = SourceWord::no(flag, "override-allow");
            w.match = m->prefix, w.data_date = date_;
            out.push_back(std::move(w));
        }
    if (auto m = deny_.table.find(a))
        for (const std::string& flag : deny_.entries[m->value].flags)
            out.push_back(SourceWord::yes(flag, "override-deny", m->prefix, date_, deny_.entries[m->value].service));
    return out;
}

}  // namespace ipfacts::facilities::privacy
