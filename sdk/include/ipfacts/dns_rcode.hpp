// ipfacts DNS response codes (RFC 1035 4.1.1) as the plugins name them in
// `reasons` and error messages. Header-only, C++17; pure and thread-safe.
#ifndef IPFACTS_DNS_RCODE_HPP
#define IPFACTS_DNS_RCODE_HPP

#include <optional>
#include <string>
#include <string_view>

namespace ipfacts {

inline constexpr int kRcodeNoError = 0;
inline constexpr int kRcodeFormErr = 1;
inline constexpr int kRcodeServFail = 2;
inline constexpr int kRcodeNxDomain = 3;
inline constexpr int kRcodeNotImp = 4;
inline constexpr int kRcodeRefused = 5;

/// "NOERROR", "FORMERR", "SERVFAIL", "NXDOMAIN", "NOTIMP", "REFUSED" for
/// codes 0 to 5; "response code N" for any other (DnsAnswer::rcode -1, no
/// response, included: check DnsAnswer::error for that). Returns a new string.
inline std::string rcodeName(int rcode) {
    switch (rcode) {
        case kRcodeNoError:
            return "NOERROR";
        case kRcodeFormErr:
            return "FORMERR";
        case kRcodeServFail:
            return "SERVFAIL";
        case kRcodeNxDomain:
            return "NXDOMAIN";
        case kRcodeNotImp:
            return "NOTIMP";
        case kRcodeRefused:
            return "REFUSED";
        default:
            return "response code " + std::to_string(rcode);
    }
}

/// What a failed answer says when the facility gave no words for it (the
/// ABI promises some; a missing one must still say something).
inline constexpr const char* kNoDnsResponseText = "no response from the DNS resolver";

/// Why an answer with response code `rcode` (-1: no response came, and
/// `error` holds the facility's words) cannot be used, in the one wording
/// every plugin gives after "... failed: ":
///
///   no response, "timeout"   "timeout (the DNS resolver did not answer in time)"
///   no response, other text  the facility's words ("connection refused")
///   no response, no text     "no response from the DNS resolver"
///   any response code        "the DNS resolver answered SERVFAIL"
///
/// Whether a code is a failure is the caller's: NXDOMAIN answers a name
/// lookup, but fails a PTR one. The resolver's address is never included: it
/// is the operator's business, not the caller's.
inline std::string dnsFailureText(int rcode, std::optional<std::string_view> error) {
    if (rcode >= 0) return "the DNS resolver answered " + rcodeName(rcode);
    if (!error || error->empty()) return kNoDnsResponseText;
    if (*error == "timeout") return "timeout (the DNS resolver did not answer in time)";
    return std::string(*error);
}

}  // namespace ipfacts

#endif
