#include "Bootstrap.h"

#include "AsciiText.h"
#include "UrlOrigin.h"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>

#include <algorithm>
#include <stdexcept>

namespace ipfacts::rdap {
namespace {

/// https URLs before http ones (RFC 9224 section 3 lets a client choose), each ending in '/'.
ServiceUrls ordered(ServiceUrls urls) {
    for (auto& u : urls)
        if (!u.empty() && u.back() != '/') u += '/';
    std::stable_partition(urls.begin(), urls.end(), [](const std::string& u) { return u.rfind("https://", 0) == 0; });
    return urls;
}

std::pair<Address, int> prefixOf(const std::string& text) {
    const size_t slash = text.find('/');
    auto a = parseAddress(text.substr(0, slash));
    if (!a || slash == std::string::npos) throw std::runtime_error("'" + text + "' is not an address block");
    const int len = std::stoi(text.substr(slash + 1));
    if (len < 0 || len > (a->version == 4 ? 32 : 128)) throw std::runtime_error("'" + text + "' has a bad length");
    return {*a, len};
}

std::pair<uint32_t, uint32_t> rangeOf(const std::string& text) {
    const size_t dash = text.find('-');
    const unsigned long long a = std::stoull(text.substr(0, dash));
    const unsigned long long b = dash == std::string::npos ? a : std::stoull(text.substr(dash + 1));
    if (a > b || b > 0xffffffffULL) throw std::runtime_error("'" + text + "' is not an AS number range");
    return {static_cast<uint32_t>(a), static_cast<uint32_t>(b)};
}

}  // namespace

bool inBlock(const Address& a, const Address& start, int length) {
    if (a.version != start.version) return false;
    for (int bit = 0; bit < length; ++bit) {
        const uint8_t mask = static_cast<uint8_t>(0x80 >> (bit % 8));
        if ((a.bytes[bit / 8] & mask) != (start.bytes[bit / 8] & mask)) return false;
    }
    return true;
}

BootstrapFile Bootstrap::parseFile(const std::string& json, const std::string& what) {
    BootstrapFile out;
    try {
        Poco::JSON::Parser parser;
        auto root = parser.parse(json).extract<Poco::JSON::Object::Ptr>();
        if (root->has("publication")) out.publication = root->getValue<std::string>("publication");
        auto services = root->getArray("services");
        if (!services) throw std::runtime_error("no services array");
        for (size_t i = 0; i < services->size(); ++i) {
            auto svc = services->getArray(static_cast<unsigned>(i));
            if (!svc || svc->size() < 2) throw std::runtime_error("a service is not [[entries], [urls]]");
            auto entries = svc->getArray(0);
            auto urls = svc->getArray(1);
            ServiceUrls u;
            for (size_t k = 0; k < urls->size(); ++k)
                u.push_back(urls->getElement<std::string>(static_cast<unsigned>(k)));
            for (size_t k = 0; k < entries->size(); ++k)
                out.entries.emplace_back(entries->getElement<std::string>(static_cast<unsigned>(k)), u);
        }
    } catch (const Poco::Exception& e) {
        throw std::runtime_error(what + ": not an RDAP bootstrap file: " + e.displayText());
    } catch (const std::runtime_error& e) {
        throw std::runtime_error(what + ": not an RDAP bootstrap file: " + e.what());
    }
    return out;
}

void Bootstrap::add(const std::string& registry, const BootstrapFile& file, bool isOverride) {
    if (!isOverride) publications_[registry] = file.publication;
    for (const auto& [entry, urls] : file.entries) {
        ServiceMatch m{ordered(urls), entry, isOverride};
        if (m.urls.empty()) continue;
        for (const auto& url : m.urls)
            if (auto origin = originOf(url)) origins_.insert(origin->text());
        if (registry == "ipv4" || registry == "ipv6") {
            auto [start, len] = prefixOf(entry);
            if ((registry == "ipv4") != (start.version == 4))
                throw std::runtime_error("'" + entry + "' is not an " + registry + " block");
            auto& table = registry == "ipv4" ? (isOverride ? v4Overrides_ : v4_) : (isOverride ? v6Overrides_ : v6_);
            table.push_back(Prefix{start, len, std::move(m)});
        } else if (registry == "asn") {
            auto [a, b] = rangeOf(entry);
            (isOverride ? asnOverrides_ : asn_).push_back(Range{a, b, std::move(m)});
        } else if (registry == "dns") {
            std::string label = lowerText(entry);
            while (!label.empty() && label.back() == '.') label.pop_back();
            if (label.empty()) throw std::runtime_error("an empty DNS bootstrap entry");
            (isOverride ? dnsOverrides_ : dns_)[label] = std::move(m);
        } else {
            throw std::runtime_error("unknown bootstrap registry '" + registry + "'");
        }
    }
}

std::optional<ServiceMatch> Bootstrap::findPrefix(const std::vector<Prefix>& table, const RdapQuery& q) const {
    const Prefix* best = nullptr;
    const int queryLength = q.prefix < 0 ? (q.address.version == 4 ? 32 : 128) : q.prefix;
    for (const Prefix& p : table) {
        // The entry must hold the whole block asked about: its prefix no longer than the query's.
        if (p.length > queryLength || !inBlock(q.address, p.start, p.length)) continue;
        if (!best || p.length > best->length) best = &p;
    }
    if (!best) return std::nullopt;
    return best->match;
}

std::optional<ServiceMatch> Bootstrap::find(const RdapQuery& q) const {
    switch (q.kind) {
        case QueryKind::Ip: {
            const bool v4 = q.address.version == 4;
            if (auto m = findPrefix(v4 ? v4Overrides_ : v6Overrides_, q)) return m;
            return findPrefix(v4 ? v4_ : v6_, q);
        }
        case QueryKind::Autnum: {
            for (const auto* table : {&asnOverrides_, &asn_})
                for (const Range& r : *table)
                    if (q.asn >= r.first && q.asn <= r.last) return r.match;
            return std::nullopt;
        }
        case QueryKind::Domain: {
            // Longest label suffix first: "a.b.example" tries the name, "b.example", "example".
            for (const auto* table : {&dnsOverrides_, &dns_}) {
                std::string_view name = q.text;
                for (;;) {
                    auto it = table->find(std::string(name));
                    if (it != table->end()) return it->second;
                    const size_t dot = name.find('.');
                    if (dot == std::string_view::npos) break;
                    name.remove_prefix(dot + 1);
                }
            }
            return std::nullopt;
        }
    }
    return std::nullopt;
}

std::string Bootstrap::describe() const {
    std::string out;
    for (const auto& [registry, publication] : publications_)
        out += (out.empty() ? "" : ", ") + registry + " " + (publication.empty() ? "(no date)" : publication);
    return out;
}

size_t Bootstrap::entryCount() const {
    return v4_.size() + v6_.size() + asn_.size() + dns_.size() + v4Overrides_.size() + v6Overrides_.size() +
           asnOverrides_.size() + dnsOverrides_.size();
}

}  // namespace ipfacts::rdap
