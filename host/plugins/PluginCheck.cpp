#include "host/plugins/PluginCheck.h"

#include "host/facilities/dns/ResolverConfig.h"
#include "host/plugins/PluginLoader.h"

#include <dlfcn.h>
#include <unistd.h>

#include <algorithm>
#include <cstddef>
#include <map>

namespace ipfacts::plugins {
namespace {

std::string where(const manifest::Manifest& m, int line, const std::string& plugin) {
    return m.file + ":" + std::to_string(line) + ": plugin " + plugin + ": ";
}

/// True when the descriptor is recent enough to carry `member`.
template <class T>
bool has(const ipf_plugin_descriptor& d, T ipf_plugin_descriptor::*member) {
    const auto off = reinterpret_cast<size_t>(&(static_cast<const ipf_plugin_descriptor*>(nullptr)->*member));
    return d.struct_size >= off + sizeof(T);
}

/// "zones.3" matches the declared "zones.*"; "zones.count" does too.
bool keyMatches(const std::string& declared, const std::string& key) {
    if (declared == key) return true;
    if (declared.size() < 2 || declared.compare(declared.size() - 2, 2, ".*") != 0) return false;
    const std::string stem = declared.substr(0, declared.size() - 1);  // "zones."
    if (key == stem + "count") return true;
    if (key.compare(0, stem.size(), stem) != 0) return false;
    std::string rest = key.substr(stem.size());
    rest = rest.substr(0, rest.find('.'));
    return !rest.empty() && std::all_of(rest.begin(), rest.end(), [](char c) { return c >= '0' && c <= '9'; });
}

bool isInteger(const std::string& v) {
    size_t i = (!v.empty() && (v[0] == '-' || v[0] == '+')) ? 1 : 0;
    return i < v.size() && std::all_of(v.begin() + static_cast<std::ptrdiff_t>(i), v.end(),
                                       [](char c) { return c >= '0' && c <= '9'; });
}

const char* typeName(uint32_t t) {
    switch (t) {
        case IPF_CONFIG_INTEGER:
            return "an integer";
        case IPF_CONFIG_BOOLEAN:
            return "true or false";
        case IPF_CONFIG_PATH:
            return "a path";
        case IPF_CONFIG_RESOLVER:
            return "a resolver name";
        default:
            return "a string";
    }
}

std::string knownKeys(const ipf_config_key* keys) {
    std::string out;
    for (const ipf_config_key* k = keys; k->key; ++k) out += (out.empty() ? "" : ", ") + std::string(k->key);
    return out.empty() ? "none" : out;
}

void checkRequired(const manifest::Manifest& m, const manifest::PluginSpec& spec, const ipf_plugin_descriptor& d,
                   const std::vector<std::string>& configured, std::vector<std::string>& out) {
    if (!has(d, &ipf_plugin_descriptor::required_facilities) || !d.required_facilities) return;
    for (const char* const* f = d.required_facilities; *f; ++f)
        if (std::find(configured.begin(), configured.end(), *f) == configured.end())
            out.push_back(where(m, spec.line, spec.name) + "requires the " + *f +
                          " facility, which the manifest does not configure (add a " + *f + ": section)");
}

void checkValue(const manifest::Manifest& m, const manifest::PluginSpec& spec, const ipf_config_key& k,
                const std::string& key, const std::string& value, int line, std::vector<std::string>& out) {
    bool ok = true;
    if (k.type == IPF_CONFIG_INTEGER)
        ok = isInteger(value);
    else if (k.type == IPF_CONFIG_BOOLEAN)
        ok = value == "true" || value == "false";
    if (!ok)
        out.push_back(where(m, line, spec.name) + "config key " + key + " must be " + typeName(k.type) + ", not '" +
                      value + "'");
    const auto* resolver = m.section<facilities::ResolverConfig>();
    if (k.type == IPF_CONFIG_RESOLVER && !(resolver && resolver->named.count(value))) {
        std::string known;
        if (resolver)
            for (const auto& n : resolver->named) known += (known.empty() ? "" : ", ") + n.first;
        out.push_back(where(m, line, spec.name) + "config key " + key + " names the resolver '" + value +
                      "', which resolver.named does not define (it has: " + (known.empty() ? "none" : known) + ")");
    }
    if (k.type == IPF_CONFIG_PATH) {
        std::string path = manifest::resolvePath(m.dir, value);
        if (::access(path.c_str(), R_OK) != 0)
            out.push_back(where(m, line, spec.name) + "config key " + key + ": cannot read " + path);
    }
}

void checkConfig(const manifest::Manifest& m, const manifest::PluginSpec& spec, const ipf_plugin_descriptor& d,
                 std::vector<std::string>& out) {
    if (!has(d, &ipf_plugin_descriptor::config_keys) || !d.config_keys) return;
    auto lineOf = [&](const std::string& key) {
        auto it = spec.config_lines.find(key);
        return it == spec.config_lines.end() ? spec.line : it->second;
    };
    for (const auto& [key, value] : spec.config) {
        const ipf_config_key* found = nullptr;
        for (const ipf_config_key* k = d.config_keys; k->key && !found; ++k)
            if (keyMatches(k->key, key)) found = k;
        if (!found) {
            out.push_back(where(m, lineOf(key), spec.name) + "unknown config key '" + key +
                          "' (it has: " + knownKeys(d.config_keys) + ")");
            continue;
        }
        if (key.size() < 6 || key.compare(key.size() - 6, 6, ".count") != 0)
            checkValue(m, spec, *found, key, value, lineOf(key), out);
    }
    for (const ipf_config_key* k = d.config_keys; k->key; ++k) {
        if (!k->required) continue;
        bool set = std::any_of(spec.config.begin(), spec.config.end(),
                               [&](const auto& kv) { return keyMatches(k->key, kv.first); });
        if (!set)
            out.push_back(where(m, spec.line, spec.name) + "config key " + k->key + " is required (" +
                          (k->description ? k->description : "") + ")");
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
    }
    return out;
}

}  // namespace ipfacts::plugins
