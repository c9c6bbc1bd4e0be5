#include "AnswerConsensus.h"

#include <algorithm>
#include <array>
#include <set>
#include <string>
#include <string_view>
#include <utility>

namespace ipfacts::dns {
namespace {

using RecordSet = std::set<std::pair<std::string, std::string>>;

constexpr char asciiUpper(char c) { return (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c; }
constexpr char asciiLower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

std::string upper(std::string_view s) {
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(), asciiUpper);
    return out;
}

// Types whose presentation holds only names, numbers or hex: letter case
// there carries no meaning (DNS names compare case-insensitively, RFC 4343).
bool caseFreeData(std::string_view type) {
    static constexpr std::array<std::string_view, 10> kTypes = {"A",   "AAAA", "NS",  "CNAME", "DNAME",
                                                                "PTR", "MX",   "SOA", "SRV",   "DS"};
    return std::find(kTypes.begin(), kTypes.end(), type) != kTypes.end();
}

RecordSet recordSetOf(const DnsAnswer& answer) {
    RecordSet set;
    for (const DnsRecord& record : answer.records) {
        std::string type = upper(record.type);
        if (type == "RRSIG") continue;
        std::string data = record.data;
        if (caseFreeData(type)) std::transform(data.begin(), data.end(), data.begin(), asciiLower);
        set.emplace(std::move(type), std::move(data));
    }
    return set;
}

}  // namespace

bool answered(const DnsAnswer& answer) { return answer.rcode >= 0 && !answer.error; }

bool answersAgree(const std::vector<DnsAnswer>& answers) {
    const auto first = std::find_if(answers.begin(), answers.end(), answered);
    if (first == answers.end()) return false;
    const RecordSet expected = recordSetOf(*first);
    return std::all_of(first + 1, answers.end(), [&](const DnsAnswer& other) {
        return !answered(other) || (other.rcode == first->rcode && recordSetOf(other) == expected);
    });
}

bool answersValidated(const std::vector<DnsAnswer>& answers) {
    bool any = false;
    for (const DnsAnswer& answer : answers) {
        if (!answered(answer)) continue;
        if (!answer.ad) return false;
        any = true;
    }
    return any;
}

Consensus consensusOf(const std::vector<DnsAnswer>& answers) {
    return Consensus{answersAgree(answers), answersValidated(answers)};
}

}  // namespace ipfacts::dns
