#include "host/pipeline/BotChallenge.h"

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/rand.h>

#include <charconv>
#include <stdexcept>
#include <vector>

namespace ipfacts::pipeline {
namespace {

// The nonce: what a solver may append. Printable and shell-safe, bounded.
constexpr size_t kMaxNonce = 64;

std::string toHex(const unsigned char* p, size_t n) {
    static const char* digits = "0123456789abcdef";
    std::string out;
    out.reserve(n * 2);
    for (size_t i = 0; i < n; ++i) out += digits[p[i] >> 4], out += digits[p[i] & 0xf];
    return out;
}

std::string sha256(std::string_view data) {
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    EVP_Digest(data.data(), data.size(), digest, &len, EVP_sha256(), nullptr);
    return std::string(reinterpret_cast<const char*>(digest), len);
}

std::vector<std::string_view> split(std::string_view s, char sep) {
    std::vector<std::string_view> parts;
    for (size_t at; (at = s.find(sep)) != std::string_view::npos; s.remove_prefix(at + 1))
        parts.push_back(s.substr(0, at));
    parts.push_back(s);
    return parts;
}

template <typename T>
bool number(std::string_view s, T& out) {
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && p == s.data() + s.size() && !s.empty();
}

bool shellSafe(std::string_view s) {
    for (char c : s)
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-' || c == '_'))
            return false;
    return true;
}

}  // namespace

BotChallenge::BotChallenge(const store::ServerSecret& secret, ChallengeConfig config)
    : secret_(secret), config_(config) {}

std::string BotChallenge::payloadOf(const net::IpAddress& block, int64_t expires, unsigned difficulty,
                                    std::string_view salt) const {
    // c1.<block hex>.<expires>.<difficulty>.<salt>: [0-9a-f.] only, so the
    // token goes through shells and headers untouched.
    return "c1." + toHex(block.bytes(), block.size()) + "." + std::to_string(expires) + "." +
           std::to_string(difficulty) + "." + std::string(salt);
}

IssuedChallenge BotChallenge::issue(const net::IpAddress& block, int64_t now_s) const {
    unsigned char raw[8];
    if (RAND_bytes(raw, sizeof raw) != 1) throw std::runtime_error("no randomness for a challenge");
    IssuedChallenge c;
    c.difficulty = config_.difficulty;
    c.expires_unix = now_s + config_.lifetime_s;
    const std::string payload = payloadOf(block, c.expires_unix, c.difficulty, toHex(raw, sizeof raw));
    c.token = payload + "." + secret_.hmacHex("challenge", payload);
    return c;
}

BotChallenge::Verdict BotChallenge::accept(std::string_view solution, const net::IpAddress& block,
                                           const ratelimit::CounterKey& caller, int64_t now_s) {
    ratelimit::ChallengePass pass;
    const Verdict v = check(solution, block, now_s, pass);
    return v == Verdict::Accepted ? record(pass, caller, now_s) : v;
}

BotChallenge::Verdict BotChallenge::check(std::string_view solution, const net::IpAddress& block, int64_t now_s,
                                          ratelimit::ChallengePass& pass) const {
    const size_t space = solution.find(' ');
    if (space == std::string_view::npos) return Verdict::Malformed;
    const std::string_view token = solution.substr(0, space), nonce = solution.substr(space + 1);
    if (nonce.empty() || nonce.size() > kMaxNonce || !shellSafe(nonce)) return Verdict::Malformed;
    const auto parts = split(token, '.');
    int64_t expires = 0;
    unsigned difficulty = 0;
    if (parts.size() != 6 || parts[0] != "c1" || !number(parts[2], expires) || !number(parts[3], difficulty) ||
        difficulty > 64)
        return Verdict::Malformed;
    const std::string_view signed_part = token.substr(0, token.size() - parts[5].size() - 1);
    const std::string mac = secret_.hmacHex("challenge", signed_part);
    if (mac.size() != parts[5].size() || CRYPTO_memcmp(mac.data(), parts[5].data(), mac.size()) != 0)
        return Verdict::Forged;
    if (parts[1] != toHex(block.bytes(), block.size())) return Verdict::OtherAddress;
    if (now_s > expires) return Verdict::Expired;
    // A token issued before the manifest raised the difficulty no longer buys a pass.
    if (difficulty < config_.difficulty) return Verdict::TooEasy;
    if (!leadingZeroBits(sha256(std::string(token) + std::string(nonce)), difficulty)) return Verdict::Unsolved;
    pass.signature = std::string(parts[5]);
    pass.expires_unix = expires;
    return Verdict::Accepted;
}

BotChallenge::Verdict BotChallenge::record(const ratelimit::ChallengePass& pass, const ratelimit::CounterKey& caller,
                                           int64_t now_s) {
    std::lock_guard<std::mutex> lock(mu_);
    for (auto it = used_.begin(); it != used_.end();) it = it->second < now_s ? used_.erase(it) : std::next(it);
    if (!used_.emplace(pass.signature, pass.expires_unix).second) return Verdict::Replayed;
    if (solved_day_ != now_s / 86400) solved_.clear(), solved_day_ = now_s / 86400;
    solved_.insert(caller);
    return Verdict::Accepted;
}

bool BotChallenge::solved(const ratelimit::CounterKey& caller, int64_t now_s) const {
    std::lock_guard<std::mutex> lock(mu_);
    if (solved_day_ != now_s / 86400) solved_.clear(), solved_day_ = now_s / 86400;
    return solved_.count(caller) > 0;
}

bool BotChallenge::leadingZeroBits(std::string_view digest, unsigned bits) {
    for (unsigned char b : digest) {
        if (bits == 0) return true;
        if (bits >= 8) {
            if (b != 0) return false;
            bits -= 8;
        } else {
            return (b >> (8 - bits)) == 0;
        }
    }
    return bits == 0;
}

const char* BotChallenge::explain(Verdict v) {
    switch (v) {
        case Verdict::Accepted:
            return "the solution is accepted";
        case Verdict::Malformed:
            return "X-Challenge-Solution must be '<token> <nonce>', the nonce 1-64 of [A-Za-z0-9_-]";
        case Verdict::Forged:
            return "the challenge token was not issued by this service";
        case Verdict::OtherAddress:
            return "the challenge was issued to another address";
        case Verdict::Expired:
            return "the challenge has expired; ask again for a new one";
        case Verdict::TooEasy:
            return "the challenge's difficulty is below the one now required; ask again for a new one";
        case Verdict::Unsolved:
            return "SHA-256 of token and nonce does not start with the required zero bits";
        case Verdict::Replayed:
            return "this challenge was already used; each is accepted once";
    }
    return "the solution is refused";
}

}  // namespace ipfacts::pipeline
