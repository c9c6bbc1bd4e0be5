// PtrHostname: the `hostname` of full=1, the first PTR name of the address.
// It is what the address's owner wrote into reverse DNS and is not forward
// confirmed (the /api/v1/reverse endpoint does that).
#ifndef IPFACTS_PLUGINS_IP_PTRHOSTNAME_H
#define IPFACTS_PLUGINS_IP_PTRHOSTNAME_H

#include <ipfacts/plugin.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace ipfacts::ip {

struct HostnameLookup {
    std::optional<std::string> name;    ///< the PTR name without its trailing dot
    std::optional<std::string> reason;  ///< set exactly when name is not
};

/// Asks the host's resolver for the PTR record of `address` (ipfacts::lookUpPtr)
/// and takes the first PTR name (a CNAME before it, as RFC 2317 delegation
/// writes, is skipped). Otherwise the reason, in the SDK's shared words
/// (ipfacts/reasons.hpp): NXDOMAIN and NODATA (NOERROR without a PTR
/// record) are "no PTR record: ..."; no response (timeout) or any other
/// response code is "PTR lookup failed: ...". Blocking.
HostnameLookup reverseHostname(const Host& host, std::string_view address);

}  // namespace ipfacts::ip

#endif
