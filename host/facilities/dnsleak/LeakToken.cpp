#include "host/facilities/dnsleak/LeakToken.h"

#include <cstdio>

namespace ipfacts::facilities::dnsleak {
namespace {

bool hexDigit(char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); }

}  // namespace

std::string LeakToken::mac(std::string_view body) const { return secret_.hmacHex("dnsleak", body).substr(0, kMacHex); }

std::string LeakToken::make(int64_t expires_unix) const {
    char expiry[kExpiryHex + 1];
    std::snprintf(expiry, sizeof expiry, "%08x", static_cast<unsigned>(static_cast<uint32_t>(expires_unix)));
    std::string body = ipfacts::store::randomHex(kRandomHex / 2) + expiry;
    return body + mac(body);
}

std::string LeakToken::normalised(std::string_view token) {
    if (token.size() != kSize) return "";
    std::string out(token);
    for (char& c : out) {
        if (c >= 'A' && c <= 'F') c = static_cast<char>(c - 'A' + 'a');
        if (!hexDigit(c)) return "";
    }
    return out;
}

std::optional<int64_t> LeakToken::live(std::string_view token, int64_t now_unix) const {
    const std::string t = normalised(token);
    if (t.empty()) return std::nullopt;
    const std::string_view body = std::string_view(t).substr(0, kRandomHex + kExpiryHex);
    if (!ipfacts::store::equalTokens(mac(body), std::string_view(t).substr(kRandomHex + kExpiryHex)))
        return std::nullopt;
    const int64_t expires = static_cast<int64_t>(std::stoul(std::string(body.substr(kRandomHex)), nullptr, 16));
    if (expires <= now_unix) return std::nullopt;
    return expires;
}

}  // namespace ipfacts::facilities::dnsleak
