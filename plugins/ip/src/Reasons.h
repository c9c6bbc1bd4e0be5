// Reasons: the top-level `reasons` object of a 200 response (DESIGN 7).
// A field that is null because something failed or is not configured gets
// one line here saying why; a field that is simply unknown gets none.
#ifndef IPFACTS_PLUGINS_IP_REASONS_H
#define IPFACTS_PLUGINS_IP_REASONS_H

#include <string>
#include <utility>
#include <vector>

namespace ipfacts::ip {

/// Field (or field group) name to explanation, in the order they arose.
/// Written only when not empty.
using Reasons = std::vector<std::pair<std::string, std::string>>;

/// Keys for groups of fields that are nulled together. DESIGN 7 keys by
/// field name; these two name a group instead, one line for many fields:
/// "geolocation" covers city .. local_time, "network" covers isp .. as_domain,
/// rir and connection_type. (Not the `network` object, which is always known.)
inline constexpr const char* kGeolocationReason = "geolocation";
inline constexpr const char* kNetworkReason = "network";

}  // namespace ipfacts::ip

#endif
