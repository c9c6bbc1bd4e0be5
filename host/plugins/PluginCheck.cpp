#include "host/plugins/PluginCheck.h"

#include "host/facilities/dns/ResolverConfig.h"
#include "host/openapi/OpenApiDocument.h"
#include "host/openapi/RouteContract.h"
#include "host/plugins/PluginLoader.h"

#include <dlfcn.h>
#include <unistd.h>

#include <ipfacts/contract.hpp>

#include <algorithm>
#include <map>
#include <set>

namespace ipfacts::plugins {
namespace {

std::string where(const manifest::Manifest& m, int line, const std::string& plugin) {
    return m.file + ":" + std::to_string(line) + ": plugin " + plugin + ": ";
}

void checkRequired(const manifest::Manifest& m, const manifest::PluginSpec& spec, const ipf_plugin_descriptor& d,
                   const std::vector<std::string>& configured, std::vector<std::string>& out) {
    for (std::string& missing : contract::missingFacilities(d, configured))
        out.push_back(where(m, spec.line, spec.name) + missing);
}

/// What only the host can say of a well-typed value: its resolver exists, its file reads.
void checkReferences(const manifest::Manifest& m, const manifest::PluginSpec& spec, const ipf_config_key& k,
                     const std::string& key, const std::string& value, int line, std::vector<std::string>& out) {
    if (k.type == IPF_CONFIG_RESOLVER) {
        std::vector<std::string> named;
        if (const auto* resolver = m.section<facilities::ResolverConfig>())
            for (const auto& n : resolver->named) named.push_back(n.first);
        if (auto why = contract::resolverProblem(key, value, named)) out.push_back(where(m, line, spec.name) + *why);
    }
    if (k.type == IPF_CONFIG_PATH) {
        std::string path = manifest::resolvePath(m.dir, value);
        if (::access(path.c_str(), R_OK) != 0)
            out.push_back(where(m, line, spec.name) + "config key " + key + ": cannot read " + path);
    }
}

/// The SDK's rules on the values (ipfacts/contract.hpp), then the host's on what they name.
void checkConfig(const manifest::Manifest& m, const manifest::PluginSpec& spec, const ipf_plugin_descriptor& d,
                 std::vector<std::string>& out) {
    auto lineOf = [&](const std::string& key) {
        auto it = spec.config_lines.find(key);
        return it == spec.config_lines.end() ? spec.line : it->second;
    };
    std::set<std::string> refused;
    for (const contract::ConfigProblem& p : contract::configProblems(d, spec.config)) {
        out.push_back(where(m, p.key.empty() ? spec.line : lineOf(p.key), spec.name) + p.message);
        refused.insert(p.key);
    }
    const ipf_config_key* keys = contract::configKeys(d);
    if (!keys) return;
    for (const auto& [key, value] : spec.config) {
        const bool isCount = key.size() >= 6 && key.compare(key.size() - 6, 6, ".count") == 0;  // a list's length
        if (const ipf_config_key* k = contract::declarationOf(keys, key); k && !isCount && !refused.count(key))
            checkReferences(m, spec, *k, key, value, lineOf(key), out);
    }
}

/// The daemon's own assembly of /api/openapi.json for this one route: a fragment
/// it would refuse at start (not JSON, no operation for the handler, parameters
/// it cannot read) is a problem here too.
void checkOperation(const manifest::Manifest& m, const manifest::RouteSpec& r, const ipf_plugin_descriptor& d,
                    std::vector<std::string>& out) {
    const std::string fragment = d.openapi_fragment ? d.openapi_fragment : "";
    try {
        openapi::routeContracts(openapi::buildDocument(m, {openapi::RoutedOperation{r, fragment, ""}}));
    } catch (const std::exception& e) {
        out.push_back(m.file + ":" + std::to_string(r.line) + ": route " + r.path + ": " + e.what());
    }
}

/// An open plugin library, closed again (only for reading its descriptor).
struct Library {
    void* dl = nullptr;
    ~Library() {
        if (dl) dlclose(dl);
    }
};

}  // namespace

std::vector<std::string> checkDeclarations(const manifest::Manifest& m, const manifest::PluginSpec& spec,
                                           const ipf_plugin_descriptor& d, const std::vector<std::string>& configured) {
    std::vector<std::string> out;
    checkRequired(m, spec, d, configured, out);
    checkConfig(m, spec, d, out);
    return out;
}

std::vector<std::string> checkPlugins(const manifest::Manifest& m, const std::vector<std::string>& configured) {
    std::vector<std::string> out;
    std::map<std::string, const ipf_plugin_descriptor*> loaded;
    std::vector<Library> libraries(m.plugins.size());
    for (size_t i = 0; i < m.plugins.size(); ++i) {
        const auto& spec = m.plugins[i];
        const std::string at = where(m, spec.line, spec.name);
        if (::access(spec.library.c_str(), R_OK) != 0) {
            out.push_back(at + "no library at " + spec.library);
            continue;
        }
        libraries[i].dl = dlopen(spec.library.c_str(), RTLD_LAZY | RTLD_LOCAL);
        if (!libraries[i].dl) {
            out.push_back(at + "cannot load " + spec.library + ": " + dlerror());
            continue;
        }
        auto entry = reinterpret_cast<ipf_entry_v1_fn>(dlsym(libraries[i].dl, IPF_ENTRY_SYMBOL_V1));
        const ipf_plugin_descriptor* d = entry ? entry() : nullptr;
        if (!entry)
            out.push_back(at + "exports no " IPF_ENTRY_SYMBOL_V1 " symbol");
        else if (auto why = PluginLoader::refusal(d))
            out.push_back(at + *why);
        else {
            for (auto& p : checkDeclarations(m, spec, *d, configured)) out.push_back(std::move(p));
            loaded[spec.name] = d;
        }
    }
    for (const auto& r : m.routes) {
        if (r.plugin == "host") continue;
        const std::string at = m.file + ":" + std::to_string(r.line) + ": route " + r.path + ": ";
        auto it = loaded.find(r.plugin);
        if (it == loaded.end()) {
            bool declared =
                std::any_of(m.plugins.begin(), m.plugins.end(), [&](const auto& p) { return p.name == r.plugin; });
            if (!declared) out.push_back(at + "no plugin named '" + r.plugin + "' in plugins:");
            continue;  // a declared plugin that failed is reported above
        }
        const ipf_plugin_descriptor* d = it->second;
        bool found = false;
        std::string names;
        for (size_t h = 0; h < d->handler_count; ++h) {
            found = found || r.handler == d->handlers[h].name;
            names += (names.empty() ? "" : ", ") + std::string(d->handlers[h].name);
        }
        if (!found)
            out.push_back(at + "plugin " + r.plugin + " has no handler '" + r.handler + "' (it has: " + names + ")");
        else
            checkOperation(m, r, *d, out);
    }
    return out;
}

}  // namespace ipfacts::plugins
