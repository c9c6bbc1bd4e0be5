// ExchangeBatch: runs several plain TCP exchanges at once on the calling
// thread, every wait through one ipfacts::fiber::poll (RunLoop).
#pragma once

#include "host/facilities/connect/TcpExchange.h"
#include "host/facilities/guard/AddressGuard.h"

#include <vector>

namespace ipfacts::facilities::connect {

/// Runs every request (each with timeout_ms and max_bytes > 0:
/// ConnectFacility fills the defaults); result i is request i's. Never throws
/// and never waits past the longest timeout: failures are results.
/// Thread-safe (`guard` is only read).
std::vector<TcpExchangeResult> exchangeAll(const guard::AddressGuard& guard, std::vector<TcpExchangeRequest> requests);

}  // namespace ipfacts::facilities::connect
