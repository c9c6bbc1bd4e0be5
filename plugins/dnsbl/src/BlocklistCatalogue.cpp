#include "BlocklistCatalogue.h"

#include "ListingResult.h"

#include <ipfacts/address.hpp>
#include <ipfacts/dns_name.hpp>

#include <yaml-cpp/yaml.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <set>
#include <stdexcept>

namespace ipfacts::dnsbl {
namespace {

/// Reads one catalogue file; every error names the file and, where the YAML
/// has one, the line.
class CatalogueReader {
public:
    CatalogueReader(const std::string& path, const EnvironmentReader& env) : path_(path), env_(env) {}

    YAML::Node parse() const {
        std::ifstream in(path_);
        if (!in) fail(std::string("cannot open: ") + std::strerror(errno));
        try {
            YAML::Node root = YAML::Load(in);
            if (!root.IsMap() || !root["lists"]) fail("the top level must be a map with lists:");
            onlyKeys(root, {"lists"}, "the top level");
            return root;
        } catch (const YAML::ParserException& e) {
            fail(e.mark, "malformed YAML: " + e.msg);
        }
    }

    std::vector<Blocklist> lists(const YAML::Node& node) const {
        if (!node.IsSequence() || node.size() == 0) fail(node.Mark(), "lists: must be a non-empty list of blocklists");
        std::vector<Blocklist> out;
        std::set<std::string> names, zones;
        for (const auto& item : node) {
            Blocklist list = blocklist(item);
            if (!names.insert(list.name).second) fail(item.Mark(), "the list name `" + list.name + "` is given twice");
            if (!zones.insert(list.zone).second) fail(item.Mark(), "the zone `" + list.zone + "` is given twice");
            out.push_back(std::move(list));
        }
        return out;
    }

private:
    Blocklist blocklist(const YAML::Node& n) const {
        if (!n.IsMap()) fail(n.Mark(), "each list must be a map (name:, zone:, codes: ...)");
        onlyKeys(n, {"name", "zone", "ipv6", "txt", "lookup_url", "terms", "registration", "codes", "errors", "dqs"},
                 "a list");
        Blocklist b;
        b.name = line(required(n, "name"), "name");
        b.zone = zoneName(required(n, "zone"), "zone");
        b.queryZone = b.zone;
        b.ipv6 = boolean(n, "ipv6");
        b.txt = boolean(n, "txt");
        b.lookupUrl = line(required(n, "lookup_url"), "lookup_url");
        if (b.lookupUrl.rfind("https://", 0) != 0 && b.lookupUrl.rfind("http://", 0) != 0)
            fail(n["lookup_url"].Mark(), "lookup_url must be an http(s) URL");
        b.terms = n["terms"] ? line(n["terms"], "terms") : std::string();
        b.registration = boolean(n, "registration");
        b.codes = returnCodes(required(n, "codes"), "codes");
        if (b.codes.empty()) fail(n["codes"].Mark(), "codes: must name at least one listing answer");
        if (b.codes.size() > kMaxCodesPerList)
            fail(n["codes"].Mark(), "codes: at most " + std::to_string(kMaxCodesPerList) + " per list");
        if (n["errors"]) b.errors = returnCodes(n["errors"], "errors");
        for (const ReturnCode& e : b.errors)
            if (b.code(e.address)) fail(n["errors"].Mark(), e.address + " is both a listing code and an error");
        if (n["dqs"]) useDqs(n["dqs"], b);
        return b;
    }

    // Spamhaus DQS: with a key, ask <key>.<dqs zone> and show the DQS zone.
    void useDqs(const YAML::Node& n, Blocklist& b) const {
        onlyKeys(n, {"zone", "key_env"}, "dqs");
        const std::string zone = zoneName(required(n, "zone"), "dqs.zone");
        const std::string var = line(required(n, "key_env"), "dqs.key_env");
        std::optional<std::string> key = env_(var);
        if (!key || key->empty()) return;
        // The key becomes a label of every question: it must be one. Its
        // value is never quoted in the message.
        if (!checkAsciiName(*key + "." + zone).ok() || key->find('.') != std::string::npos)
            fail(n.Mark(), "the environment variable " + var + " does not hold a usable DQS key (one DNS label)");
        b.zone = zone;
        b.queryZone = *key + "." + zone;
    }

