// MtaStsPolicy: RFC 8461 MTA-STS: the _mta-sts TXT record ("v=STSv1;
// id=..."), the policy file served at
// https://mta-sts.<domain>/.well-known/mta-sts.txt, and whether an MX host
// matches the policy's mx patterns. Text in, values out: no facilities.
#ifndef IPFACTS_PLUGINS_MAIL_MTASTSPOLICY_H
#define IPFACTS_PLUGINS_MAIL_MTASTSPOLICY_H

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ipfacts::mail {

/// RFC 8461 3.2: max_age at most one year, in seconds.
inline constexpr int64_t kMtaStsMaxAge = 31557600;

struct MtaStsRecord {
    std::string raw;
    bool valid = false;
    std::optional<std::string> id;  ///< 1-32 letters and digits
    std::vector<std::string> errors;
};

struct MtaStsPolicyFile {
    bool valid = false;
    std::optional<std::string> version;  ///< STSv1
    std::optional<std::string> mode;     ///< enforce, testing or none
    std::optional<int64_t> maxAge;       ///< seconds
    std::vector<std::string> mx;         ///< patterns, lower case: "mail.example.com", "*.example.net"
    std::vector<std::string> errors;
};

/// True when a TXT text starts with "v=STSv1" (RFC 8461 3.1).
bool isMtaStsRecord(std::string_view text);
/// Parses the TXT record: v first, then id; other fields are ignored.
MtaStsRecord parseMtaStsRecord(std::string_view text);
/// Parses the policy body: "key: value" lines (CRLF or LF); version, mode
/// and max_age required once, mx once or more (unless mode is none).
MtaStsPolicyFile parseMtaStsPolicy(std::string_view body);
/// True when `host` (an MX name, no trailing dot) matches `pattern`: equal
/// ignoring case, or "*.x" matching exactly one label left of x (RFC 8461 4.1).
bool mxMatchesPattern(std::string_view host, std::string_view pattern);

}  // namespace ipfacts::mail

#endif
