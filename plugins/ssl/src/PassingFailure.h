// PassingFailure: which of the facilities' error texts mean the server or
// the network did not answer in time (a passing failure no cache may keep),
// as opposed to an answer about the host (a TLS alert, a certificate that
// does not verify, an address the guard refuses).
#ifndef IPFACTS_PLUGINS_SSL_PASSINGFAILURE_H
#define IPFACTS_PLUGINS_SSL_PASSINGFAILURE_H

#include <string_view>

namespace ipfacts::ssl {

/// True for a time-out or a connection that could not be made: the connect
/// facility's "timeout after N ms", "connection refused", "connection timed
/// out", "connection failed: ..." and the http facility's "timeout after N
/// ms", "connection failed...", "the server closed the connection without
/// answering". False for everything else, "cannot resolve the host name"
/// included: libcurl says so for a name that does not exist as well.
bool isPassingFailure(std::string_view error);

}  // namespace ipfacts::ssl

#endif
