// RedisCounterScript: the Lua script that counts a batch of requests in Redis,
// and the two ends of one call to it: the EVALSHA command, written straight in
// Redis's wire protocol (RESP) so a batch costs no argument vector, and the
// decisions read back from its one-string reply. Knows nothing of connections:
// a transport sends what it writes (RedisRateCounters, one per event loop).
#pragma once

#include "host/ratelimit/SharedCounters.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace ipfacts::store {

/// One request waiting for its count.
struct CounterAsk {
    ratelimit::CounterKey key;
    manifest::Quota quota;
    int64_t now_s = 0;
    ratelimit::ChallengePass pass;  // signature empty: none sent
    ratelimit::SharedCounters::Done done;
};

/// The script's text (docs/operations.md, "Where counters live").
const char* counterScript();
/// Its SHA-1, hex: what EVALSHA names.
const std::string& counterScriptSha();
/// SCRIPT LOAD of the script, in the wire protocol.
std::string counterScriptLoad();

/// Appends to `out` the EVALSHA call that counts `asks[0..n)` in order, keys
/// under `prefix`. Each caller's keys carry the caller in braces (a cluster
/// hash tag), so one caller's windows, challenge mark and replay records
/// share a slot: `<prefix>{<caller>}m:<minute>` and so on.
void appendCounterCall(std::string& out, const std::string& prefix, const CounterAsk* asks, size_t n);

/// The decisions for `asks[0..n)` from the call's reply text, in order;
/// false (and `out` unspecified) when the text is not a reply to that call.
bool readCounterReply(std::string_view reply, const CounterAsk* asks, size_t n,
                      std::vector<ratelimit::RateDecision>& out);

}  // namespace ipfacts::store