    std::vector<ReturnCode> returnCodes(const YAML::Node& n, const std::string& what) const {
        if (!n.IsMap()) fail(n.Mark(), what + ": must map each answer (127.0.0.X) to its meaning");
        std::vector<ReturnCode> out;
        std::set<std::string> seen;
        for (const auto& kv : n) {
            const std::string address = kv.first.IsScalar() ? kv.first.Scalar() : std::string("?");
            std::optional<Address> a = parseAddress(address);
            if (!a || a->version != 4 || a->bytes[0] != 127 || a->text() != address)
                fail(kv.first.Mark(), what + ": `" + address + "` is not an IPv4 address in 127.0.0.0/8");
            if (address == "127.0.0.1")
                fail(kv.first.Mark(),
                     what + ": 127.0.0.1 is never an answer (RFC 5782: the \"not listed\" test point)");
            if (!seen.insert(address).second) fail(kv.first.Mark(), what + ": " + address + " is given twice");
            out.push_back({address, line(kv.second, "the meaning of " + address)});
        }
        return out;
    }

    std::string zoneName(const YAML::Node& n, const std::string& what) const {
        std::string z = line(n, what);
        if (!z.empty() && z.back() == '.') z.pop_back();
        NameCheck c = checkAsciiName(z);
        if (!c.ok() || c.ascii.find('.') == std::string::npos)
            fail(n.Mark(), what + " `" + z + "` is not a DNS zone name" + (c.ok() ? "" : ": " + c.error));
        return c.ascii;
    }

    YAML::Node required(const YAML::Node& n, const char* key) const {
        YAML::Node v = n[key];
        if (!v) fail(n.Mark(), std::string("missing `") + key + ":`");
        return v;
    }

    bool boolean(const YAML::Node& n, const char* key) const {
        const YAML::Node v = n[key];
        if (!v) return false;
        if (v.IsScalar() && (v.Scalar() == "true" || v.Scalar() == "false")) return v.Scalar() == "true";
        fail(v.Mark(), std::string(key) + " must be true or false");
    }

    std::string line(const YAML::Node& n, const std::string& what) const {
        if (!n.IsScalar()) fail(n.Mark(), what + " must be a string");
        const std::string& text = n.Scalar();
        if (text.empty() || text.find_first_of("\r\n") != std::string::npos)
            fail(n.Mark(), what + " must be one non-empty line");
        return text;
    }

    void onlyKeys(const YAML::Node& n, const std::set<std::string>& allowed, const std::string& where) const {
        for (const auto& kv : n) {
            const std::string k = kv.first.IsScalar() ? kv.first.Scalar() : "?";
            if (!allowed.count(k)) fail(kv.first.Mark(), "unknown key `" + k + "` in " + where);
        }
    }

    [[noreturn]] void fail(const std::string& what) const {
        throw std::runtime_error("blocklist catalogue " + path_ + ": " + what);
    }
    [[noreturn]] void fail(const YAML::Mark& mark, const std::string& what) const {
        if (mark.is_null()) fail(what);
        throw std::runtime_error("blocklist catalogue " + path_ + ":" + std::to_string(mark.line + 1) + ": " + what);
    }

    const std::string& path_;
    const EnvironmentReader& env_;
};

}  // namespace

std::string Blocklist::lookupUrlFor(const std::string& ip) const {
    std::string out = lookupUrl;
    for (size_t at = out.find("{ip}"); at != std::string::npos; at = out.find("{ip}", at + ip.size()))
        out.replace(at, 4, ip);
    return out;
}

std::optional<std::string> processEnvironment(const std::string& name) {
    const char* v = std::getenv(name.c_str());
    if (!v) return std::nullopt;
    return std::string(v);
}

std::vector<Blocklist> loadCatalogue(const std::string& path, const EnvironmentReader& env) {
    const CatalogueReader reader(path, env);
    const YAML::Node root = reader.parse();
    return reader.lists(root["lists"]);
}

}  // namespace ipfacts::dnsbl
