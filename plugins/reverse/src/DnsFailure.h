// DnsFailure: whether an answer to a forward (A/AAAA) question can be used,
// and if not, the words a `reasons.forward_addresses` entry gives for it. The
// PTR question's reasons are the SDK's shared ones (ipfacts/reasons.hpp).
#ifndef IPFACTS_PLUGINS_REVERSE_DNSFAILURE_H
#define IPFACTS_PLUGINS_REVERSE_DNSFAILURE_H

#include <ipfacts/plugin.hpp>

#include <optional>
#include <string>

namespace ipfacts::reverse {

/// nullopt when the answer is usable: NOERROR, or NXDOMAIN (the name does
/// not exist, which is an answer too). Otherwise why not: the facility's
/// error when no response came ("timeout"), else the response code
/// ("the DNS resolver answered SERVFAIL"). The resolver's address is left
/// out on purpose: it is the operator's, not the caller's business.
std::optional<std::string> failureOf(const DnsAnswer& answer);

}  // namespace ipfacts::reverse

#endif
