// ResponseCache: answers repeats of a public route from memory. A route whose
// Cache-Control lets shared caches keep its answers ("public, max-age=N")
// gets its 200s kept for N seconds under the route and its normalised
// parameters; a repeat within that time is answered without calling the
// plugin. Only the bytes the handler produced are kept (status, type, body,
// its own headers): the host's per-request headers (Date, quota, CORS,
// Cache-Control) are written afresh for every caller, and metering has
// already happened when the cache is asked.
#pragma once

#include "host/cache/CacheBackend.h"
#include "host/pipeline/Exchange.h"

#include <memory>
#include <set>
#include <string>
#include <string_view>

namespace ipfacts::manifest {
struct RouteSpec;
}

namespace ipfacts::pipeline {

class ResponseCache {
public:
    /// Longest time an answer is kept, whatever its max-age says.
    static constexpr int kMaxSeconds = 86400;

    /// An answer marked Exchange::caller_dependent (a facility spent the
    /// caller's meter, as privacy=1 does) is never stored, so a request that
    /// would spend it never finds an entry either: its key is its own.
    explicit ResponseCache(std::shared_ptr<cache::CacheBackend> backend);

    /// Completes `ex` (GET or HEAD) from a stored GET answer of its route and
    /// parameters, with Age and "X-Cache: hit". False when there is none. Thread-safe.
    bool answer(Exchange& ex);

    /// Keeps `ex`'s fresh answer when it qualifies: a route with a lifetime,
    /// GET, status 200, not caller_dependent. `handler_headers` are the header
    /// lines the handler wrote (the host's own are not kept). Thread-safe.
    void store(const Exchange& ex, std::string_view handler_headers);

    cache::CacheStats stats() const { return backend_->stats(); }

    /// Seconds a shared cache may keep an answer sent with `cache_control`:
    /// s-maxage, else max-age, when "public" is present and neither
    /// "private", "no-store" nor "no-cache" is; 0 otherwise.
    static int sharedMaxAge(std::string_view cache_control);

    /// Seconds the host keeps the answers of `route` in memory: its shared
    /// max-age when its response_cache is on and a plugin answers it; 0 for a
    /// route a host handler answers (`host_handled`), which serves from memory already.
    static int lifetimeOf(const manifest::RouteSpec& route, bool host_handled);

    /// The Cache-Control value of an answer holding a failed or timed-out
    /// part on a route sent with `route_cache_control`: "public, max-age=N"
    /// with N the smaller of `transient_max_age_s` and the route's shared
    /// lifetime, or "no-store" when either is 0; a route that says no-store
    /// already keeps its own value ("private, no-store").
    static std::string transientCacheControl(std::string_view route_cache_control, unsigned transient_max_age_s);

    /// The entry of `ex` within its plugin's namespace: the route template,
    /// the decoded path parameters, and the decoded query pairs ordered by
    /// name (repeats of one name keep their order: a plugin may read the
    /// first, so "a=1&a=2" and "a=2&a=1" may differ), without the API key
    /// and the host's presentation parameters (pretty, fields, _), which
    /// finish() applies to the stored handler's bytes.
    static std::string keyOf(const Exchange& ex);

private:
    bool qualifies(const Exchange& ex) const;

    std::shared_ptr<cache::CacheBackend> backend_;
};

}  // namespace ipfacts::pipeline
