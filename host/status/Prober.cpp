#include "host/status/Prober.h"

#include <arpa/inet.h>

#include <string>
#include <string_view>

namespace ipfacts::status {
namespace {

facilities::http::HttpClientOptions proberOptions() {
    facilities::http::HttpClient::globalInit();
    facilities::http::HttpClientOptions o;
    o.user_agent = "ipfacts-status";
    return o;
}

/// The host part of an http(s) URL: between "://" and the next '/', '?' or
/// '#', without a port; empty when the URL has userinfo (an '@'), so nothing
/// there can pass for a loopback host.
std::string_view hostOf(std::string_view url) {
    const size_t start = url.find("://");
    if (start == std::string_view::npos) return {};
    std::string_view authority = url.substr(start + 3);
    authority = authority.substr(0, authority.find_first_of("/?#"));
    if (authority.find('@') != std::string_view::npos) return {};
    if (!authority.empty() && authority.front() == '[') {
        const size_t close = authority.find(']');
        if (close == std::string_view::npos) return {};
        // Only a port may follow the bracket: "[::1].evil" is no IPv6 literal.
        if (close + 1 < authority.size() && authority[close + 1] != ':') return {};
        return authority.substr(0, close + 1);
    }
    return authority.substr(0, authority.find(':'));
}

}  // namespace

bool onLoopback(std::string_view url) {
    const std::string_view host = hostOf(url);
    if (host == "localhost" || host == "[::1]") return true;
    in_addr v4{};
    return host.substr(0, 4) == "127." && ::inet_pton(AF_INET, std::string(host).c_str(), &v4) == 1;
}

Prober::Prober(const StatusConfig& config, std::shared_ptr<const facilities::guard::AddressGuard> guard,
               std::string self_token)
    : config_(config), client_(std::move(guard), proberOptions()), self_token_(std::move(self_token)) {}

std::vector<ProbeSample> Prober::round(int64_t at_ms) const {
    std::vector<facilities::http::HttpRequest> requests;
    for (const auto& t : config_.targets) {
        facilities::http::HttpRequest r;
        r.url = t.url;
        r.headers = {{"User-Agent", "ipfacts-status (region " + config_.region + ")"}};
        if (!self_token_.empty() && onLoopback(t.url)) r.headers.push_back({"X-Ipfacts-Self-Probe", self_token_});
        r.timeout_ms = config_.timeout_ms;
        r.max_redirects = 0;
        r.allow_http = true;  // the operator wrote the URL, scheme included
        requests.push_back(std::move(r));
    }
    auto results = client_.fetchAll(requests);
    std::vector<ProbeSample> samples;
    for (size_t i = 0; i < results.size(); ++i) {
        const auto& res = results[i];
        ProbeSample s;
        s.target = config_.targets[i].url;
        s.region = config_.region;
        s.at_ms = at_ms;
        s.http_status = static_cast<int>(res.status);
        s.latency_us = res.elapsed_us;
        if (!res.ok()) s.error = res.error;
        else if (res.status < 200 || res.status > 399) s.error = "HTTP " + std::to_string(res.status);
        s.ok = s.error.empty();
        samples.push_back(std::move(s));
    }
    return samples;
}

}  // namespace ipfacts::status
