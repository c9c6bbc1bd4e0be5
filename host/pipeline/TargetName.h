// TargetName: which path segments name something to look up at the short
// path /{target}: an address literal, or a public host name. A host name must
// end in a top-level domain the Public Suffix List names (libpsl's list, read
// once), so that the paths browsers and crawlers try on any site
// (/favicon.ico, /robots.txt, /sitemap.xml, /wp-login.php) stay no endpoint
// and never start a DNS query or spend a lookup. Thread-safe.
#pragma once

#include <string_view>

namespace ipfacts::pipeline {

/// An IPv4 or IPv6 literal (no zone, no brackets), or a host name: LDH
/// labels (or UTF-8 ones) of 1 to 63 bytes, not starting or ending with '-',
/// at least two, at most 253 bytes, one final dot allowed, the last label a
/// listed top-level domain. `segment` is percent-decoded.
bool isLookupTarget(std::string_view segment);

/// The host-name half of isLookupTarget.
bool isPublicHostName(std::string_view name);

}  // namespace ipfacts::pipeline
