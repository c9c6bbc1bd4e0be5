// An ipfacts plugin built out of tree against the installed SDK, using the
// host's facilities the way a third-party plugin would:
//   GET <route>?currency=USD
//   {"base":"EUR","currency":"USD","rate":1.0812,"date":"2026-11-22","cached":true,
//    "calls_today":17,"checked_at":...,"source":...}
// The upstream document comes through the http facility, is kept in the
// cache facility for cache_ttl_s, and each call is counted in the store
// facility per UTC day. tests/RatesPluginTest.cpp runs it against the SDK's
// fake host (ipfacts/testing/FakeHost.hpp).
#include "RateTable.h"
#include "RatesSource.h"

#include <ipfacts/config.hpp>
#include <ipfacts/plugin.hpp>

#include <chrono>
#include <stdexcept>
#include <string>

namespace rates {

class RatesPlugin {
public:
    // ABI 1.3: the host refuses the plugin, and --check-config fails, when a
    // facility is not configured or the config section does not fit.
    static constexpr const char* kRequiredFacilities[] = {"http", "cache", "store", nullptr};
    // The host also refuses a config value this table does not allow: no
    // check of these values is written below.
    static constexpr ipfacts::ConfigKey kConfig[] = {
        ipfacts::requiredString("upstream", "the https URL of the rates document"),
        ipfacts::integerKey("cache_ttl_s", 1, 86400, "300", "seconds the document is kept in the cache")};

    explicit RatesPlugin(ipfacts::Host& host) : host_(host) {
        const ipfacts::Config config(host, kConfig);
        upstream_ = *config.text("upstream");
        ttl_ = std::chrono::seconds(config.integer("cache_ttl_s"));
    }

    /// Blocking (http and store): registered without IPF_HANDLER_NONBLOCKING.
    void latest(ipfacts::Request& req, ipfacts::Response& resp) {
        const std::optional<std::string_view> currency = req.query("currency");
        if (req.queryCount("currency") != 1 || !isCurrencyCode(*currency))
            return void(resp.error(400, "invalid_parameter",
                                   "`currency` is required once: three capital letters, such as USD"));
        const ipfacts::Result<int64_t> callsToday = countCall();
        if (!callsToday)  // a facility's failure is a value: answer it, never throw
            return void(
                resp.error(500, "internal_error", "the call counter failed: " + std::string(callsToday.reason())));
        const CurrentRates current = currentRates(host_, upstream_, ttl_);
        if (!current.table) return void(resp.error(502, "upstream_unavailable", current.problem));
        const std::optional<double> rate = current.table->rateOf(*currency);
        if (!rate)
            return void(resp.error(404, "unknown_currency", "the rates document has no " + std::string(*currency)));
        ipfacts::JsonWriter w;
        w.beginObject().field("base", current.table->base).field("currency", *currency).field("rate", *rate);
        if (current.table->date.empty())
            w.fieldNull("date");
        else
            w.field("date", current.table->date);
        w.field("cached", current.fromCache)
            .field("calls_today", *callsToday)
            .field("checked_at", host_.checkedAt())
            .field("source", host_.serviceHost())
            .endObject();
        resp.json(w);
    }

private:
    /// Counts this call under today's key ("calls:2026-11-22"), atomically in
    /// the host's store; the counter lives two days, so yesterday's can be read.
    ipfacts::Result<int64_t> countCall() {
        const std::string day = host_.checkedAt().substr(0, 10);
        return host_.storeIncr("calls:" + day, 1, std::chrono::hours(48));
    }

    ipfacts::Host& host_;
    std::string upstream_;
    std::chrono::seconds ttl_{300};
};

}  // namespace rates

IPFACTS_PLUGIN(rates::RatesPlugin, "rates", "1.0.0", "Exchange rates from an upstream document",
               ipfacts::kOpenApiFragment, IPFACTS_HANDLER(rates::RatesPlugin, latest, 0));
