// DmarcParser: text in, DmarcRecord out. No DNS: unit-tested against the
// corpus and fuzzed alone.
#ifndef IPFACTS_PLUGINS_MAIL_DMARCPARSER_H
#define IPFACTS_PLUGINS_MAIL_DMARCPARSER_H

#include "DmarcRecord.h"

#include <string_view>

namespace ipfacts::mail {

/// True when a TXT text starts with the DMARC version tag ("v=DMARC1", with
/// optional spaces around '=' and before ';'), which is how a DMARC record
/// is told from other TXT records at _dmarc (RFC 7489 6.6.3).
bool isDmarcRecord(std::string_view text);

/// Parses every tag: unknown values, duplicate tags and malformed URIs are
/// errors naming the tag; unknown tags are notes (ignored, as RFC 7489
/// says). Pure, thread-safe.
DmarcRecord parseDmarc(std::string_view text);

}  // namespace ipfacts::mail

#endif
