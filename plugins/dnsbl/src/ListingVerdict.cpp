#include "ListingVerdict.h"

#include <ipfacts/address.hpp>
#include <ipfacts/dns_answers.hpp>
#include <ipfacts/dns_rcode.hpp>
#include <ipfacts/dns_txt.hpp>

namespace ipfacts::dnsbl {
namespace {

ListingResult failed(std::string why, bool transient) {
    ListingResult r;
    r.outcome = ListingResult::Outcome::Error;
    r.error = std::move(why);
    r.transient = transient;
    return r;
}

std::string printable(std::string_view s) {
    std::string out;
    for (char c : s) out += (c >= 0x20 && c < 0x7f) ? c : '?';
    return out;
}

}  // namespace

bool isRefusal(const Blocklist& list, std::string_view data) {
    std::optional<Address> a = parseAddress(data);
    return a && a->version == 4 && list.refusal(a->text());
}

std::optional<std::string> notAListing(const Blocklist& list, std::string_view data) {
    std::optional<Address> a = parseAddress(data);
    const std::string shown = printable(data);
    if (!a || a->version != 4) return "the list answered `" + shown + "`, which is not an IPv4 address";
    const std::string dotted = a->text();
    if (const ReturnCode* refusal = list.refusal(dotted))
        return "the list refused the query: " + refusal->meaning + " (" + dotted + ")";
    if (a->bytes[0] != 127)
        return "the list answered " + dotted +
               ", outside 127.0.0.0/8: not a listing (a dead or hijacked zone answers so)";
    if (dotted == "127.0.0.1")
        return "the list answered 127.0.0.1, which RFC 5782 keeps for \"not listed\": not a listing";
    if (!list.code(dotted)) return "the list answered " + dotted + ", a code it does not document: not a listing";
    return std::nullopt;
}

std::optional<std::string> txtText(const DnsAnswerView& answer) {
    if (!responded(answer) || answer.rcode() != kRcodeNoError) return std::nullopt;
    std::string text;
    for (const DnsRecordView record : answer.records()) {
        if (!sameDnsText(record.type(), "TXT")) continue;
        std::optional<std::vector<std::string>> strings = txtStrings(record.data());
        if (!strings) continue;  // malformed: the reason simply has no TXT part
        text += (text.empty() ? "" : " | ") + printable(joinTxt(*strings));
        if (text.size() > kMaxTxtBytes) break;
    }
    if (text.size() > kMaxTxtBytes) text = text.substr(0, kMaxTxtBytes - 3) + "...";
    if (text.empty()) return std::nullopt;
    return text;
}

ListingResult judgeListing(const Blocklist& list, const DnsAnswerView& a, const DnsAnswerView* txt) {
    if (!responded(a)) return failed("the query failed: " + dnsFailureText(a.rcode(), a.error()), true);
    if (a.rcode() == kRcodeNxDomain) return ListingResult{};
    if (a.rcode() != kRcodeNoError) return failed("the query failed: " + dnsFailureText(a.rcode(), a.error()), true);

    ListingResult r;
    std::optional<std::string> problem;
    std::string meanings;
    for (const DnsRecordView record : a.records()) {
        if (!sameDnsText(record.type(), "A")) continue;  // a CNAME on the way
        if (r.answer.size() < kMaxAnswerRecords) r.answer.push_back(printable(record.data()));
        if (std::optional<std::string> why = notAListing(list, record.data())) {
            if (!problem) problem = std::move(why);
            continue;
        }
        const std::string dotted = parseAddress(record.data())->text();
        if (std::find(r.codes.begin(), r.codes.end(), dotted) != r.codes.end()) continue;
        r.codes.push_back(dotted);
        meanings += (meanings.empty() ? "" : "; ") + list.code(dotted)->meaning;
    }
    if (txt) r.txt = txtText(*txt);
    if (problem) {
        r.outcome = ListingResult::Outcome::Error;
        r.error = std::move(problem);
        r.codes.clear();
        return r;
    }
    if (r.codes.empty()) return r;  // NOERROR without an A record: not listed
    r.outcome = ListingResult::Outcome::Listed;
    r.reason = r.txt ? meanings + "; the list says: " + *r.txt : meanings;
    return r;
}

}  // namespace ipfacts::dnsbl
