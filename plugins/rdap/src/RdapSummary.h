// RdapSummary: an RDAP object (RFC 9083: ip network, autnum, domain) read
// into the Summary — events, status, entities with their vCards (nested
// entities searched for the abuse role), cidr0 blocks or CIDRs computed from
// the range, RFC 9537 redactions and placeholder text turned into null and
// listed — and the links a thin registry gives to its registrar.
#ifndef IPFACTS_PLUGINS_RDAP_RDAPSUMMARY_H
#define IPFACTS_PLUGINS_RDAP_RDAPSUMMARY_H

#include "RdapQuery.h"
#include "RegistryName.h"
#include "Summary.h"

#include <optional>
#include <string>

namespace ipfacts::rdap {

/// What the registry's body said, or why it could not be read.
struct RdapObject {
    Summary summary;
    std::string relatedUrl;  ///< a thin registry's link to the registrar's RDAP object; empty when none
    std::string error;       ///< non-empty when the body is not an RDAP object of the query's kind
};

/// Reads `body` (JSON text) as the answer to a `kind` query from the service
/// at `serviceUrl` (its host names the registry when the object does not).
/// Never throws.
RdapObject readRdapObject(const std::string& body, QueryKind kind, const std::string& serviceUrl);

/// `registrar`'s fields fill what `registry` left null; provenance says which
/// side gave each field, and the registrar's entities are added, marked so.
Summary mergeThin(Summary registry, const Summary& registrar);

}  // namespace ipfacts::rdap

#endif
