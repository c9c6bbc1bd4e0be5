#include "RatesSource.h"

namespace rates {
namespace {

CurrentRates unavailable(std::string why) { return CurrentRates{std::nullopt, false, std::move(why)}; }

/// What one fetch of `upstream` brings: the document's text, or why none.
CurrentRates fetch(const ipfacts::Host& host, const std::string& upstream, std::string& body) {
    ipfacts::HttpCall call;
    call.url = upstream;
    call.headers = {{"Accept", "application/json"}};
    call.timeout_ms = 3000;
    call.max_body_bytes = 256 * 1024;
    const ipfacts::HttpReplies replies = host.fetchAll({call});
    if (!replies.ok()) return unavailable("the rates upstream could not be asked: " + std::string(replies.reason()));
    const ipfacts::HttpReplyView reply = replies.front();  // read in place: no copy of the reply
    if (!reply.ok()) return unavailable("the rates upstream failed: " + std::string(reply.error()));
    if (reply.status() != 200) return unavailable("the rates upstream answered HTTP " + std::to_string(reply.status()));
    body.assign(reply.body());  // the one copy: the document is kept, in the cache
    return CurrentRates{};
}

}  // namespace

CurrentRates currentRates(const ipfacts::Host& host, const std::string& upstream, std::chrono::seconds ttl) {
    if (ipfacts::Result<std::string> cached = host.cacheGet(kDocumentKey))
        if (std::optional<RateTable> table = parseRateTable(*cached)) return CurrentRates{std::move(table), true, {}};
    std::string body;
    CurrentRates fresh = fetch(host, upstream, body);
    if (!fresh.problem.empty()) return fresh;
    fresh.table = parseRateTable(body);
    if (!fresh.table) return unavailable("the rates upstream sent a document this plugin cannot read");
    host.cachePut(kDocumentKey, body, ttl);  // a miss later only costs a fetch
    return fresh;
}

}  // namespace rates
