// ipfacts DNS answer helpers: the questions plugins ask and what they read out
// of the answers (ipfacts/views.hpp), in one wording for every endpoint.
// Header-only, C++17; pure apart from lookUpPtr, which asks the host.
//
//   DnsAnswers a = host.resolve(ipfacts::addressQuestions("example.com"));
//   for (const Address& v4 : ipfacts::addressesOf(a.at(0), 4)) ...
//   if (auto why = ipfacts::answerFailure(a.at(1))) note("the AAAA query failed: " + *why);
//
//   ipfacts::PtrLookup ptr = ipfacts::lookUpPtr(host, "1.2.0.192.in-addr.arpa");
//   ptr.names   // ["host.example"], or empty and ptr.reason says why
#ifndef IPFACTS_DNS_ANSWERS_HPP
#define IPFACTS_DNS_ANSWERS_HPP

#include <ipfacts/address.hpp>
#include <ipfacts/dns_rcode.hpp>
#include <ipfacts/plugin.hpp>
#include <ipfacts/reasons.hpp>

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ipfacts {

// ---- Questions --------------------------------------------------------------

/// The A and AAAA questions for `name`, A first.
inline std::vector<DnsQuestion> addressQuestions(std::string_view name) {
    return {DnsQuestion{std::string(name), "A"}, DnsQuestion{std::string(name), "AAAA"}};
}

/// The A and AAAA questions for every name, in order: for names[i], question
/// 2i asks A and question 2i+1 asks AAAA.
inline std::vector<DnsQuestion> addressQuestions(const std::vector<std::string>& names) {
    std::vector<DnsQuestion> questions;
    questions.reserve(names.size() * 2);
    for (const std::string& name : names)
        for (DnsQuestion& q : addressQuestions(name)) questions.push_back(std::move(q));
    return questions;
}

// ---- Reading answers ----------------------------------------------------------

/// True when two DNS names or type mnemonics are equal ignoring ASCII letter
/// case, as DNS compares them (RFC 4343).
inline bool sameDnsText(std::string_view a, std::string_view b) {
    auto lower = [](char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; };
    return a.size() == b.size() &&
           std::equal(a.begin(), a.end(), b.begin(), [&](char x, char y) { return lower(x) == lower(y); });
}

/// True when a server responded: a response code and no error.
inline bool responded(const DnsAnswerView& answer) { return answer.rcode() >= 0 && !answer.error(); }

/// What an answer without a response says: the facility's words ("timeout",
/// "TLS: ..."), or "no response from the DNS resolver" when it gave none.
inline std::string_view noResponseText(const DnsAnswerView& answer) {
    std::optional<std::string_view> error = answer.error();
    return error && !error->empty() ? *error : std::string_view(kNoDnsResponseText);
}

/// Why the answer to a name question (A, AAAA, MX, ...) cannot be used, in
/// the shared wording of dnsFailureText (ipfacts/dns_rcode.hpp); nullopt
/// when it can: NOERROR, or NXDOMAIN (that the name does not exist is an
/// answer too). Callers put it after their own "the AAAA query failed: ".
inline std::optional<std::string> answerFailure(const DnsAnswerView& answer) {
    const int rcode = answer.rcode();
    if (rcode == kRcodeNoError || rcode == kRcodeNxDomain) return std::nullopt;
    return dnsFailureText(rcode, answer.error());
}

/// A PTR record's data as a host name: the trailing dot removed.
inline std::string_view hostnameOf(std::string_view data) {
    if (!data.empty() && data.back() == '.') data.remove_suffix(1);
    return data;
}

/// The host names the PTR records of `answer` point to, in the order
/// received, without the trailing dot, each once (compared ignoring letter
/// case; the first spelling is kept). Other records (a CNAME of RFC 2317
/// delegation on the way) and a bare root target are skipped.
inline std::vector<std::string> ptrNames(const DnsAnswerView& answer) {
    std::vector<std::string> names;
    for (const DnsRecordView record : answer.records()) {
        if (!sameDnsText(record.type(), "PTR")) continue;
        const std::string_view name = hostnameOf(record.data());
        const bool seen =
            std::any_of(names.begin(), names.end(), [&](const std::string& n) { return sameDnsText(n, name); });
        if (!name.empty() && !seen) names.emplace_back(name);
    }
    return names;
}

/// The addresses of `answer`'s A records (version 4) or AAAA records
/// (version 6), in the order received, each once. Records of other types (a
/// CNAME chain) and data that is not an address of that family are skipped.
inline std::vector<Address> addressesOf(const DnsAnswerView& answer, int version) {
    const std::string_view type = version == 6 ? "AAAA" : "A";
    std::vector<Address> out;
    for (const DnsRecordView record : answer.records()) {
        if (!sameDnsText(record.type(), type)) continue;
        std::optional<Address> address = parseAddress(record.data());
        if (!address || address->version != version) continue;
        if (std::find(out.begin(), out.end(), *address) == out.end()) out.push_back(*address);
    }
    return out;
}

// ---- PTR lookups ----------------------------------------------------------------

/// The host names of a reverse name, or why there are none.
struct PtrLookup {
    std::vector<std::string> names;     ///< ptrNames of the answer; empty exactly when reason is set
    std::optional<std::string> reason;  ///< in the shared words of ipfacts/reasons.hpp
    /// The resolver could not be asked or did not answer the question (a
    /// "PTR lookup failed: ..." reason): a passing failure, where NXDOMAIN,
    /// NODATA and having no resolver are answers.
    bool failed = false;
};

/// Asks the host's resolver for the PTR records of `arpa` (arpaName of the
/// address) and reads them with ptrNames. Blocking. The reasons:
/// kNoResolverReason, "PTR lookup failed: " + why the call was not made
/// (Host::resolve's reason) or the resolver gave no answer,
/// ptrAnswerReason (NXDOMAIN, timeout, SERVFAIL, ...), ptrNoDataReason()
/// (NOERROR without a PTR name); `failed` marks the "PTR lookup failed" ones.
inline PtrLookup lookUpPtr(const Host& host, std::string_view arpa) {
    if (!host.hasResolver()) return PtrLookup{{}, std::string(kNoResolverReason), false};
    const DnsAnswers answers = host.resolve({DnsQuestion{std::string(arpa), "PTR"}});
    if (!answers.ok()) return PtrLookup{{}, ptrLookupFailedReason(answers.reason()), true};
    if (answers.empty()) return PtrLookup{{}, ptrLookupFailedReason("the DNS resolver gave no answer"), true};
    const DnsAnswerView answer = answers.front();
    if (std::optional<std::string> why = ptrAnswerReason(answer.rcode(), answer.error()))
        return PtrLookup{{}, why, answer.rcode() != kRcodeNxDomain};
    PtrLookup found{ptrNames(answer), std::nullopt, false};
    if (found.names.empty()) found.reason = ptrNoDataReason();
    return found;
}

}  // namespace ipfacts

#endif
