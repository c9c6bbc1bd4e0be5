// ipfacts DNS response codes (RFC 1035 4.1.1) as the plugins name them in
// `reasons` and error messages. Header-only, C++17; pure and thread-safe.
#ifndef IPFACTS_DNS_RCODE_HPP
#define IPFACTS_DNS_RCODE_HPP

#include <string>

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
        case kRcodeNoError: return "NOERROR";
        case kRcodeFormErr: return "FORMERR";
        case kRcodeServFail: return "SERVFAIL";
        case kRcodeNxDomain: return "NXDOMAIN";
        case kRcodeNotImp: return "NOTIMP";
        case kRcodeRefused: return "REFUSED";
        default: return "response code " + std::to_string(rcode);
    }
}

}  // namespace ipfacts

#endif
