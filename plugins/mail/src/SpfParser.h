// SpfParser: text in, SpfRecord out (RFC 7208 section 12 grammar). No DNS,
// no facilities: unit-tested against the corpus and fuzzed alone.
#ifndef IPFACTS_PLUGINS_MAIL_SPFPARSER_H
#define IPFACTS_PLUGINS_MAIL_SPFPARSER_H

#include "SpfRecord.h"

#include <string_view>

namespace ipfacts::mail {

/// True when a TXT text is an SPF record: "v=spf1" (any letter case)
/// followed by a space or the end (RFC 7208 4.5). "v=spf10" is not one.
bool isSpfRecord(std::string_view text);

/// Parses a record (isSpfRecord true, or errors say it is not one). Every
/// term is kept, errors name the term by position and text; valid is true
/// when there are none. Pure, thread-safe.
SpfRecord parseSpf(std::string_view text);

}  // namespace ipfacts::mail

#endif
