#include "host/facilities/guard/SpecialBlocks.h"

#include "host/facilities/netdb/YamlSource.h"

namespace ipfacts::facilities::guard {

SpecialBlocks::SpecialBlocks(const std::string& path) {
    netdb::YamlSource src(path);
    for (const auto& row : src.sequence(src.root(), "blocks")) {
        if (!row.IsMap()) src.fail(row, "a block is not a map");
        SpecialBlock b;
        b.prefix = src.text(row, "prefix");
        auto prefix = netdb::AddressPrefix::parse(b.prefix);
        if (!prefix) src.fail(row["prefix"], "`" + b.prefix + "` is not a CIDR block");
        b.length = prefix->length;
        b.kind = src.text(row, "kind");
        if (row["rfc"] && !row["rfc"].IsNull()) b.rfc = src.text(row, "rfc");
        b.description = src.text(row, "description");
        table_.add(*prefix, static_cast<uint32_t>(blocks_.size()));
        blocks_.push_back(std::move(b));
    }
    if (blocks_.empty()) src.fail(src.root()["blocks"], "the registry lists no blocks");
    table_.build();
}

const SpecialBlock* SpecialBlocks::find(const net::IpAddress& a) const {
    auto i = table_.find(a);
    return i ? &blocks_[*i] : nullptr;
}

}  // namespace ipfacts::facilities::guard
