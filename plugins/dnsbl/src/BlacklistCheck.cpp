#include "BlacklistCheck.h"

#include "ListingVerdict.h"
#include "ReversedName.h"
#include "RowCodec.h"

#include <chrono>

namespace ipfacts::dnsbl {
namespace {

/// The questions of one request, and where each list's answers are.
struct Plan {
    std::vector<DnsQuestion> questions;
    std::vector<int> lookupAt;  ///< per list: index of its A question, -1 when not asked
    std::vector<int> healthAt;  ///< per list: index of its first health question, -1 when not checked now
};

ListingResult notAsked(std::string why) {
    ListingResult r;
    r.outcome = ListingResult::Outcome::Error;
    r.error = std::move(why);
    return r;
}

}  // namespace

BlacklistCheck::BlacklistCheck(const Host& host, const std::vector<Blocklist>& lists, HealthBoard& board,
                               CheckSettings settings)
    : host_(host), lists_(lists), board_(board), settings_(std::move(settings)) {}

std::string BlacklistCheck::cacheKey(const Blocklist& list, const Address& address) {
    return "row1|" + list.zone + "|" + address.text();
}

BlacklistReport BlacklistCheck::check(const Address& given) const {
    BlacklistReport report;
    report.address = unmapped(given);
    const Address& address = report.address;
    const int64_t now = host_.nowMs();
    report.rows.resize(lists_.size());
    Plan plan;
    plan.lookupAt.assign(lists_.size(), -1);
    plan.healthAt.assign(lists_.size(), -1);

    for (size_t i = 0; i < lists_.size(); ++i) {
        const Blocklist& list = lists_[i];
        BlacklistRow& row = report.rows[i];
        row.list = &list;
        if (address.version == 6 && !list.ipv6) {
            row.result = notAsked("not asked: " + list.name + " lists IPv4 addresses only");
            continue;
        }
        const bool healthStale = board_.stale(i, now, settings_.healthMaxAgeMs);
        if (healthStale) {
            plan.healthAt[i] = static_cast<int>(plan.questions.size());
            for (DnsQuestion& q : healthQuestions(list)) plan.questions.push_back(std::move(q));
        } else if (!board_.get(i).usable()) {
            continue;  // a known-bad zone is not asked; its row says why below
        }
        if (Result<std::string> cached = host_.cacheGet(cacheKey(list, address))) {
            if (std::optional<ListingResult> r = decodeRow(*cached)) {
                row.result = std::move(*r);
                row.queried = row.fromCache = true;
                continue;
            }
        }
        plan.lookupAt[i] = static_cast<int>(plan.questions.size());
        plan.questions.push_back({reversedName(address, list.queryZone), "A"});
        if (list.txt) plan.questions.push_back({reversedName(address, list.queryZone), "TXT"});
    }

    report.questionsSent = static_cast<int>(plan.questions.size());
    const DnsAnswers answers =
        plan.questions.empty() ? DnsAnswers() : host_.resolveNamed(settings_.resolver, plan.questions);
    const bool answered = answers.ok() && answers.size() == plan.questions.size();
    const int64_t answeredAt = host_.nowMs();

    for (size_t i = 0; i < lists_.size(); ++i) {
        const Blocklist& list = lists_[i];
        BlacklistRow& row = report.rows[i];
        if (plan.healthAt[i] >= 0) {
            std::vector<DnsAnswerView> points;
            for (size_t k = 0; answered && k < healthQuestions(list).size(); ++k)
                points.push_back(answers[static_cast<size_t>(plan.healthAt[i]) + k]);
            board_.set(i, answered ? judgeHealth(list, points, answeredAt)
                                   : ZoneHealth{ZoneHealth::Status::Unknown,
                                                "the health check could not be made: " + std::string(answers.reason()),
                                                answeredAt});
        }
        row.health = board_.get(i);
        if (plan.lookupAt[i] >= 0) {
            row.queried = true;
            if (!answered) {
                row.result = notAsked("the query failed: " +
                                      std::string(answers.ok() ? "the resolver gave no answer" : answers.reason()));
                row.result.transient = true;
            } else {
                const size_t at = static_cast<size_t>(plan.lookupAt[i]);
                const DnsAnswerView txt = list.txt ? answers[at + 1] : answers[at];
                row.result = judgeListing(list, answers[at], list.txt ? &txt : nullptr);
                // An unusable zone's answer is not kept: it would outlive the zone's repair.
                const int64_t ttl = row.result.transient ? settings_.errorCacheTtlMs : settings_.cacheTtlMs;
                if (row.health.usable())
                    host_.cachePut(cacheKey(list, address), encodeRow(row.result), std::chrono::milliseconds(ttl));
            }
        }
        if (!row.health.usable()) {
            // Whatever the zone said, or the cache kept, it is not believed.
            ListingResult kept = std::move(row.result);
            row.result = notAsked("not used: the zone failed its health check: " + row.health.reason);
            row.result.answer = std::move(kept.answer);
        } else if (!row.queried && !row.result.error) {
            row.result = notAsked("not asked");
        }
        if (row.result.listed()) ++report.listedCount;
        if (row.result.error) ++report.errorCount;
        if (row.result.transient || !row.health.usable()) report.transient = true;
    }
    return report;
}

}  // namespace ipfacts::dnsbl
