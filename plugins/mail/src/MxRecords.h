// MxRecords: a domain's MX hosts in preference order with their addresses
// (in preference order, with addresses), the null MX of RFC 7505, and why a list is
// empty or incomplete.
#ifndef IPFACTS_PLUGINS_MAIL_MXRECORDS_H
#define IPFACTS_PLUGINS_MAIL_MXRECORDS_H

#include "MailDns.h"

#include <optional>
#include <string>
#include <vector>

namespace ipfacts::mail {

/// At most this many MX hosts get their addresses looked up.
inline constexpr size_t kMaxMxHosts = 20;

struct MxHost {
    std::string host;  ///< no trailing dot, lower case
    int preference = 0;
    std::vector<std::string> addresses;  ///< A then AAAA, canonical text
    bool resolves = false;               ///< at least one address
    std::optional<std::string> error;    ///< an address lookup failed or was not made
};

struct MxFacts {
    std::vector<MxHost> records;        ///< preference ascending, ties by host name (ASCII order)
    bool nullMx = false;                ///< the single record "0 ." (RFC 7505): the domain accepts no mail
    std::optional<MxHost> implicitMx;   ///< no MX records: the domain itself, preference 0 (RFC 5321 5.1)
    std::optional<std::string> reason;  ///< why records is empty or incomplete
};

/// Looks up the MX records of `domain` and the addresses of each host (one
/// batch for all hosts). Records whose data is not "preference host" are
/// skipped and named in `reason`.
MxFacts lookUpMx(MailDns& dns, const std::string& domain);

/// Parses MX data "10 mx.example.com." into (preference, host without the
/// dot, lower case); nullopt when malformed. Pure.
std::optional<std::pair<int, std::string>> parseMxData(std::string_view data);

}  // namespace ipfacts::mail

#endif
