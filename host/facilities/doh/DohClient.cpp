#include "host/facilities/doh/DohClient.h"

#include "host/facilities/dns/DnsMessage.h"
#include "host/facilities/http/PinnedNames.h"

#include <strings.h>

#include <string_view>

namespace ipfacts::facilities {
namespace {

// A DNS message never exceeds 65535 bytes (RFC 1035 over TCP, RFC 8484).
constexpr size_t kMaxDnsMessage = 65535;

std::string headerOf(const http::HttpResult& r, std::string_view name) {
    for (const auto& [n, v] : r.headers)
        if (n.size() == name.size() && strncasecmp(n.data(), name.data(), n.size()) == 0) return v;
    return "";
}

DnsAnswer answerOf(const DohResolver& resolver, const http::HttpResult& r) {
    const int64_t elapsed_us = r.elapsed_ms * 1000;
    if (!r.ok()) return failedAnswer(resolver.name, dohFailureText(resolver.url, r.error), elapsed_us);
    if (r.status != 200) return failedAnswer(resolver.name, "HTTP status " + std::to_string(r.status), elapsed_us);
    if (headerOf(r, "content-type").rfind("application/dns-message", 0) != 0)
        return failedAnswer(resolver.name, "reply is not application/dns-message", elapsed_us);
    DnsAnswer a;
    a.source = resolver.name;
    a.elapsed_us = elapsed_us;
    parseResponse(reinterpret_cast<const unsigned char*>(r.body.data()), r.body.size(), a);
    return a;
}

}  // namespace

std::string dohFailureText(const std::string& url, const std::string& error) {
    static constexpr std::string_view kUnresolved = "cannot resolve the host name";
    if (error.compare(0, kUnresolved.size(), kUnresolved) != 0) return error;
    return "cannot resolve the DoH resolver's host name " + http::hostOfUrl(url) + error.substr(kUnresolved.size());
}

DohClient::DohClient(std::vector<DohResolver> resolvers, int timeout_ms, std::shared_ptr<const http::HttpClient> client)
    : resolvers_(std::move(resolvers)), timeout_ms_(timeout_ms), client_(std::move(client)) {}

std::vector<DnsAnswer> DohClient::queryAll(const DnsQuestion& q) const {
    std::vector<DnsAnswer> answers;
    // RFC 8484 asks for ID 0 so caches can share identical queries.
    auto wire = buildQuery(q.name, q.type, 0);
    if (!wire) {
        for (const auto& r : resolvers_) answers.push_back(failedAnswer(r.name, "malformed question", 0));
        return answers;
    }
    std::vector<http::HttpRequest> requests;
    for (const auto& r : resolvers_) {
        http::HttpRequest h;
        h.method = "POST";
        h.url = r.url;
        h.headers = {{"Content-Type", "application/dns-message"}, {"Accept", "application/dns-message"}};
        h.body = *wire;
        h.timeout_ms = timeout_ms_;
        h.max_body_bytes = kMaxDnsMessage;
        h.max_redirects = 0;
        requests.push_back(std::move(h));
    }
    auto results = client_->fetchAll(requests);
    for (size_t i = 0; i < resolvers_.size(); ++i) answers.push_back(answerOf(resolvers_[i], results[i]));
    return answers;
}

}  // namespace ipfacts::facilities
