// ListingVerdict: what a blocklist's answer means (RFC 5782 2.1, 5 and the
// list's own documentation in the catalogue). An address is listed only when
// every A record of the answer is a code the list documents as a listing; a
// refusal code (Spamhaus's 127.255.255.254), 127.0.0.1, an answer outside
// 127.0.0.0/8, an undocumented code, a time-out or SERVFAIL make the row an
// error, never a listing.
#ifndef IPFACTS_PLUGINS_DNSBL_LISTINGVERDICT_H
#define IPFACTS_PLUGINS_DNSBL_LISTINGVERDICT_H

#include "Blocklist.h"
#include "ListingResult.h"

#include <ipfacts/plugin.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace ipfacts::dnsbl {

/// The longest TXT text a row carries; a list's TXT record is the zone
/// owner's text, and one record must not make a body balloon.
inline constexpr size_t kMaxTxtBytes = 300;

/// Judges `a`, the answer to the A question of `list` about one address, and
/// `txt`, the answer to its TXT question (nullptr when not asked). The raw
/// A data is kept in `answer` whatever the outcome; the TXT text only joins
/// `reason` of a listing. Pure, thread-safe.
ListingResult judgeListing(const Blocklist& list, const DnsAnswerView& a, const DnsAnswerView* txt);

/// Why one A record `data` of `list`'s answer is not a listing, or nullopt
/// when it is a documented listing code. Also used by the zone health check.
std::optional<std::string> notAListing(const Blocklist& list, std::string_view data);

/// True when `data` is one of the refusal codes `list` documents.
bool isRefusal(const Blocklist& list, std::string_view data);

/// The text of the TXT records of `answer` (each record's strings joined,
/// records joined by " | "), bytes outside printable ASCII replaced by '?',
/// cut to kMaxTxtBytes; nullopt when there is none or the answer failed.
std::optional<std::string> txtText(const DnsAnswerView& answer);

}  // namespace ipfacts::dnsbl

#endif
