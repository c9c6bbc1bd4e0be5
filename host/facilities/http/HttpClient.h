// HttpClient: the host's guarded outbound HTTP(S) client, on libcurl's multi
// interface. Every connection, redirect hops included, is opened through the
// AddressGuard at connect time (CURLOPT_OPENSOCKETFUNCTION) and checked again
// before each request is sent (CURLOPT_PREREQFUNCTION), so a name that
// resolves, or re-resolves, to a refused address is never connected to.
// Threading: each calling thread keeps its own multi handle (thread_local),
// whose connection pool is reused across that thread's calls; nothing is
// shared between threads, so concurrent calls need no lock.
#pragma once

#include "host/facilities/guard/AddressGuard.h"
#include "host/facilities/http/HttpClientOptions.h"
#include "host/facilities/http/HttpRequest.h"
#include "host/facilities/http/HttpResult.h"

#include <memory>
#include <string>
#include <vector>

namespace ipfacts::facilities::http {

class HttpClient {
public:
    using Options = HttpClientOptions;

    HttpClient(std::shared_ptr<const guard::AddressGuard> guard, Options options);

    /// Performs every request in parallel; result i is request i's. Returns
    /// when each has finished or failed, within its own timeout (plus a second
    /// of grace for the loop itself). Never throws for a request's failure.
    /// Thread-safe: see the threading note above.
    std::vector<HttpResult> fetchAll(const std::vector<HttpRequest>& requests) const;

    /// Once per process, before threads start (curl_global_init).
    static void globalInit();

    const guard::AddressGuard& guard() const { return *guard_; }

private:
    std::shared_ptr<const guard::AddressGuard> guard_;
    Options options_;
};

}  // namespace ipfacts::facilities::http
