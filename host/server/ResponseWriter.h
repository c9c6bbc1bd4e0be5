// ResponseWriter: serialises a finished exchange as HTTP/1.1 bytes.
#pragma once

#include "host/pipeline/Exchange.h"

#include <cstdint>
#include <string>

namespace ipfacts::server {

/// Appends the response to `out`. `keep_alive` says whether the connection
/// stays open; HEAD responses carry the GET length but no body.
void writeResponse(const pipeline::Exchange& ex, bool keep_alive, std::string& out);

/// The Date header value for now, cached per thread per second.
const std::string& httpDate();

}  // namespace ipfacts::server
