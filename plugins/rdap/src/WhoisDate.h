// WhoisDate: the dates WHOIS servers write, each registry its own way, read
// as ISO 8601 UTC. Beyond the forms RDAP uses (isoUtc), the ones met in
// recorded answers: 19961206, 2002.09.19 13:00:00, 2001/03/22, 30.6.2006,
// 06-04-2004 (day first), 12/18/2001 (month first), 2007. 03. 02.,
// 31 May 1999, 30th April 2003, a time after "at", offsets as +03, +0300,
// (JST), (UTC+8) or (GMT+0:00), and a date after other words
// ("hm-changed@apnic.net 20021025", "Registered on 30th April 2003").
#ifndef IPFACTS_PLUGINS_RDAP_WHOISDATE_H
#define IPFACTS_PLUGINS_RDAP_WHOISDATE_H

#include "Summary.h"

#include <string>

namespace ipfacts::rdap {

/// The date in `raw` as "YYYY-MM-DDTHH:MM:SSZ"; null when it holds none. A
/// date without an offset is taken as written (the answer gave no zone).
Text whoisDate(const std::string& raw);

}  // namespace ipfacts::rdap

#endif
