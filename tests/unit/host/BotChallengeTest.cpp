// BotChallenge: a solved token is accepted once and lets its caller past the
// threshold for the rest of the UTC day; forged, foreign, expired, too easy,
// unsolved and malformed solutions are refused, each for its own reason.
#include "host/pipeline/BotChallenge.h"
#include "host/ratelimit/RateLimiter.h"

#include <cppunit/extensions/HelperMacros.h>

#include <openssl/sha.h>

using namespace ipfacts::pipeline;
using namespace ipfacts::ratelimit;
using ipfacts::net::IpAddress;
using ipfacts::store::ServerSecret;
using V = BotChallenge::Verdict;

namespace {

// 2026-11-22T10:00:00Z
constexpr int64_t kT0 = 1795341600;

std::string digest(const std::string& s) {
    unsigned char d[SHA256_DIGEST_LENGTH];
    SHA256(reinterpret_cast<const unsigned char*>(s.data()), s.size(), d);
    return std::string(reinterpret_cast<const char*>(d), sizeof d);
}

/// The first decimal nonce that solves (or, with `solve` false, fails) `c`.
std::string nonceFor(const IssuedChallenge& c, bool solve = true) {
    for (int n = 0;; ++n)
        if (BotChallenge::leadingZeroBits(digest(c.token + std::to_string(n)), c.difficulty) == solve)
            return std::to_string(n);
}

CounterKey keyOf(const IpAddress& a) { return RateLimiter::addressKey(1, a.bytes(), a.size()); }

}  // namespace

class BotChallengeTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(BotChallengeTest);
    CPPUNIT_TEST(leadingZeroBits);
    CPPUNIT_TEST(aSolutionIsAcceptedOnceAndLastsTheDay);
    CPPUNIT_TEST(refusals);
    CPPUNIT_TEST(aRaisedDifficultyRefusesEasierTokens);
    CPPUNIT_TEST_SUITE_END();

    ServerSecret secret{std::string(32, 's')};
    IpAddress a = *IpAddress::parse("192.0.2.7");
    IpAddress b = *IpAddress::parse("192.0.2.8");

public:
    void leadingZeroBits() {
        const std::string d("\x00\x0f\xff", 3);
        CPPUNIT_ASSERT(BotChallenge::leadingZeroBits(d, 0));
        CPPUNIT_ASSERT(BotChallenge::leadingZeroBits(d, 8));
        CPPUNIT_ASSERT(BotChallenge::leadingZeroBits(d, 12));
        CPPUNIT_ASSERT(!BotChallenge::leadingZeroBits(d, 13));
        CPPUNIT_ASSERT(!BotChallenge::leadingZeroBits(std::string("\x80", 1), 1));
        CPPUNIT_ASSERT(!BotChallenge::leadingZeroBits(std::string("\x00", 1), 9));  // more bits than bytes
    }

    void aSolutionIsAcceptedOnceAndLastsTheDay() {
        BotChallenge bc(secret, {10, 600});
        auto c = bc.issue(a, kT0);
        CPPUNIT_ASSERT_EQUAL(10u, c.difficulty);
        CPPUNIT_ASSERT_EQUAL(kT0 + 600, c.expires_unix);
        CPPUNIT_ASSERT(!bc.solved(keyOf(a), kT0));
        const std::string solution = c.token + " " + nonceFor(c);
        CPPUNIT_ASSERT(V::Accepted == bc.accept(solution, a, keyOf(a), kT0 + 5));
        CPPUNIT_ASSERT(bc.solved(keyOf(a), kT0 + 3600));
        CPPUNIT_ASSERT(!bc.solved(keyOf(b), kT0 + 3600));
        CPPUNIT_ASSERT(V::Replayed == bc.accept(solution, a, keyOf(a), kT0 + 6));
        // The next UTC day starts over.
        CPPUNIT_ASSERT(!bc.solved(keyOf(a), kT0 + 86400));
        // Two challenges of one caller are different tokens.
        CPPUNIT_ASSERT(bc.issue(a, kT0).token != bc.issue(a, kT0).token);
    }

    void refusals() {
        BotChallenge bc(secret, {8, 60});
        auto c = bc.issue(a, kT0);
        const std::string nonce = nonceFor(c);
        CPPUNIT_ASSERT(V::OtherAddress == bc.accept(c.token + " " + nonce, b, keyOf(b), kT0));
        CPPUNIT_ASSERT(V::Expired == bc.accept(c.token + " " + nonce, a, keyOf(a), kT0 + 61));
        CPPUNIT_ASSERT(V::Unsolved == bc.accept(c.token + " " + nonceFor(c, false), a, keyOf(a), kT0));
        CPPUNIT_ASSERT(V::Malformed == bc.accept(c.token, a, keyOf(a), kT0));
        CPPUNIT_ASSERT(V::Malformed == bc.accept(c.token + " ", a, keyOf(a), kT0));
        CPPUNIT_ASSERT(V::Malformed == bc.accept(c.token + " a;b", a, keyOf(a), kT0));
        CPPUNIT_ASSERT(V::Malformed == bc.accept("c1.x " + nonce, a, keyOf(a), kT0));
        // Another secret's token, or this one's with the expiry pushed back: forged.
        BotChallenge other(ServerSecret(std::string(32, 'o')), {8, 60});
        auto theirs = other.issue(a, kT0);
        CPPUNIT_ASSERT(V::Forged == bc.accept(theirs.token + " " + nonceFor(theirs), a, keyOf(a), kT0));
        std::string later = c.token;
        later.replace(later.find(std::to_string(c.expires_unix)), 10, std::to_string(c.expires_unix + 9999));
        CPPUNIT_ASSERT(V::Forged == bc.accept(later + " " + nonce, a, keyOf(a), kT0));
        CPPUNIT_ASSERT(!bc.solved(keyOf(a), kT0));  // nothing above let it through
        CPPUNIT_ASSERT(V::Accepted == bc.accept(c.token + " " + nonce, a, keyOf(a), kT0));
    }

    void aRaisedDifficultyRefusesEasierTokens() {
        BotChallenge easy(secret, {4, 600});
        auto c = easy.issue(a, kT0);
        BotChallenge hard(secret, {12, 600});  // the manifest changed, same secret
        CPPUNIT_ASSERT(V::TooEasy == hard.accept(c.token + " " + nonceFor(c), a, keyOf(a), kT0));
    }
};
CPPUNIT_TEST_SUITE_REGISTRATION(BotChallengeTest);
