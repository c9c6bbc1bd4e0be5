// PtrNames: the host names a PTR answer points to, cleaned up for the
// `hostnames` field and for the forward lookup that checks them.
#ifndef IPFACTS_PLUGINS_REVERSE_PTRNAMES_H
#define IPFACTS_PLUGINS_REVERSE_PTRNAMES_H

#include <ipfacts/plugin.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace ipfacts::reverse {

/// The targets of the PTR records in `answer`, in the order received,
/// without the trailing dot, each once (names compare ignoring letter case,
/// as DNS does; the first spelling is kept). Other record types (a CNAME
/// on the way) and a bare root target are skipped.
std::vector<std::string> ptrHostnames(const DnsAnswer& answer);

/// `data` of one PTR record as a host name: the trailing dot removed.
std::string hostnameOf(std::string_view data);

/// True when `name` can be put to the resolver as a question (the rules of
/// ipfacts::checkAsciiName, without a trailing dot): labels of 1
/// to 63 letters, digits, hyphens or underscores, at most 253 bytes. A PTR
/// target is whatever its owner wrote, so it is checked before it is asked.
bool isQueryableName(std::string_view name);

}  // namespace ipfacts::reverse

#endif
