#include "host/facilities/privacy/RangeTable.h"

#include "host/facilities/netdb/AddressPrefix.h"

#include <arpa/inet.h>

namespace ipfacts::facilities::privacy {
namespace {

/// "a.b.c.d/n" with the host bits cleared, as the table holds it (RFC 5952 for IPv6).
std::string canonical(const netdb::AddressPrefix& p) {
    unsigned char bytes[16];
    for (int i = 0; i < 8; ++i) {
        bytes[i] = static_cast<unsigned char>(p.first.hi >> (56 - 8 * i));
        bytes[8 + i] = static_cast<unsigned char>(p.first.lo >> (56 - 8 * i));
    }
    char text[INET6_ADDRSTRLEN] = {0};
    if (p.v4)
        inet_ntop(AF_INET, bytes + 12, text, sizeof text);
    else
        inet_ntop(AF_INET6, bytes, text, sizeof text);
    return std::string(text) + "/" + std::to_string(p.length);
}

}  // namespace

bool RangeTable::add(const std::string& text, uint32_t value) {
    auto p = netdb::AddressPrefix::parse(text);
    if (!p) return false;
    table_.add(*p, static_cast<uint32_t>(blocks_.size()));
    blocks_.push_back(Block{canonical(*p), value});
    return true;
}

void RangeTable::build() { table_.build(); }

std::optional<RangeTable::Match> RangeTable::find(const net::IpAddress& a) const {
    auto i = table_.find(a);
    if (!i || *i >= blocks_.size()) return std::nullopt;
    return Match{blocks_[*i].prefix, blocks_[*i].value};
}

}  // namespace ipfacts::facilities::privacy
