// ChallengePass: a bot challenge solution that checked out (signature, own
// address, not expired, the work done) and is still to be recorded: once as
// used until `expires_unix`, and its caller as solved for the UTC day. In
// memory by BotChallenge::record, or with the count in the shared counters.
#pragma once

#include <cstdint>
#include <string>

namespace ipfacts::ratelimit {

struct ChallengePass {
    std::string signature;  // the token's HMAC, hex: what makes it unique
    int64_t expires_unix = 0;
};

}  // namespace ipfacts::ratelimit
