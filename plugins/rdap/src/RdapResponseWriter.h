// RdapResponseWriter: the RdapResponse body (openapi.json) from a lookup result.
#ifndef IPFACTS_PLUGINS_RDAP_RDAPRESPONSEWRITER_H
#define IPFACTS_PLUGINS_RDAP_RDAPRESPONSEWRITER_H

#include "RdapLookup.h"
#include "RdapQuery.h"

#include <ipfacts/stamp.hpp>

#include <string>

namespace ipfacts::rdap {

/// {"query","kind","summary","raw","raw_registrar","service","cached","checked_at","source"}.
std::string writeRdapResponse(const RdapQuery& q, const LookupResult& r, const ResponseStamp& stamp);

}  // namespace ipfacts::rdap

#endif
