// PinnedNames: the addresses of the URL hosts of one fetchAll, asked of the
// resolver: section's servers (http.resolve: resolver) instead of the
// system's resolver, so plugin fetches see the same DNS as plugin lookups
// (a test's unbound, a deployment's own recursive resolver). The answers are
// pinned for libcurl (HttpRequest::pinned); the guard still judges every
// address at connect. Address literals are left alone.
#pragma once

#include "host/facilities/dns/StubResolver.h"
#include "host/facilities/http/HttpRequest.h"

#include <optional>
#include <string>
#include <vector>

namespace ipfacts::facilities::http {

class PinnedNames {
public:
    PinnedNames(std::vector<std::string> servers, int timeout_ms, int attempts);

    /// Resolves every request's host (A and AAAA, all in one parallel batch)
    /// and fills `pinned`. Returns, per request, why it cannot be sent
    /// ("cannot resolve the host name: ...") or nullopt. Thread-safe.
    std::vector<std::optional<std::string>> pin(std::vector<HttpRequest>& requests) const;

private:
    StubResolver resolver_;
};

/// The host of an absolute URL, lower case, without brackets or port.
std::string hostOfUrl(const std::string& url);

}  // namespace ipfacts::facilities::http
