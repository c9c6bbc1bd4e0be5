// FollowPolicy: whether a URL a registry's answer names — a redirect's
// Location, a thin registry's registrar link — may be asked. Only on the
// scheme's own port (443 for https, 80 for http), unless the operator's
// bootstrap or override table names that very origin (scheme, host and
// port): an answer must not turn the service into a probe of any port of
// any public host. The guard still judges the address; this judges the port.
#ifndef IPFACTS_PLUGINS_RDAP_FOLLOWPOLICY_H
#define IPFACTS_PLUGINS_RDAP_FOLLOWPOLICY_H

#include "Bootstrap.h"

#include <string>

namespace ipfacts::rdap {

/// Empty when `url` may be followed; otherwise why not, for the answer
/// ("port 8443 of rdap.example is not https's default port (443) and no
/// configured registry uses it").
std::string followRefusal(const std::string& url, const Bootstrap& configured);

}  // namespace ipfacts::rdap

#endif
