// Fuzz target: the X-Challenge-Solution header (host/pipeline/BotChallenge.cpp,
// check and record). The whole input is the header's value, "<token> <nonce>",
// checked for the caller 192.0.2.1 at a fixed time under a fixed secret (the
// corpus holds a real solution for them: corpus/fuzz_bot_challenge/solved).
// A check records nothing and gives the same verdict twice; only a token this
// secret signed for this caller, unexpired, at the difficulty and with the
// work done is accepted, and then recorded once: the second record is Replayed.
#include "host/pipeline/BotChallenge.h"

#include "tests/fuzz/FuzzCheck.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

using namespace ipfacts;
using namespace ipfacts::pipeline;
using namespace ipfacts::ratelimit;

namespace {

constexpr int64_t kNow = 1795341600;  // 2026-11-22T10:00:00Z

const store::ServerSecret& secret() {
    static const store::ServerSecret s(std::string(32, 'f'));
    return s;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view in(reinterpret_cast<const char*>(data), size);
    const net::IpAddress caller = *net::IpAddress::parse("192.0.2.1");
    BotChallenge challenge(secret(), ChallengeConfig{4, 600});

    ChallengePass pass, again;
    const auto verdict = challenge.check(in, caller, kNow, pass);
    FUZZ_CHECK(challenge.check(in, caller, kNow, again) == verdict);
    FUZZ_CHECK(BotChallenge::explain(verdict) != nullptr);
    if (verdict != BotChallenge::Verdict::Accepted) {
        FUZZ_CHECK(pass.signature.empty());
        return 0;
    }
    FUZZ_CHECK(in.rfind("c1.c0000201.", 0) == 0);
    FUZZ_CHECK(pass.signature.size() == 64 && pass.signature == again.signature);
    FUZZ_CHECK(pass.expires_unix >= kNow);
    CounterKey key;
    key.bytes[1] = 4;
    FUZZ_CHECK(!challenge.solved(key, kNow));
    FUZZ_CHECK(challenge.record(pass, key, kNow) == BotChallenge::Verdict::Accepted);
    FUZZ_CHECK(challenge.solved(key, kNow));
    FUZZ_CHECK(challenge.record(pass, key, kNow) == BotChallenge::Verdict::Replayed);
    return 0;
}
