#include "ZoneHealth.h"

#include "ListingVerdict.h"
#include "ReversedName.h"

#include <ipfacts/address.hpp>
#include <ipfacts/dns_answers.hpp>
#include <ipfacts/dns_rcode.hpp>

namespace ipfacts::dnsbl {
namespace {

// The test points, as RFC 5782 section 5 names them; the IPv6 one is asked
// as written (an IPv4-mapped address, not unmapped).
constexpr const char* kListedPoint = "127.0.0.2";
constexpr const char* kUnlistedPoint = "127.0.0.1";
constexpr const char* kUnlistedPoint6 = "::ffff:7f00:1";

std::vector<std::string_view> aRecords(const DnsAnswerView& answer) {
    std::vector<std::string_view> out;
    for (const DnsRecordView record : answer.records())
        if (sameDnsText(record.type(), "A")) out.push_back(record.data());
    return out;
}

ZoneHealth verdict(ZoneHealth::Status status, std::string reason, int64_t now) {
    return ZoneHealth{status, std::move(reason), now};
}

/// The listed test point: some A record that is a listing; none means the
/// list no longer answers.
ZoneHealth judgeListedPoint(const Blocklist& list, const DnsAnswerView& a, int64_t now) {
    const std::string what = std::string("the RFC 5782 test point ") + kListedPoint;
    if (!responded(a) || (a.rcode() != kRcodeNoError && a.rcode() != kRcodeNxDomain))
        return verdict(ZoneHealth::Status::Unknown,
                       what + " could not be asked: " + dnsFailureText(a.rcode(), a.error()), now);
    const std::vector<std::string_view> records = aRecords(a);
    for (std::string_view r : records)
        if (isRefusal(list, r))
            return verdict(ZoneHealth::Status::Unknown, what + " was refused: " + *notAListing(list, r), now);
    for (std::string_view r : records) {
        std::optional<Address> address = parseAddress(r);
        if (address && address->version == 4 && address->bytes[0] == 127 && address->text() != kUnlistedPoint)
            return verdict(ZoneHealth::Status::Usable, "", now);
    }
    return verdict(ZoneHealth::Status::Unusable,
                   what + " is not listed: the zone no longer answers as a blocklist (dead, moved or parked)", now);
}

/// An unlisted test point: any A record that is not a refusal means the
/// zone answers every name.
ZoneHealth judgeUnlistedPoint(const Blocklist& list, const DnsAnswerView& a, const char* point, int64_t now) {
    const std::string what = std::string("the RFC 5782 test point ") + point;
    if (!responded(a) || (a.rcode() != kRcodeNoError && a.rcode() != kRcodeNxDomain))
        return verdict(ZoneHealth::Status::Unknown,
                       what + " could not be asked: " + dnsFailureText(a.rcode(), a.error()), now);
    for (std::string_view r : aRecords(a)) {
        if (isRefusal(list, r))
            return verdict(ZoneHealth::Status::Unknown, what + " was refused: " + *notAListing(list, r), now);
        return verdict(
            ZoneHealth::Status::Unusable,
            what + " is listed (" + std::string(r) + "): the zone answers every name, so its listings mean nothing",
            now);
    }
    return verdict(ZoneHealth::Status::Usable, "", now);
}

}  // namespace

std::vector<DnsQuestion> healthQuestions(const Blocklist& list) {
    std::vector<DnsQuestion> q;
    q.push_back({reversedName(*parseAddress(kListedPoint), list.queryZone), "A"});
    q.push_back({reversedName(*parseAddress(kUnlistedPoint), list.queryZone), "A"});
    if (list.ipv6) q.push_back({reversedName(*parseAddress(kUnlistedPoint6), list.queryZone), "A"});
    return q;
}

ZoneHealth judgeHealth(const Blocklist& list, const std::vector<DnsAnswerView>& answers, int64_t nowMs) {
    std::vector<ZoneHealth> points;
    if (answers.size() >= 1) points.push_back(judgeListedPoint(list, answers[0], nowMs));
    if (answers.size() >= 2) points.push_back(judgeUnlistedPoint(list, answers[1], kUnlistedPoint, nowMs));
    if (list.ipv6 && answers.size() >= 3)
        points.push_back(judgeUnlistedPoint(list, answers[2], kUnlistedPoint6, nowMs));
    if (points.size() < healthQuestions(list).size())
        return verdict(ZoneHealth::Status::Unknown, "the health check got no answers", nowMs);
    // Unusable wins over Unknown: a wildcard is a wildcard even if one point timed out.
    for (const ZoneHealth& p : points)
        if (p.status == ZoneHealth::Status::Unusable) return p;
    for (const ZoneHealth& p : points)
        if (p.status == ZoneHealth::Status::Unknown) return p;
    return verdict(ZoneHealth::Status::Usable, "", nowMs);
}

ZoneHealth HealthBoard::get(size_t list) const {
    std::lock_guard<std::mutex> lock(mu_);
    return health_.at(list);
}

void HealthBoard::set(size_t list, ZoneHealth health) {
    std::lock_guard<std::mutex> lock(mu_);
    health_.at(list) = std::move(health);
}

bool HealthBoard::stale(size_t list, int64_t nowMs, int64_t intervalMs) const {
    std::lock_guard<std::mutex> lock(mu_);
    const ZoneHealth& h = health_.at(list);
    return h.status == ZoneHealth::Status::Unchecked || nowMs - h.checkedAtMs >= intervalMs;
}

void checkAllZones(const Host& host, const std::string& resolver, const std::vector<Blocklist>& lists,
                   HealthBoard& board) {
    std::vector<DnsQuestion> questions;
    std::vector<size_t> first;
    for (const Blocklist& list : lists) {
        first.push_back(questions.size());
        for (DnsQuestion& q : healthQuestions(list)) questions.push_back(std::move(q));
    }
    const DnsAnswers answers = host.resolveNamed(resolver, questions);
    const int64_t now = host.nowMs();
    for (size_t i = 0; i < lists.size(); ++i) {
        std::vector<DnsAnswerView> mine;
        const size_t n = healthQuestions(lists[i]).size();
        for (size_t k = 0; k < n && answers.ok() && first[i] + k < answers.size(); ++k)
            mine.push_back(answers[first[i] + k]);
        ZoneHealth h = answers.ok()
                           ? judgeHealth(lists[i], mine, now)
                           : ZoneHealth{ZoneHealth::Status::Unknown,
                                        "the health check could not be made: " + std::string(answers.reason()), now};
        board.set(i, std::move(h));
    }
}

}  // namespace ipfacts::dnsbl
