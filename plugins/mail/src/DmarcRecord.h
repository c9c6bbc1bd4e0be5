// DmarcRecord: one DMARC policy record (RFC 7489, with the tags RFC 9989
// adds and removes) as DmarcParser reads it. Absent tags are nullopt, so
// the response shows them null; defaults are not filled in.
#ifndef IPFACTS_PLUGINS_MAIL_DMARCRECORD_H
#define IPFACTS_PLUGINS_MAIL_DMARCRECORD_H

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ipfacts::mail {

/// One rua/ruf destination: "mailto:d@example.com!10m".
struct DmarcReportUri {
    std::string uri;                    ///< without the size limit
    std::optional<std::string> limit;   ///< "10m"
    std::optional<std::string> domain;  ///< the host part of a mailto: address, lower case
};

struct DmarcRecord {
    std::string raw;
    bool valid = false;
    std::string version;  ///< "DMARC1"
    std::vector<std::string> errors;
    std::vector<std::string> notes;                         ///< removed tags, unknown tags
    std::vector<std::pair<std::string, std::string>> tags;  ///< every tag as written, name lower case, in order

    std::optional<std::string> policy;              ///< p
    std::optional<std::string> subdomainPolicy;     ///< sp
    std::optional<std::string> nonexistentPolicy;   ///< np (RFC 9989)
    std::optional<int> percent;                     ///< pct (removed by RFC 9989)
    std::optional<std::string> adkim;               ///< r or s
    std::optional<std::string> aspf;                ///< r or s
    std::optional<std::string> failureOptions;      ///< fo, as written ("1:d")
    std::optional<int64_t> reportInterval;          ///< ri seconds (removed by RFC 9989)
    std::optional<std::string> reportFormat;        ///< rf (removed by RFC 9989)
    std::optional<bool> testing;                    ///< t=y (RFC 9989)
    std::optional<std::string> publicSuffixDomain;  ///< psd: y, n or u (RFC 9989)
    std::vector<DmarcReportUri> aggregateReports;   ///< rua
    std::vector<DmarcReportUri> forensicReports;    ///< ruf
    std::vector<std::string> removedTags;           ///< present tags RFC 9989 removed: pct, rf, ri
};

}  // namespace ipfacts::mail

#endif
