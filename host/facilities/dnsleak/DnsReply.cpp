#include "host/facilities/dnsleak/DnsReply.h"

namespace ipfacts::facilities::dnsleak {
namespace {

constexpr size_t kHeader = 12;
constexpr uint16_t kClassIn = 1;
constexpr uint16_t kTypeOpt = 41;
constexpr uint16_t kOptionSubnet = 8;
constexpr uint16_t kOurUdpSize = 1232;  // what we take over UDP (the DNS flag day's figure)

void put16(std::string& s, uint16_t v) {
    s.push_back(static_cast<char>(v >> 8));
    s.push_back(static_cast<char>(v & 0xFF));
}

void put32(std::string& s, uint32_t v) {
    put16(s, static_cast<uint16_t>(v >> 16));
    put16(s, static_cast<uint16_t>(v & 0xFFFF));
}

std::string header(uint16_t id, bool rd, bool aa, bool tc, uint8_t code, uint16_t qd, uint16_t an, uint16_t ns,
                   uint16_t ar) {
    std::string h;
    put16(h, id);
    uint16_t flags = 0x8000;  // QR
    if (aa) flags |= 0x0400;
    if (tc) flags |= 0x0200;
    if (rd) flags |= 0x0100;
    flags |= code & 0xF;
    put16(h, flags);
    put16(h, qd);
    put16(h, an);
    put16(h, ns);
    put16(h, ar);
    return h;
}

}  // namespace

std::string wireName(std::string_view name) {
    std::string out;
    while (!name.empty()) {
        const size_t dot = name.find('.');
        const std::string_view label = name.substr(0, dot);
        out.push_back(static_cast<char>(label.size()));
        out.append(label);
        name = dot == std::string_view::npos ? std::string_view() : name.substr(dot + 1);
    }
    out.push_back('\0');
    return out;
}

DnsReply::DnsReply(const DnsQuery& q, uint16_t code, bool authoritative)
    : q_(q), code_(code), authoritative_(authoritative) {}

std::string DnsReply::headerOnly(uint16_t id, bool recursion_desired, uint8_t code) {
    return header(id, recursion_desired, false, false, code, 0, 0, 0, 0);
}

std::string DnsReply::pointer(uint16_t offset) {
    std::string p;
    put16(p, static_cast<uint16_t>(0xC000 | offset));
    return p;
}

uint16_t DnsReply::pointerInto(size_t skip) const {
    size_t at = 0;
    for (size_t i = 0; i < skip && at < q_.wire_name.size() && q_.wire_name[at] != 0; ++i)
        at += 1 + static_cast<unsigned char>(q_.wire_name[at]);
    return static_cast<uint16_t>(kHeader + at);
}

void DnsReply::record(std::string& to, uint16_t owner, uint16_t type, uint32_t ttl, std::string_view rdata) {
    to += pointer(owner);
    put16(to, type);
    put16(to, kClassIn);
    put32(to, ttl);
    put16(to, static_cast<uint16_t>(rdata.size()));
    to.append(rdata);
}

void DnsReply::answer(uint16_t type, uint32_t ttl, std::string_view rdata) {
    record(answers_, kHeader, type, ttl, rdata);
    ++answer_count_;
}

void DnsReply::authority(uint16_t owner, uint16_t type, uint32_t ttl, std::string_view rdata) {
    record(authority_, owner, type, ttl, rdata);
    ++authority_count_;
}

std::string DnsReply::opt() const {
    std::string o;
    o.push_back('\0');  // root owner
    put16(o, kTypeOpt);
    put16(o, kOurUdpSize);
    put32(o, static_cast<uint32_t>((code_ >> 4) & 0xFF) << 24);  // extended rcode, version 0, no flags
    std::string options;
    if (q_.subnet) {
        put16(options, kOptionSubnet);
        put16(options, static_cast<uint16_t>(4 + q_.subnet->address.size()));
        put16(options, q_.subnet->family);
        options.push_back(static_cast<char>(q_.subnet->source_prefix));
        options.push_back('\0');  // scope 0: the answer holds for every client
        options += q_.subnet->address;
    }
    put16(o, static_cast<uint16_t>(options.size()));
    return o + options;
}

std::string DnsReply::finish(size_t limit) const {
    const std::string question =
        q_.wire_name + std::string{static_cast<char>(q_.qtype >> 8), static_cast<char>(q_.qtype & 0xFF),
                                   static_cast<char>(q_.qclass >> 8), static_cast<char>(q_.qclass & 0xFF)};
    const std::string extra = q_.edns ? opt() : std::string();
    const uint16_t ar = q_.edns ? 1 : 0;
    const uint8_t low = static_cast<uint8_t>(code_ & 0xF);
    std::string msg =
        header(q_.id, q_.recursion_desired, authoritative_, false, low, 1, answer_count_, authority_count_, ar) +
        question + answers_ + authority_ + extra;
    if (msg.size() <= limit) return msg;
    return header(q_.id, q_.recursion_desired, authoritative_, true, low, 1, 0, 0, ar) + question + extra;
}

}  // namespace ipfacts::facilities::dnsleak
