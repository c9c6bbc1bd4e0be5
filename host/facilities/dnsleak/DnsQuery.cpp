#include "host/facilities/dnsleak/DnsQuery.h"

#include <arpa/inet.h>

#include <algorithm>

namespace ipfacts::facilities::dnsleak {
namespace {

constexpr size_t kHeader = 12;
constexpr size_t kMaxName = 255;
constexpr uint16_t kTypeOpt = 41;
constexpr uint16_t kOptionSubnet = 8;

/// Reads big-endian integers from a bounded buffer; a read past its end
/// marks it failed and yields 0.
class Reader {
public:
    Reader(const uint8_t* data, size_t size) : data_(data), size_(size) {}
    bool ok() const { return ok_; }
    size_t at() const { return at_; }
    size_t left() const { return ok_ ? size_ - at_ : 0; }
    uint8_t u8() { return need(1) ? data_[at_++] : 0; }
    uint16_t u16() {
        if (!need(2)) return 0;
        uint16_t v = static_cast<uint16_t>(data_[at_] << 8 | data_[at_ + 1]);
        at_ += 2;
        return v;
    }
    uint32_t u32() { return static_cast<uint32_t>(u16()) << 16 | u16(); }
    const uint8_t* take(size_t n) {
        if (!need(n)) return nullptr;
        const uint8_t* p = data_ + at_;
        at_ += n;
        return p;
    }
    void fail() { ok_ = false; }

private:
    bool need(size_t n) {
        if (!ok_ || size_ - at_ < n) ok_ = false;
        return ok_;
    }
    const uint8_t* data_;
    size_t size_;
    size_t at_ = 0;
    bool ok_ = true;
};

/// An uncompressed name (a question's name has nothing before it to point at).
bool readName(Reader& r, std::string& dotted, std::string& wire) {
    for (;;) {
        const uint8_t len = r.u8();
        if (!r.ok() || len > 63) return false;  // compression pointers and extended labels refused
        wire.push_back(static_cast<char>(len));
        if (len == 0) return wire.size() <= kMaxName;
        const uint8_t* label = r.take(len);
        if (!label) return false;
        if (!dotted.empty()) dotted.push_back('.');
        for (size_t i = 0; i < len; ++i) {
            const char c = static_cast<char>(label[i]);
            wire.push_back(c);
            // Keep the text one label per dot: a dot or a byte outside printable
            // ASCII inside a label is written as \DDD (RFC 1035 section 5.1).
            if (c == '.' || c == '\\' || label[i] < 0x21 || label[i] > 0x7e) {
                char esc[5] = {'\\', static_cast<char>('0' + label[i] / 100),
                               static_cast<char>('0' + label[i] / 10 % 10), static_cast<char>('0' + label[i] % 10), 0};
                dotted += esc;
            } else {
                dotted.push_back(c);
            }
        }
        if (wire.size() > kMaxName) return false;
    }
}

bool readSubnet(Reader& r, uint16_t len, DnsQuery& q) {
    if (len < 4) return false;
    ClientSubnet s;
    s.family = r.u16();
    s.source_prefix = r.u8();
    r.u8();  // scope prefix: zero in a query, not ours to check
    const size_t bytes = (s.source_prefix + 7u) / 8u;
    if ((s.family != 1 && s.family != 2) || s.source_prefix > (s.family == 1 ? 32 : 128) || len - 4u != bytes)
        return false;
    const uint8_t* a = r.take(bytes);
    if (!a) return false;
    s.address.assign(reinterpret_cast<const char*>(a), bytes);
    q.subnet = std::move(s);
    return true;
}

bool readOpt(Reader& r, DnsQuery& q) {
    if (r.u8() != 0) return false;  // the OPT owner is the root
    if (r.u16() != kTypeOpt || q.edns) return false;
    q.edns = true;
    q.udp_size = std::max<uint16_t>(512, r.u16());
    const uint32_t ttl = r.u32();
    q.edns_version = static_cast<uint8_t>(ttl >> 16);
    uint16_t rdlen = r.u16();
    if (!r.ok() || rdlen > r.left()) return false;
    while (rdlen > 0) {
        if (rdlen < 4) return false;
        const uint16_t code = r.u16();
        const uint16_t len = r.u16();
        rdlen = static_cast<uint16_t>(rdlen - 4);
        if (len > rdlen) return false;
        if (code == kOptionSubnet) {
            if (q.subnet || !readSubnet(r, len, q)) return false;
        } else if (len > 0 && !r.take(len)) {
            return false;
        }
        rdlen = static_cast<uint16_t>(rdlen - len);
    }
    return r.ok();
}

}  // namespace

std::string ClientSubnet::text() const {
    unsigned char bytes[16] = {};
    const size_t width = family == 1 ? 4 : 16;
    for (size_t i = 0; i < address.size() && i < width; ++i) bytes[i] = static_cast<unsigned char>(address[i]);
    // Bits past the prefix are zero in a well-formed option; mask them anyway.
    for (size_t bit = source_prefix; bit < width * 8; ++bit)
        bytes[bit / 8] &= static_cast<unsigned char>(~(0x80u >> (bit % 8)));
    char out[INET6_ADDRSTRLEN] = {};
    inet_ntop(family == 1 ? AF_INET : AF_INET6, bytes, out, sizeof out);
    return std::string(out) + "/" + std::to_string(source_prefix);
}

QueryReading readQuery(const uint8_t* data, size_t size) {
    QueryReading out;
    Reader r(data, size);
    DnsQuery& q = out.query;
    q.id = r.u16();
    const uint16_t flags = r.u16();
    const uint16_t qd = r.u16(), an = r.u16(), ns = r.u16(), ar = r.u16();
    if (!r.ok() || size < kHeader || (flags & 0x8000)) return out;  // Ignore: no header, or a response
    q.recursion_desired = flags & 0x0100;
    if (((flags >> 11) & 0xF) != 0) {
        out.status = QueryStatus::NotImp;
        return out;
    }
    out.status = QueryStatus::FormErr;
    if (qd != 1 || an != 0 || ns != 0 || ar > 1) return out;
    if (!readName(r, q.name, q.wire_name)) return out;
    q.qtype = r.u16();
    q.qclass = r.u16();
    if (!r.ok()) return out;
    if (ar == 1 && !readOpt(r, q)) return out;
    if (r.left() != 0) return out;  // trailing bytes
    out.status = QueryStatus::Ok;
    return out;
}

}  // namespace ipfacts::facilities::dnsleak
