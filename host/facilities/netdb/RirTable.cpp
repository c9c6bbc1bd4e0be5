#include "host/facilities/netdb/RirTable.h"

#include "host/facilities/netdb/YamlSource.h"

#include <algorithm>

namespace ipfacts::facilities::netdb {

namespace {

uint32_t rirIndex(const YamlSource& src, const YAML::Node& entry) {
    const std::string name = src.text(entry, "rir");
    const auto& all = RirTable::names();
    auto it = std::find(all.begin(), all.end(), name);
    if (it == all.end()) src.fail(entry["rir"], "unknown rir `" + name + "`");
    return static_cast<uint32_t>(it - all.begin());
}

void loadPrefixes(const YamlSource& src, const char* key, bool v4, PrefixTable& table) {
    for (const auto& entry : src.optionalSequence(src.root(), key)) {
        const std::string text = src.text(entry, "prefix");
        auto prefix = AddressPrefix::parse(text);
        if (!prefix || prefix->v4 != v4)
            src.fail(entry["prefix"], "`" + text + "` is not an " + (v4 ? "IPv4" : "IPv6") + " CIDR block");
        table.add(*prefix, rirIndex(src, entry));
    }
}

std::vector<RirTable::AsnBlock> loadAsnBlocks(const YamlSource& src) {
    std::vector<RirTable::AsnBlock> blocks;
    for (const auto& entry : src.optionalSequence(src.root(), "asn")) {
        RirTable::AsnBlock b{src.number(entry, "first"), src.number(entry, "last"), rirIndex(src, entry)};
        if (b.last < b.first) src.fail(entry, "`last` is below `first`");
        blocks.push_back(b);
    }
    std::sort(blocks.begin(), blocks.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (size_t i = 1; i < blocks.size(); ++i)
        if (blocks[i].first <= blocks[i - 1].last)
            throw std::runtime_error(src.path() + ": AS blocks " + std::to_string(blocks[i - 1].first) + "-" +
                                     std::to_string(blocks[i - 1].last) + " and " + std::to_string(blocks[i].first) +
                                     "-" + std::to_string(blocks[i].last) + " overlap");
    return blocks;
}

}  // namespace

const std::vector<std::string>& RirTable::names() {
    static const std::vector<std::string> n = {"ARIN", "RIPE", "APNIC", "LACNIC", "AFRINIC", "IANA", "UNKNOWN"};
    return n;
}
const std::string& RirTable::iana() { return names()[5]; }
const std::string& RirTable::unknown() { return names()[6]; }

RirTable::RirTable(const std::string& path) {
    YamlSource src(path);
    if (!src.root().IsMap()) src.fail(src.root(), "expected a map with ipv4, ipv6 and asn lists");
    loadPrefixes(src, "ipv4", true, prefixes_);
    loadPrefixes(src, "ipv6", false, prefixes_);
    prefixes_.build();
    asn_blocks_ = loadAsnBlocks(src);
}

const std::string* RirTable::byAsn(uint32_t asn) const {
    auto it = std::upper_bound(asn_blocks_.begin(), asn_blocks_.end(), asn,
                               [](uint32_t v, const AsnBlock& b) { return v < b.first; });
    if (it == asn_blocks_.begin() || asn > std::prev(it)->last) return nullptr;
    return &names()[std::prev(it)->rir];
}

const std::string& RirTable::registryOf(const net::IpAddress& a, std::optional<uint32_t> asn) const {
    const auto i = prefixes_.find(a);
    const std::string* by_address = i ? &names()[*i] : nullptr;
    if (by_address && *by_address != iana() && *by_address != unknown()) return *by_address;
    // IANA's tables lag behind the registries; an announced AS knows better.
    if (const std::string* r = asn ? byAsn(*asn) : nullptr; r && *r != iana() && *r != unknown()) return *r;
    return by_address ? *by_address : unknown();
}

}  // namespace ipfacts::facilities::netdb
