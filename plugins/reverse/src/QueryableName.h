// QueryableName: whether a PTR target can be put to the resolver as a
// forward question. A PTR target is whatever the address's owner wrote, so
// it is checked before it is asked.
#ifndef IPFACTS_PLUGINS_REVERSE_QUERYABLENAME_H
#define IPFACTS_PLUGINS_REVERSE_QUERYABLENAME_H

#include <string_view>

namespace ipfacts::reverse {

/// True when `name` (a PTR host name, its trailing dot already removed by
/// ipfacts::ptrNames) follows the rules of ipfacts::checkAsciiName: labels of
/// 1 to 63 letters, digits, hyphens or underscores, at most 253 bytes.
bool isQueryableName(std::string_view name);

}  // namespace ipfacts::reverse

#endif
