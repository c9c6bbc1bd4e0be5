// RowCodec: a ListingResult as the bytes the cache facility keeps, and back.
// The cache hands back whatever it holds (another build's layout, a shared
// backend), so decoding checks every length and refuses anything else.
#ifndef IPFACTS_PLUGINS_DNSBL_ROWCODEC_H
#define IPFACTS_PLUGINS_DNSBL_ROWCODEC_H

#include "ListingResult.h"

#include <optional>
#include <string>
#include <string_view>

namespace ipfacts::dnsbl {

/// "r1" then each field as <decimal length>:<bytes>. Pure.
std::string encodeRow(const ListingResult& row);

/// The row `bytes` encodes, or nullopt when they are not exactly one row
/// of this layout. Pure; reads only within `bytes`.
std::optional<ListingResult> decodeRow(std::string_view bytes);

}  // namespace ipfacts::dnsbl

#endif
