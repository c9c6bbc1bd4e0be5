#include "host/facilities/http/PinnedNames.h"

#include "host/net/IpAddress.h"

#include <ipfacts/dns_rcode.hpp>

#include <algorithm>
#include <cctype>
#include <map>

namespace ipfacts::facilities::http {

std::string hostOfUrl(const std::string& url) {
    size_t start = url.find("://");
    if (start == std::string::npos) return "";
    start += 3;
    size_t end = url.find_first_of("/?#", start);
    std::string authority = url.substr(start, end == std::string::npos ? std::string::npos : end - start);
    authority = authority.substr(authority.rfind('@') == std::string::npos ? 0 : authority.rfind('@') + 1);
    std::string host;
    if (!authority.empty() && authority[0] == '[')
        host = authority.substr(1, authority.find(']') - 1);
    else
        host = authority.substr(0, authority.find(':'));
    for (auto& c : host) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return host;
}

PinnedNames::PinnedNames(std::vector<std::string> servers, int timeout_ms, int attempts)
    : resolver_(std::move(servers), timeout_ms, attempts) {}

std::vector<std::optional<std::string>> PinnedNames::pin(std::vector<HttpRequest>& requests) const {
    std::vector<std::string> names;
    for (const HttpRequest& r : requests) {
        const std::string host = hostOfUrl(r.url);
        if (host.empty() || net::IpAddress::parse(host)) continue;
        if (std::find(names.begin(), names.end(), host) == names.end()) names.push_back(host);
    }
    std::vector<DnsQuestion> questions;
    for (const std::string& n : names) {
        questions.push_back(DnsQuestion{n, "A"});
        questions.push_back(DnsQuestion{n, "AAAA"});
    }
    const std::vector<DnsAnswer> answers = questions.empty() ? std::vector<DnsAnswer>() : resolver_.resolve(questions);
    std::map<std::string, std::vector<std::string>> found;
    std::map<std::string, std::string> why;
    for (size_t i = 0; i < answers.size() && i < questions.size(); ++i) {
        const std::string& name = questions[i].name;
        const DnsAnswer& a = answers[i];
        for (const DnsRecord& rec : a.records)
            if ((rec.type == "A" || rec.type == "AAAA") && net::IpAddress::parse(rec.data))
                found[name].push_back(rec.data);
        if (a.rcode != kRcodeNoError && !why.count(name))
            why[name] = dnsFailureText(a.rcode, a.error ? std::optional<std::string_view>(*a.error) : std::nullopt);
    }
    std::vector<std::optional<std::string>> refused(requests.size());
    for (size_t i = 0; i < requests.size(); ++i) {
        const std::string host = hostOfUrl(requests[i].url);
        if (std::find(names.begin(), names.end(), host) == names.end()) continue;
        auto it = found.find(host);
        if (it != found.end())
            requests[i].pinned = it->second;
        else
            refused[i] = "cannot resolve the host name" + (why.count(host) ? ": " + why[host] : std::string());
    }
    return refused;
}

}  // namespace ipfacts::facilities::http
