// IpReportBuilder: gathers the caller's IpReport from the request and the
// host. The base report makes no external call; full=1 adds the PTR name.
#ifndef IPFACTS_PLUGINS_IP_IPREPORTBUILDER_H
#define IPFACTS_PLUGINS_IP_IPREPORTBUILDER_H

#include "IpReport.h"

#include <ipfacts/plugin.hpp>

namespace ipfacts::ip {

/// The report without enrichment: the client address, its database facts
/// (or reasons "geolocation" and "network" when there are none), the
/// connection, the User-Agent and Accept-Language headers, and the stamps.
/// hostname and privacy are null and, not being asked for, have no reason.
/// Never blocks.
IpReport buildIpReport(const Host& host, const Request& req);

/// The full=1 enrichment: hostname from the PTR record (or reasons.hostname)
/// and the privacy flags from the host's privacy facility (unknown flags
/// explained as reasons "privacy.<flag>"; no facility: reasons.privacy).
/// Spends the caller's privacy meter first; past it neither is asked and
/// both say the meter is spent. Blocking (DNS, the external provider).
void enrichIpReport(const Host& host, const Request& req, IpReport& report);

}  // namespace ipfacts::ip

#endif
