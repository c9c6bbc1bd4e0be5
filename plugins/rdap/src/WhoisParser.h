// WhoisParser: the text a WHOIS server (RFC 3912) sends, read into the same
// Summary as an RDAP answer, with `source` "whois". Knows the `key: value`
// layouts of ARIN, the RIPE-style databases (RIPE NCC, APNIC, AFRINIC),
// LACNIC, and three domain registry layouts: ICANN's gTLD format
// (Verisign, PIR, most new gTLDs), DENIC's, and the indented blocks of
// EURid and Nominet. Also finds the referral a server gives.
#ifndef IPFACTS_PLUGINS_RDAP_WHOISPARSER_H
#define IPFACTS_PLUGINS_RDAP_WHOISPARSER_H

#include "RdapQuery.h"
#include "Summary.h"

#include <string>
#include <string_view>

namespace ipfacts::rdap {

/// Reads `text` as the answer to a `kind` query from `server`. Never throws;
/// a text with nothing recognisable gives a summary of nulls.
Summary parseWhois(std::string_view text, QueryKind kind, const std::string& server);

/// The server this answer refers the query to ("refer:", "whois:",
/// "ReferralServer: whois://host:port", "Registrar WHOIS Server:"), as
/// "host" or "host:port"; empty when none.
std::string whoisReferral(std::string_view text);

/// True when the answer says the object does not exist ("No match for",
/// "NOT FOUND", "Status: free", "%ERROR:101: no entries found").
bool whoisSaysNotFound(std::string_view text);

}  // namespace ipfacts::rdap

#endif
