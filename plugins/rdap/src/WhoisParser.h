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

/// Reads `text` as the answer to the `kind` query `query` from `server`.
/// Never throws; a text with nothing recognisable gives a summary of nulls.
Summary parseWhois(std::string_view text, QueryKind kind, const std::string& server, const std::string& query);

/// The server this answer refers the query to ("refer:", "whois:",
/// "ReferralServer: whois://host:port", "Registrar WHOIS Server:"), as
/// "host" or "host:port"; empty when none.
std::string whoisReferral(std::string_view text);

/// True when the answer says the object does not exist ("No match for",
/// "NOT FOUND", "Status: free", "%ERROR:101: no entries found").
bool whoisSaysNotFound(std::string_view text);

/// True when the server refuses to answer now ("access control limit reached",
/// "query quota ... has been exceeded", "WHOIS LIMIT EXCEEDED").
bool whoisSaysRateLimited(std::string_view text);

enum class WhoisOutcome { Answer, NotRegistered, RateLimited };

/// What an answer and its summary amount to: data about a registration, the
/// server saying there is none, or the server refusing to answer now.
WhoisOutcome whoisOutcome(std::string_view text, const Summary& summary);

}  // namespace ipfacts::rdap

#endif
