#include "host/status/Prober.h"

#include "host/net/LoopbackUrl.h"

namespace ipfacts::status {
namespace {

facilities::http::HttpClientOptions proberOptions() {
    facilities::http::HttpClient::globalInit();
    facilities::http::HttpClientOptions o;
    o.user_agent = "ipfacts-status";
    return o;
}

}  // namespace

Prober::Prober(const StatusConfig& config, std::shared_ptr<const facilities::guard::AddressGuard> guard,
               std::string self_token)
    : config_(config), client_(std::move(guard), proberOptions()), self_token_(std::move(self_token)) {}

std::vector<ipfacts::store::ProbeSample> Prober::round(int64_t at_ms) const {
    std::vector<facilities::http::HttpRequest> requests;
    for (const auto& t : config_.targets) {
        facilities::http::HttpRequest r;
        r.url = t.url;
        r.headers = {{"User-Agent", "ipfacts-status (region " + config_.region + ")"}};
        if (!self_token_.empty() && net::urlOnLoopback(t.url))
            r.headers.push_back({"X-Ipfacts-Self-Probe", self_token_});
        r.timeout_ms = config_.timeout_ms;
        r.max_redirects = 0;
        r.allow_http = true;  // the operator wrote the URL, scheme included
        requests.push_back(std::move(r));
    }
    auto results = client_.fetchAll(requests);
    std::vector<ipfacts::store::ProbeSample> samples;
    for (size_t i = 0; i < results.size(); ++i) {
        const auto& res = results[i];
        ipfacts::store::ProbeSample s;
        s.target = config_.targets[i].url;
        s.region = config_.region;
        s.at_ms = at_ms;
        s.http_status = static_cast<int>(res.status);
        s.latency_us = res.elapsed_us;
        if (!res.ok())
            s.error = res.error;
        else if (res.status < 200 || res.status > 399)
            s.error = "HTTP " + std::to_string(res.status);
        s.ok = s.error.empty();
        samples.push_back(std::move(s));
    }
    return samples;
}

}  // namespace ipfacts::status
