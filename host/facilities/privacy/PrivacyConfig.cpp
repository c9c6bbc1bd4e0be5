#include "host/facilities/privacy/PrivacyConfig.h"

#include "host/manifest/YamlReader.h"

#include <yaml-cpp/yaml.h>

#include <cctype>
#include <climits>
#include <cstdlib>

namespace ipfacts::facilities::privacy {
namespace {

constexpr int64_t kMaxSeconds = 365LL * 86400;

bool isFlag(const std::string& f) { return f == "vpn" || f == "proxy" || f == "tor" || f == "relay" || f == "hosting"; }

/// The keys every feed has: enabled, url or file, refresh_s, max_age_s.
void readFeedKeys(const manifest::YamlReader& r, const YAML::Node& n, const std::string& where, FeedConfig& f) {
    if (n["enabled"]) f.enabled = r.boolean(n["enabled"], where + ".enabled");
    if (n["url"]) f.url = r.str(n["url"], where + ".url");
    if (n["file"]) f.file = r.existingFile(n["file"], where + ".file", "range list");
    if (f.url.empty() == f.file.empty()) r.fail(n, where + " needs one of url and file");
    if (!f.url.empty() && f.url.rfind("https://", 0) != 0 && f.url.rfind("http://", 0) != 0)
        r.fail(n["url"], where + ".url must be an http(s) URL");
    if (n["service"]) f.service = r.str(n["service"], where + ".service");
    r.integerKey(n, "refresh_s", where, f.refresh_s, 1, kMaxSeconds);
    r.integerKey(n, "max_age_s", where, f.max_age_s, 1, kMaxSeconds);
    r.integerKey(n, "max_bytes", where, f.max_bytes, 1024, 1LL << 30);
    r.integerKey(n, "timeout_ms", where, f.timeout_ms, 50, 600000);
}

/// Calls read(name, "privacy.<section>.<name>", node) for each entry of the
/// mapping `n`, after checking the name.
template <class Read>
void eachNamed(const manifest::YamlReader& r, const YAML::Node& n, const std::string& section, const std::string& what,
               Read read) {
    if (!n.IsMap()) r.fail(n, "privacy." + section + " must be a mapping of " + what + " name to its settings");
    for (const auto& kv : n) {
        const std::string name = kv.first.as<std::string>();
        if (!manifest::validName(name)) r.fail(kv.first, what + " name '" + name + "' must match [a-z0-9_-]+");
        read(name, "privacy." + section + "." + name, kv.second);
    }
}

AnswerPath readPath(const manifest::YamlReader& r, const YAML::Node& n, const std::string& where) {
    r.onlyKeys(n, {"path", "equals"}, where);
    AnswerPath p;
    if (!n["path"]) r.fail(n, where + " needs path");
    p.path = r.str(n["path"], where + ".path");
    if (n["equals"]) p.equals = r.str(n["equals"], where + ".equals");
    return p;
}

ProviderConfig readProvider(const manifest::YamlReader& r, const YAML::Node& n) {
    r.onlyKeys(n, {"name", "enabled", "url", "key", "key_env", "timeout_ms", "vpn", "proxy", "service"},
               "privacy.provider");
    ProviderConfig p;
    if (n["name"]) p.name = r.str(n["name"], "privacy.provider.name");
    if (!manifest::validName(p.name)) r.fail(n["name"], "privacy.provider.name must match [a-z0-9_-]+");
    if (n["enabled"]) p.enabled = r.boolean(n["enabled"], "privacy.provider.enabled");
    if (!n["url"]) r.fail(n, "privacy.provider needs url (a template with {ip}, and {key} when it takes one)");
    p.url = r.str(n["url"], "privacy.provider.url");
    if (p.url.find("{ip}") == std::string::npos) r.fail(n["url"], "privacy.provider.url must hold {ip}");
    if (n["key"] && n["key_env"]) r.fail(n, "privacy.provider takes key or key_env, not both");
    if (n["key"]) p.key = r.str(n["key"], "privacy.provider.key");
    if (n["key_env"]) {
        // The key stays out of the manifest; an unset variable is an empty key (the provider refuses).
        const char* v = std::getenv(r.str(n["key_env"], "privacy.provider.key_env").c_str());
        p.key = v ? v : "";
    }
    r.integerKey(n, "timeout_ms", "privacy.provider", p.timeout_ms, 50, 60000);
    if (n["vpn"]) p.vpn = readPath(r, n["vpn"], "privacy.provider.vpn");
    if (n["proxy"]) p.proxy = readPath(r, n["proxy"], "privacy.provider.proxy");
    if (n["service"]) p.service = readPath(r, n["service"], "privacy.provider.service");
    if (!p.vpn.set() && !p.proxy.set()) r.fail(n, "privacy.provider needs a vpn or proxy path");
    return p;
}

}  // namespace

std::vector<FeedConfig> PrivacyConfig::feeds() const {
    std::vector<FeedConfig> out;
    if (tor) out.push_back(*tor);
    out.insert(out.end(), relays.begin(), relays.end());
    out.insert(out.end(), lists.begin(), lists.end());
    return out;
}

PrivacyConfig PrivacyConfig::fromYaml(const YAML::Node& n, const std::string& file, const std::string& dir) {
    const manifest::YamlReader r(file, dir);
    r.onlyKeys(n, {"tor", "tor_dns", "relays", "hosting", "provider", "lists", "overrides"}, "privacy");
    PrivacyConfig c;
    if (const auto& t = n["tor"]) {
        r.onlyKeys(t, {"enabled", "url", "file", "refresh_s", "max_age_s", "max_bytes", "timeout_ms"}, "privacy.tor");
        FeedConfig f;
        f.name = "tor-exits";
        f.flag = "tor";
        f.tor_format = true;
        f.max_age_s = 6 * 3600;
        readFeedKeys(r, t, "privacy.tor", f);
        c.tor = f;
    }
    if (const auto& t = n["tor_dns"]) {
        r.onlyKeys(t, {"enabled", "zone"}, "privacy.tor_dns");
        TorDnsConfig d;
        if (t["enabled"]) d.enabled = r.boolean(t["enabled"], "privacy.tor_dns.enabled");
        if (!t["zone"]) r.fail(t, "privacy.tor_dns needs zone (a DNS exit list such as dnsel.torproject.org)");
        d.zone = r.str(t["zone"], "privacy.tor_dns.zone");
        for (auto& c : d.zone) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (!d.zone.empty() && d.zone.back() == '.') d.zone.pop_back();
        if (d.zone.empty() || d.zone.find("..") != std::string::npos || d.zone.front() == '.')
            r.fail(t["zone"], "privacy.tor_dns.zone must be a DNS name");
        c.tor_dns = d;
    }
    if (const auto& rs = n["relays"]) {
        eachNamed(
            r, rs, "relays", "relay", [&](const std::string& name, const std::string& where, const YAML::Node& e) {
                r.onlyKeys(e,
                           {"enabled", "url", "file", "service", "refresh_s", "max_age_s", "max_bytes", "timeout_ms"},
                           where);
                FeedConfig f;
                f.name = name;
                f.flag = "relay";
                f.refresh_s = 86400;
                f.max_age_s = 7 * 86400;
                readFeedKeys(r, e, where, f);
                c.relays.push_back(f);
            });
    }
    if (const auto& h = n["hosting"]) {
        r.onlyKeys(h, {"enabled", "connection_type", "asns"}, "privacy.hosting");
        if (h["enabled"]) c.hosting.enabled = r.boolean(h["enabled"], "privacy.hosting.enabled");
        if (h["connection_type"])
            c.hosting.connection_type = r.boolean(h["connection_type"], "privacy.hosting.connection_type");
        if (h["asns"]) c.hosting.asns = r.existingFile(h["asns"], "privacy.hosting.asns", "hosting ASN list");
    }
    if (n["provider"]) c.provider = readProvider(r, n["provider"]);
    if (const auto& ls = n["lists"]) {
        eachNamed(r, ls, "lists", "list", [&](const std::string& name, const std::string& where, const YAML::Node& e) {
            r.onlyKeys(
                e, {"enabled", "flag", "url", "file", "service", "refresh_s", "max_age_s", "max_bytes", "timeout_ms"},
                where);
            FeedConfig f;
            f.name = name;
            if (!e["flag"]) r.fail(e, where + " needs flag (vpn, proxy, tor, relay or hosting)");
            f.flag = r.str(e["flag"], where + ".flag");
            if (!isFlag(f.flag)) r.fail(e["flag"], where + ".flag must be vpn, proxy, tor, relay or hosting");
            f.max_age_s = kMaxSeconds;  // a file the operator keeps: no age unless they set one
            readFeedKeys(r, e, where, f);
            c.lists.push_back(f);
        });
    }
    if (n["overrides"]) c.overrides = r.existingFile(n["overrides"], "privacy.overrides", "privacy overrides");
    return c;
}

}  // namespace ipfacts::facilities::privacy
