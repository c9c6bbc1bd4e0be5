// LeakZone: what the responder answers, decided from the question alone.
//
// - A name under a live session (<label>.<token>.<zone>, or <token>.<zone>
//   itself, which a resolver minimising its questions asks first): NOERROR
//   with the service's A or AAAA (TTL 0), or no data for another type, and
//   the question is recorded. Not NXDOMAIN: a resolver minimising its
//   questions stops at an NXDOMAIN for <token>.<zone> and never asks the
//   full name (RFC 8020), and a browser whose name does not resolve may not
//   ask again; an address also lets the /dnsleak page's image requests
//   resolve like any page asset.
// - The apex: its SOA and NS, no data for other types.
// - Anything else (another zone, an unknown or expired token, a label that
//   is not letters, digits, '-' or '_', ANY, zone transfers, a class other
//   than IN): REFUSED, no data, not authoritative.
#pragma once

#include "host/facilities/dnsleak/DnsLeakConfig.h"
#include "host/facilities/dnsleak/DnsQuery.h"
#include "host/facilities/dnsleak/LeakToken.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ipfacts::facilities::dnsleak {

struct ZoneAnswer {
    enum class Kind { Session, Apex, Refused, BadVersion };
    Kind kind = Kind::Refused;
    std::string reply;  // the wire bytes to send
    std::string token;  // Session: the session's token, lower case
};

class LeakZone {
public:
    LeakZone(const DnsLeakConfig& config, const LeakToken& tokens);

    /// The answer to `q` at `now_unix`, at most `limit` bytes. Thread-safe.
    ZoneAnswer answer(const DnsQuery& q, int64_t now_unix, size_t limit) const;

private:
    ZoneAnswer session(const DnsQuery& q, size_t prefix_labels, std::string token, size_t limit) const;
    ZoneAnswer apex(const DnsQuery& q, size_t prefix_labels, size_t limit) const;
    std::string soa(uint16_t zone_at) const;

    std::vector<std::string> zone_labels_;  // lower case
    std::string a_;                         // 4 bytes or empty
    std::string aaaa_;                      // 16 bytes or empty
    std::string nameserver_wire_;
    const LeakToken& tokens_;
};

}  // namespace ipfacts::facilities::dnsleak
