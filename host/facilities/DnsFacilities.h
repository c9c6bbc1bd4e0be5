// DnsFacilities: the resolver and doh tables of the SDK (ABI 1.2), turning
// the C calls into StubResolver / DohClient calls and their answers into
// host-owned batches.
#pragma once

#include <ipfacts/plugin.h>

namespace ipfacts::facilities {

const ipf_resolver_api* resolverApi();
const ipf_doh_api* dohApi();

}  // namespace ipfacts::facilities
