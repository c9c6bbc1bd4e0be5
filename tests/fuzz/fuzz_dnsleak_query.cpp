// Fuzz target: the DNS leak responder's handling of one UDP message
// (host/facilities/dnsleak): readQuery on the raw bytes, then LeakZone's
// answer for zone leak.fuzz.test at a fixed time under a fixed secret
// (corpus/fuzz_dnsleak_query/live-* carry a token live for them, written by
// make-dnsleak-seeds.py with Python's hmac). Invariants: only a query with
// one question is answered with data; every reply carries the query's id,
// echoes its question byte for byte (the case as asked), fits the asker's
// UDP size, and is never much larger than the question (no amplification);
// only a live token's names are a session, and the token is the one asked.
#include "host/facilities/dnsleak/DnsQuery.h"
#include "host/facilities/dnsleak/DnsReply.h"
#include "host/facilities/dnsleak/LeakZone.h"

#include "tests/fuzz/FuzzCheck.h"

#include <cstddef>
#include <cstdint>
#include <string>

using namespace ipfacts::facilities::dnsleak;

namespace {

constexpr int64_t kNow = 1'800'000'000;
// The most a reply adds to its question: an A or AAAA answer, or an SOA
// (two names of at most 255 bytes), plus an OPT with a client subnet.
constexpr size_t kMaxGrowth = 16 + 28 + 12 + 20 + 255 + 13 + 11 + 24;

const LeakToken& tokens() {
    static const LeakToken t(ipfacts::store::ServerSecret(std::string(32, 'f')));
    return t;
}

const LeakZone& zone() {
    static const DnsLeakConfig config = [] {
        DnsLeakConfig c;
        c.zone = "leak.fuzz.test";
        c.listen = {"127.0.0.1"};
        c.answer_v4 = "192.0.2.1";
        c.answer_v6 = "2001:db8::1";
        c.nameserver = "ns.leak.fuzz.test";
        return c;
    }();
    static const LeakZone z(config, tokens());
    return z;
}

uint16_t u16(const std::string& s, size_t at) {
    return static_cast<uint16_t>(static_cast<unsigned char>(s[at]) << 8 | static_cast<unsigned char>(s[at + 1]));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const QueryReading r = readQuery(data, size);
    if (r.status == QueryStatus::Ignore) return 0;
    if (r.status != QueryStatus::Ok) {
        const std::string h = DnsReply::headerOnly(r.query.id, r.query.recursion_desired,
                                                   r.status == QueryStatus::NotImp ? rcode::kNotImp : rcode::kFormErr);
        FUZZ_CHECK(h.size() == 12 && u16(h, 0) == r.query.id);
        return 0;
    }
    const DnsQuery& q = r.query;
    FUZZ_CHECK(!q.wire_name.empty() && q.wire_name.size() <= 255 && q.wire_name.back() == '\0');
    FUZZ_CHECK(q.udp_size >= 512);
    const size_t limit = q.udp_size < 1232 ? q.udp_size : 1232;
    const ZoneAnswer a = zone().answer(q, kNow, limit);
    FUZZ_CHECK(a.reply.size() >= 12 + q.wire_name.size() + 4 && a.reply.size() <= limit);
    FUZZ_CHECK(a.reply.size() <= size + kMaxGrowth);
    FUZZ_CHECK(u16(a.reply, 0) == q.id);
    FUZZ_CHECK((u16(a.reply, 2) & 0x8000) != 0);  // QR
    FUZZ_CHECK(u16(a.reply, 4) == 1);
    FUZZ_CHECK(a.reply.compare(12, q.wire_name.size(), q.wire_name) == 0);  // the name as asked
    const uint16_t rcode = u16(a.reply, 2) & 0xF;
    const uint16_t answers = u16(a.reply, 6);
    if (a.kind == ZoneAnswer::Kind::Session) {
        FUZZ_CHECK(tokens().live(a.token, kNow).has_value());
        FUZZ_CHECK(a.token.size() == LeakToken::kSize);
        FUZZ_CHECK(rcode == 0);
    } else {
        FUZZ_CHECK(a.token.empty());
    }
    if (a.kind == ZoneAnswer::Kind::Refused) FUZZ_CHECK(rcode == rcode::kRefused && answers == 0);
    FUZZ_CHECK(answers <= 1);
    return 0;
}
