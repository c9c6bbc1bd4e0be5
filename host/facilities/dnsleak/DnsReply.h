// DnsReply: the responder's reply to one DnsQuery, written straight to wire
// bytes: the header, the question exactly as asked (0x20 case kept), then
// answer and authority records whose owners point into that question
// (compression, RFC 1035 section 4.1.4), and an OPT record when the query had
// one (echoing its Client Subnet with scope 0, RFC 7871 section 7.2.1). A
// reply larger than the asker takes goes out as header and question with TC
// set: no reply is much larger than its question (no amplification).
#pragma once

#include "host/facilities/dnsleak/DnsQuery.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace ipfacts::facilities::dnsleak {

namespace rcode {
constexpr uint8_t kNoError = 0;
constexpr uint8_t kFormErr = 1;
constexpr uint8_t kNxDomain = 3;
constexpr uint8_t kNotImp = 4;
constexpr uint8_t kRefused = 5;
constexpr uint16_t kBadVers = 16;
}  // namespace rcode

namespace rrtype {
constexpr uint16_t kA = 1;
constexpr uint16_t kNs = 2;
constexpr uint16_t kSoa = 6;
constexpr uint16_t kAaaa = 28;
constexpr uint16_t kIxfr = 251;
constexpr uint16_t kAxfr = 252;
constexpr uint16_t kAny = 255;
}  // namespace rrtype

class DnsReply {
public:
    /// A reply to `q` with `code` (an extended code above 15 goes in the OPT
    /// record); `authoritative` sets AA.
    DnsReply(const DnsQuery& q, uint16_t code, bool authoritative);
    /// A header-only reply (FORMERR, NOTIMP) to a query that could not be read whole.
    static std::string headerOnly(uint16_t id, bool recursion_desired, uint8_t code);

    /// The offset in the message of the name's suffix that starts `skip`
    /// labels into the question's name: what an owner or a name points at.
    uint16_t pointerInto(size_t skip) const;

    /// An answer record owned by the question's name.
    void answer(uint16_t type, uint32_t ttl, std::string_view rdata);
    /// An authority record owned by the name at message offset `owner`.
    void authority(uint16_t owner, uint16_t type, uint32_t ttl, std::string_view rdata);

    /// The message, at most `limit` bytes (the asker's UDP size; 65535 over
    /// TCP): truncated to header and question, TC set, when longer.
    std::string finish(size_t limit) const;

    /// A pointer to message offset `offset` (two bytes).
    static std::string pointer(uint16_t offset);

private:
    void record(std::string& to, uint16_t owner, uint16_t type, uint32_t ttl, std::string_view rdata);
    std::string opt() const;

    const DnsQuery& q_;
    uint16_t code_;
    bool authoritative_;
    std::string answers_;
    std::string authority_;
    uint16_t answer_count_ = 0;
    uint16_t authority_count_ = 0;
};

/// `name` (dotted LDH text) in wire form, ending with the root label.
std::string wireName(std::string_view name);

}  // namespace ipfacts::facilities::dnsleak
