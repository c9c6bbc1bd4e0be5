// ListingResult: what one blocklist said about one address, judged
// (ListingVerdict), cached (RowCodec) and written as a row.
#ifndef IPFACTS_PLUGINS_DNSBL_LISTINGRESULT_H
#define IPFACTS_PLUGINS_DNSBL_LISTINGRESULT_H

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace ipfacts::dnsbl {

/// A row keeps at most this many A records of an answer in `answer` (every
/// record is still judged): a zone answering hundreds must not make the body
/// or the cache entry balloon.
inline constexpr size_t kMaxAnswerRecords = 32;
/// The catalogue refuses a list documenting more codes than this (no real list
/// comes near; it bounds a row's `codes`).
inline constexpr size_t kMaxCodesPerList = 64;

struct ListingResult {
    enum class Outcome { NotListed, Listed, Error };
    Outcome outcome = Outcome::NotListed;
    std::vector<std::string> codes;     ///< the documented listing codes, dotted; empty unless Listed
    std::optional<std::string> reason;  ///< their meanings from the catalogue, then the list's TXT text
    std::optional<std::string> error;   ///< set exactly when Error
    std::vector<std::string>
        answer;  ///< the A records' data as received (the raw answer), in order; at most kMaxAnswerRecords
    std::optional<std::string> txt;  ///< the list's TXT text, made printable; nullopt when none
    /// The query itself failed (time-out, SERVFAIL, ...): cached only briefly,
    /// while an answer the list gave is cached for the full lifetime.
    bool transient = false;

    bool listed() const { return outcome == Outcome::Listed; }
    bool operator==(const ListingResult& o) const {
        return outcome == o.outcome && codes == o.codes && reason == o.reason && error == o.error &&
               answer == o.answer && txt == o.txt && transient == o.transient;
    }
};

}  // namespace ipfacts::dnsbl

#endif
