#include "host/facilities/dnsleak/LeakZone.h"

#include "host/facilities/dnsleak/DnsReply.h"
#include "host/net/IpAddress.h"

#include <string_view>

namespace ipfacts::facilities::dnsleak {
namespace {

constexpr uint32_t kSessionTtl = 0;  // every look-up reaches us: each is a fact of the test
constexpr uint32_t kApexTtl = 3600;
constexpr uint32_t kNegativeTtl = 60;
constexpr size_t kMaxPrefixLabels = 4;

std::vector<std::string_view> labelsOf(const std::string& wire) {
    std::vector<std::string_view> out;
    size_t at = 0;
    while (at < wire.size() && wire[at] != 0) {
        const size_t len = static_cast<unsigned char>(wire[at]);
        out.emplace_back(wire.data() + at + 1, len);
        at += 1 + len;
    }
    return out;
}

char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

bool sameLabel(std::string_view asked, const std::string& ours) {
    if (asked.size() != ours.size()) return false;
    for (size_t i = 0; i < asked.size(); ++i)
        if (lower(asked[i]) != ours[i]) return false;
    return true;
}

bool plainLabel(std::string_view l) {
    for (char c : l)
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_'))
            return false;
    return !l.empty();
}

std::string addressBytes(const std::string& text) {
    if (text.empty()) return "";
    auto a = net::IpAddress::parse(text);
    return std::string(reinterpret_cast<const char*>(a->bytes()), a->size());
}

void put32(std::string& s, uint32_t v) {
    for (int shift = 24; shift >= 0; shift -= 8) s.push_back(static_cast<char>((v >> shift) & 0xFF));
}

}  // namespace

LeakZone::LeakZone(const DnsLeakConfig& config, const LeakToken& tokens)
    : a_(addressBytes(config.answer_v4)),
      aaaa_(addressBytes(config.answer_v6)),
      nameserver_wire_(wireName(config.nameserver)),
      tokens_(tokens) {
    const std::string zone = wireName(config.zone);
    for (auto l : labelsOf(zone)) zone_labels_.emplace_back(l);
}

std::string LeakZone::soa(uint16_t zone_at) const {
    std::string r = nameserver_wire_;
    r += std::string("\x0ahostmaster", 11) + DnsReply::pointer(zone_at);
    put32(r, 1);      // serial: the zone never changes
    put32(r, 3600);   // refresh
    put32(r, 600);    // retry
    put32(r, 86400);  // expire
    put32(r, kNegativeTtl);
    return r;
}

ZoneAnswer LeakZone::answer(const DnsQuery& q, int64_t now_unix, size_t limit) const {
    if (q.edns && q.edns_version > 0)
        return {ZoneAnswer::Kind::BadVersion, DnsReply(q, rcode::kBadVers, false).finish(limit), ""};
    const ZoneAnswer refused{ZoneAnswer::Kind::Refused, DnsReply(q, rcode::kRefused, false).finish(limit), ""};
    if (q.qclass != 1 || q.qtype == rrtype::kAny || q.qtype == rrtype::kAxfr || q.qtype == rrtype::kIxfr)
        return refused;
    const auto labels = labelsOf(q.wire_name);
    if (labels.size() < zone_labels_.size()) return refused;
    const size_t prefix = labels.size() - zone_labels_.size();
    for (size_t i = 0; i < zone_labels_.size(); ++i)
        if (!sameLabel(labels[prefix + i], zone_labels_[i])) return refused;
    if (prefix == 0) return apex(q, prefix, limit);
    if (prefix - 1 > kMaxPrefixLabels) return refused;
    for (size_t i = 0; i < prefix; ++i)
        if (!plainLabel(labels[i])) return refused;
    const std::string_view token = labels[prefix - 1];
    if (!tokens_.live(token, now_unix)) return refused;
    return session(q, prefix, LeakToken::normalised(token), limit);
}

ZoneAnswer LeakZone::session(const DnsQuery& q, size_t prefix_labels, std::string token, size_t limit) const {
    DnsReply r(q, rcode::kNoError, true);
    if (q.qtype == rrtype::kA && !a_.empty())
        r.answer(rrtype::kA, kSessionTtl, a_);
    else if (q.qtype == rrtype::kAaaa && !aaaa_.empty())
        r.answer(rrtype::kAaaa, kSessionTtl, aaaa_);
    else
        r.authority(r.pointerInto(prefix_labels), rrtype::kSoa, kNegativeTtl, soa(r.pointerInto(prefix_labels)));
    return {ZoneAnswer::Kind::Session, r.finish(limit), std::move(token)};
}

ZoneAnswer LeakZone::apex(const DnsQuery& q, size_t prefix_labels, size_t limit) const {
    DnsReply r(q, rcode::kNoError, true);
    const uint16_t zone_at = r.pointerInto(prefix_labels);
    if (q.qtype == rrtype::kSoa)
        r.answer(rrtype::kSoa, kApexTtl, soa(zone_at));
    else if (q.qtype == rrtype::kNs)
        r.answer(rrtype::kNs, kApexTtl, nameserver_wire_);
    else
        r.authority(zone_at, rrtype::kSoa, kNegativeTtl, soa(zone_at));
    return {ZoneAnswer::Kind::Apex, r.finish(limit), ""};
}

}  // namespace ipfacts::facilities::dnsleak
