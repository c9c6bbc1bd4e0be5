#include "AnswerConsensus.h"

#include <ipfacts/dns_answers.hpp>

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

RecordSet recordSetOf(const DnsAnswerView& answer) {
    RecordSet set;
    for (const DnsRecordView record : answer.records()) {
        std::string type = upper(record.type());
        if (type == "RRSIG") continue;
        std::string data(record.data());
        if (caseFreeData(type)) std::transform(data.begin(), data.end(), data.begin(), asciiLower);
        set.emplace(std::move(type), std::move(data));
    }
    return set;
}

}  // namespace

bool answersAgree(const DnsAnswers& answers) {
    const auto first = std::find_if(answers.begin(), answers.end(), responded);
    if (first == answers.end()) return false;
    const DnsAnswerView reference = *first;
    const RecordSet expected = recordSetOf(reference);
    return std::all_of(first + 1, answers.end(), [&](const DnsAnswerView& other) {
        return !responded(other) || (other.rcode() == reference.rcode() && recordSetOf(other) == expected);
    });
}

bool answersValidated(const DnsAnswers& answers) {
    bool any = false;
    for (const DnsAnswerView answer : answers) {
        if (!responded(answer)) continue;
        if (!answer.ad()) return false;
        any = true;
    }
    return any;
}

Consensus consensusOf(const DnsAnswers& answers) { return Consensus{answersAgree(answers), answersValidated(answers)}; }

}  // namespace ipfacts::dns
