#include "RowCodec.h"

#include <cstdint>
#include <vector>

namespace ipfacts::dnsbl {
namespace {

constexpr std::string_view kLayout = "r1";
// No row holds more codes or answer records than this (judgeListing keeps at
// most kMaxAnswerRecords records; a list documents at most kMaxCodesPerList
// codes); a longer count is not a row of ours.
constexpr size_t kMaxItems = kMaxCodesPerList > kMaxAnswerRecords ? kMaxCodesPerList : kMaxAnswerRecords;

void put(std::string& out, std::string_view s) { out.append(std::to_string(s.size())).append(1, ':').append(s); }

void putOptional(std::string& out, const std::optional<std::string>& s) {
    out.append(1, s ? '+' : '-');
    if (s) put(out, *s);
}

void putList(std::string& out, const std::vector<std::string>& items) {
    put(out, std::to_string(items.size()));
    for (const std::string& s : items) put(out, s);
}

/// Reads fields off the front of the bytes; any malformation sets `bad`.
class Reader {
public:
    explicit Reader(std::string_view in) : in_(in) {}

    std::string field() {
        size_t len = 0, i = 0;
        while (i < in_.size() && in_[i] >= '0' && in_[i] <= '9' && i < 9) len = len * 10 + size_t(in_[i++] - '0');
        if (i == 0 || i >= in_.size() || in_[i] != ':' || len > in_.size() - i - 1) return fail();
        std::string out(in_.substr(i + 1, len));
        in_.remove_prefix(i + 1 + len);
        return out;
    }
    std::optional<std::string> optional() {
        if (in_.empty()) return fail(), std::nullopt;
        const char mark = in_.front();
        in_.remove_prefix(1);
        if (mark == '-') return std::nullopt;
        if (mark != '+') return fail(), std::nullopt;
        return field();
    }
    std::vector<std::string> list() {
        const std::string count = field();
        if (bad_ || count.empty() || count.size() > 2) return fail(), std::vector<std::string>{};
        size_t n = 0;
        for (char c : count) {
            if (c < '0' || c > '9') return fail(), std::vector<std::string>{};
            n = n * 10 + size_t(c - '0');
        }
        if (n > kMaxItems) return fail(), std::vector<std::string>{};
        std::vector<std::string> out;
        for (size_t k = 0; k < n && !bad_; ++k) out.push_back(field());
        return out;
    }
    bool done() const { return !bad_ && in_.empty(); }
    bool bad() const { return bad_; }

private:
    std::string fail() {
        bad_ = true;
        in_ = {};
        return {};
    }
    std::string_view in_;
    bool bad_ = false;
};

}  // namespace

std::string encodeRow(const ListingResult& row) {
    std::string out(kLayout);
    put(out, std::to_string(static_cast<int>(row.outcome)));
    put(out, row.transient ? "1" : "0");
    putList(out, row.codes);
    putOptional(out, row.reason);
    putOptional(out, row.error);
    putList(out, row.answer);
    putOptional(out, row.txt);
    return out;
}

std::optional<ListingResult> decodeRow(std::string_view bytes) {
    if (bytes.substr(0, kLayout.size()) != kLayout) return std::nullopt;
    Reader r(bytes.substr(kLayout.size()));
    ListingResult row;
    const std::string outcome = r.field();
    const std::string transient = r.field();
    row.codes = r.list();
    row.reason = r.optional();
    row.error = r.optional();
    row.answer = r.list();
    row.txt = r.optional();
    if (!r.done()) return std::nullopt;
    if (outcome == "0")
        row.outcome = ListingResult::Outcome::NotListed;
    else if (outcome == "1")
        row.outcome = ListingResult::Outcome::Listed;
    else if (outcome == "2")
        row.outcome = ListingResult::Outcome::Error;
    else
        return std::nullopt;
    if (transient != "0" && transient != "1") return std::nullopt;
    row.transient = transient == "1";
    // The invariants every judged row keeps: an error exactly when Error,
    // codes exactly when Listed.
    if (row.error.has_value() != (row.outcome == ListingResult::Outcome::Error)) return std::nullopt;
    if (row.codes.empty() == (row.outcome == ListingResult::Outcome::Listed)) return std::nullopt;
    return row;
}

}  // namespace ipfacts::dnsbl
