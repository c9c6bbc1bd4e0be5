// TxtText: the text of a TXT record as the resolver facility hands it over
// (presentation format: one or more quoted character-strings with \" \\ and
// \DDD escapes), turned into the one string SPF, DMARC, MTA-STS and TLS-RPT
// read. RFC 7208 3.3: the strings of one record are joined with nothing in
// between, so a 300-octet record split into 255 + 45 reads as one.
#ifndef IPFACTS_PLUGINS_MAIL_TXTTEXT_H
#define IPFACTS_PLUGINS_MAIL_TXTTEXT_H

#include <string>
#include <string_view>

namespace ipfacts::mail {

/// The character-strings of `data` joined (ipfacts::txtStrings, then
/// joinTxt). Never fails: text the SDK's reader refuses as malformed is
/// returned as given. Pure.
std::string joinTxtStrings(std::string_view data);

/// How many character-strings `data` holds (for the note that a record was
/// split into several); 1 for malformed text. Pure.
size_t txtStringCount(std::string_view data);

}  // namespace ipfacts::mail

#endif
