// ipfacts::Reasons — the top-level `reasons` object of a 200 response
// (docs/api.md): a field that is null or incomplete because something failed or
// is not configured gets one line saying why; a field that is simply unknown
// gets none. Header-only, C++17.
//
//   ipfacts::Reasons reasons;
//   reasons.add("hostname", ipfacts::ptrNoDataReason());
//   ...
//   reasons.writeTo(w);   // "reasons":{"hostname":"no PTR record"}, or nothing when empty
#ifndef IPFACTS_REASONS_HPP
#define IPFACTS_REASONS_HPP

#include <ipfacts/dns_rcode.hpp>
#include <ipfacts/json.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ipfacts {

/// Keys naming a group of fields that are nulled together, one line for
/// many fields, where `reasons` would otherwise key by field name:
/// "geolocation" covers the location fields (city, region, country, ...,
/// geo_accuracy); "network" covers the network-owner fields (isp, asn,
/// as_name, as_domain, rir, connection_type). Which fields a body has is
/// the plugin's to document.
inline constexpr const char* kGeolocationReason = "geolocation";
inline constexpr const char* kNetworkReason = "network";

// ---- One wording per reason, whatever the endpoint ------------------------
// The same cause gives the same line on /json?full=1, /api/v1/ip?full=1,
// /api/v1/lookup and /api/v1/reverse, so a client can match on it.

/// The host has no resolver: section, so nothing was asked.
inline constexpr const char* kNoResolverReason = "no DNS resolver is configured";
/// The host offers no named resolvers (no resolver: section, or a host older than ABI 1.5).
inline constexpr const char* kNoNamedResolverReason =
    "this host offers no named DNS resolvers (resolver.named, ABI 1.5)";
/// The host has no doh: section, so no DNS-over-HTTPS resolver was asked.
inline constexpr const char* kNoDohReason = "no DNS-over-HTTPS resolvers are configured";
/// The host has no http: section, so nothing was fetched.
inline constexpr const char* kNoHttpReason = "no outbound HTTP is configured";
/// The resolver or DoH facility refused the question (a name or type it cannot send).
inline constexpr const char* kMalformedDnsQuestionReason = "malformed DNS question";
/// The http facility refused the batch (a request it cannot read).
inline constexpr const char* kMalformedHttpCallReason = "malformed HTTP request";
/// privacy is asked for (full=1, privacy=1) but the host has no privacy
/// facility (no privacy: section).
inline constexpr const char* kNoPrivacyProviderReason = "no privacy provider is configured";
/// The host has no netdb: section, so no address was looked up.
inline constexpr const char* kNoNetDbReason = "no address database is configured";
/// The host declares no daily meters (no meters: section).
inline constexpr const char* kNoMetersReason = "no daily meters are configured";
/// The host has no cache: section, so nothing is cached.
inline constexpr const char* kNoCacheReason = "no cache is configured";
/// The host offers no durable store (a host older than ABI 1.3).
inline constexpr const char* kNoStoreReason = "this host offers no store";
/// The host has no connect: section (or is older than ABI 1.4), so no TLS probe was made.
inline constexpr const char* kNoConnectReason = "this host offers no connect facility (no connect: section)";
/// The host has no connect: section (or is older than ABI 1.5), so no TCP exchange was made.
inline constexpr const char* kNoTcpExchangeReason =
    "this host offers no TCP exchange (no connect: section, or before ABI 1.5)";
/// The host runs no periodic tasks (a host older than ABI 1.5).
inline constexpr const char* kNoTasksReason = "this host runs no periodic tasks (before ABI 1.5)";

/// The calling address has spent today's `privacy` meter (full=1 and
/// privacy=1 spend it), so nothing was asked. `resetsAtIso` is when it
/// refills, ISO 8601 UTC. Starts "meter spent:", unlike any provider's reason.
inline std::string privacyAllowanceSpentReason(std::string_view resetsAtIso) {
    return "meter spent: the daily privacy allowance of the calling address is spent; it resets at " +
           std::string(resetsAtIso);
}

/// Why a PTR question gave no host name, from the answer: `rcode` is the
/// response code, -1 when no response came, and `error` the resolver
/// facility's words then ("timeout", "connection refused"). nullopt when the
/// answer is NOERROR (the caller then looks for PTR records and, finding
/// none, says ptrNoDataReason()).
///
///   NXDOMAIN  "no PTR record: NXDOMAIN (the reverse name does not exist)"
///   timeout   "PTR lookup failed: timeout (the DNS resolver did not answer in time)"
///   no answer "PTR lookup failed: connection refused" (the facility's words)
///   SERVFAIL  "PTR lookup failed: the DNS resolver answered SERVFAIL"
inline std::optional<std::string> ptrAnswerReason(int rcode, std::optional<std::string_view> error) {
    if (rcode == kRcodeNoError) return std::nullopt;
    if (rcode == kRcodeNxDomain) return std::string("no PTR record: NXDOMAIN (the reverse name does not exist)");
    return "PTR lookup failed: " + dnsFailureText(rcode, error);
}

/// NOERROR without a PTR record (NODATA: the reverse name exists, or is an
/// empty non-terminal, but holds no PTR).
inline std::string ptrNoDataReason() { return "no PTR record: NODATA (the reverse name has no PTR record)"; }

/// The resolver could not be asked at all, or gave no answer to the question:
/// "PTR lookup failed: " + what.
inline std::string ptrLookupFailedReason(std::string_view what) { return "PTR lookup failed: " + std::string(what); }

/// Field (or field group) name to explanation, kept in the order the fields
/// were first given. A plain value type that owns its strings; not
/// synchronised: build one per response.
class Reasons {
public:
    using Entry = std::pair<std::string, std::string>;  ///< field, why

    /// Explains `field`. A field explained twice keeps its first place and
    /// takes the later text, so the body never holds a key twice.
    Reasons& add(std::string field, std::string why) {
        for (Entry& e : entries_)
            if (e.first == field) {
                e.second = std::move(why);
                return *this;
            }
        entries_.emplace_back(std::move(field), std::move(why));
        return *this;
    }

    /// The explanation of `field`, if any. Valid until the next add.
    std::optional<std::string_view> find(std::string_view field) const {
        for (const Entry& e : entries_)
            if (e.first == field) return std::string_view(e.second);
        return std::nullopt;
    }

    bool empty() const { return entries_.empty(); }
    size_t size() const { return entries_.size(); }
    const Entry& operator[](size_t i) const { return entries_[i]; }
    std::vector<Entry>::const_iterator begin() const { return entries_.begin(); }
    std::vector<Entry>::const_iterator end() const { return entries_.end(); }

    /// Writes `"reasons":{...}` into the object `w` is writing, in order;
    /// nothing at all when there is no reason.
    void writeTo(JsonWriter& w, std::string_view key = "reasons") const {
        if (entries_.empty()) return;
        w.key(key).beginObject();
        for (const Entry& e : entries_) w.field(e.first, e.second);
        w.endObject();
    }

private:
    std::vector<Entry> entries_;
};

}  // namespace ipfacts

#endif
