// ZoneHealth: whether a blocklist's zone can be believed, from its RFC 5782
// section 5 test points: 127.0.0.2 must be listed and 127.0.0.1 must not
// (for a list of IPv6 addresses, ::FFFF:7F00:1 must not be listed either).
// A dead zone that was re-registered and parked, or a list that answers
// every name, fails and is marked unusable in its rows, so it never reports
// every address as listed.
#ifndef IPFACTS_PLUGINS_DNSBL_ZONEHEALTH_H
#define IPFACTS_PLUGINS_DNSBL_ZONEHEALTH_H

#include "Blocklist.h"

#include <ipfacts/plugin.hpp>

#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

namespace ipfacts::dnsbl {

struct ZoneHealth {
    enum class Status {
        Unchecked,  ///< never checked
        Usable,     ///< both test points answered as RFC 5782 says
        Unusable,   ///< a test point failed: the zone's answers mean nothing
        Unknown     ///< the check got no usable answer (time-out, refusal): the rows say so, and are asked
    };
    Status status = Status::Unchecked;
    std::string reason;       ///< why not Usable; empty when Usable
    int64_t checkedAtMs = 0;  ///< when the answers came; 0 when Unchecked

    bool usable() const { return status != Status::Unusable; }
};

/// The test point questions for `list`: A of 127.0.0.2 and of 127.0.0.1
/// under its zone, and for an IPv6 list A of ::FFFF:7F00:1 (nibbles).
std::vector<DnsQuestion> healthQuestions(const Blocklist& list);

/// Judges the answers to healthQuestions(list), in the same order, at `nowMs`.
/// Pure, thread-safe.
ZoneHealth judgeHealth(const Blocklist& list, const std::vector<DnsAnswerView>& answers, int64_t nowMs);

/// The health of every list of the catalogue, by index, shared by every
/// request and the periodic check. Thread-safe.
class HealthBoard {
public:
    explicit HealthBoard(size_t lists) : health_(lists) {}
    ZoneHealth get(size_t list) const;
    void set(size_t list, ZoneHealth health);
    /// True when list `list` was never checked or its check is `intervalMs` old.
    bool stale(size_t list, int64_t nowMs, int64_t intervalMs) const;

private:
    mutable std::mutex mu_;
    std::vector<ZoneHealth> health_;
};

/// The one health check of every list (the periodic task's body): one
/// parallel batch of every list's test points through the named resolver
/// `resolver`, results on `board`. Blocking: call it on a worker.
void checkAllZones(const Host& host, const std::string& resolver, const std::vector<Blocklist>& lists,
                   HealthBoard& board);

}  // namespace ipfacts::dnsbl

#endif
