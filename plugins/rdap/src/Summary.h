// Summary: the `summary` object of /api/v1/rdap, one shape for every kind
// and both paths (RDAP or WHOIS). The core fields are always written
// (null where the registry gave nothing or redacted it); the kind's own
// fields (addresses, AS range, domain facts) only for that kind.
#ifndef IPFACTS_PLUGINS_RDAP_SUMMARY_H
#define IPFACTS_PLUGINS_RDAP_SUMMARY_H

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace ipfacts::rdap {

using Text = std::optional<std::string>;

struct SummaryEntity {
    std::string handle;
    std::vector<std::string> roles;  ///< RDAP roles; `role` in the answer is the first
    Text name;                       ///< vCard fn (RDAP) or the contact's name (WHOIS)
    Text email;
    std::string from = "registry";  ///< "registry" or "registrar" (thin registries)
};

struct Summary {
    // The core fields, for every kind
    Text handle, name, type, country, start_address, end_address, registry, registered, updated;
    std::vector<std::string> cidr, status;
    Text abuse_email;
    std::vector<SummaryEntity> entities;
    std::string source = "rdap";  ///< "rdap" or "whois"
    // autnum
    std::optional<int64_t> start_autnum, end_autnum;
    // domain
    Text ldh_name, unicode_name, registrar, expires;
    std::vector<std::string> nameservers;
    std::optional<bool> dnssec_signed;
    // every kind: fields the registry redacted (RFC 9537, or placeholder text), and,
    // for a thin registry, which fields came from the registrar
    std::vector<std::string> redacted;
    std::map<std::string, std::string> provenance;
};

/// True for text a registry puts where it withholds data ("REDACTED FOR
/// PRIVACY", "Data Protected", "Not Disclosed", ...). Letter case ignored.
bool isPlaceholder(const std::string& value);

/// `value`, or nothing when it is empty or a placeholder; a placeholder adds
/// `field` to summary.redacted.
Text keepUnlessRedacted(Summary& summary, const std::string& field, const std::string& value);

/// The CIDR blocks that exactly cover start..end (same family), fewest first
/// to last; empty when the range is not a valid one.
std::vector<std::string> cidrsOfRange(const std::string& start, const std::string& end);

/// True for "address/length" with a length the address's family allows.
bool isCidrText(const std::string& text);

/// 1 to 12 for an English month name, its first three letters deciding in
/// any letter case ("Mar", "march", "MARCH"); 0 for any other word.
int monthNumber(const std::string& word);

/// ISO 8601 UTC ("2019-03-04T12:00:00Z") from the date forms registries use
/// ("2019-03-04", "20190304", "2019-03-04T13:00:00+01:00", "2019-03-04 12:00:00",
/// "04-Mar-2019", fractions of seconds); nothing when it is none of them.
Text isoUtc(const std::string& value);

}  // namespace ipfacts::rdap

#endif
