#include "host/facilities/privacy/DnsExitList.h"

#include "host/facilities/dns/StubResolver.h"

#include <ipfacts/dns_rcode.hpp>

namespace ipfacts::facilities::privacy {
namespace {

constexpr const char* kSource = "tor-dnsel";

/// DNSBL convention: a listing is an A record in 127.0.0.0/8.
bool listed(const DnsAnswer& answer) {
    for (const DnsRecord& r : answer.records)
        if (r.type == "A" && r.data.rfind("127.", 0) == 0) return true;
    return false;
}

}  // namespace

std::string DnsExitList::questionFor(const net::IpAddress& a) const {
    if (!a.isV4()) return "";
    const uint8_t* b = a.bytes();
    return std::to_string(b[3]) + "." + std::to_string(b[2]) + "." + std::to_string(b[1]) + "." + std::to_string(b[0]) +
           "." + zone_;
}

SourceWord DnsExitList::lookup(const net::IpAddress& a, int64_t now_s) const {
    const std::string name = questionFor(a);
    if (name.empty())
        return SourceWord::unknown("tor", kSource, "not covered: tor-dnsel answers for IPv4 addresses only");
    if (!resolver_)
        return SourceWord::unknown("tor", kSource, "provider down: tor-dnsel: no DNS resolver is configured");
    DnsQuestion q;
    q.name = name, q.type = "A";
    const std::vector<DnsAnswer> answers = resolver_->resolve({q});
    if (answers.empty()) return SourceWord::unknown("tor", kSource, "provider down: tor-dnsel: no answer");
    const DnsAnswer& answer = answers.front();
    if (answer.rcode == kRcodeNxDomain) return SourceWord::no("tor", kSource);
    if (answer.rcode != kRcodeNoError)
        return SourceWord::unknown("tor", kSource,
                                   "provider down: tor-dnsel: " + dnsFailureText(answer.rcode, answer.error));
    if (!listed(answer)) return SourceWord::no("tor", kSource);
    return SourceWord::yes("tor", kSource, a.toString() + "/32", isoDate(now_s));
}

}  // namespace ipfacts::facilities::privacy
