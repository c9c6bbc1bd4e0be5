// Bootstrap: RDAP service discovery (RFC 9224). The four IANA bootstrap
// registries (ipv4, ipv6, asn, dns), with the operator's overrides in front
// (registries missing from IANA's files, endpoints that moved), answer which
// base URLs serve a query: the longest matching prefix for addresses and
// blocks, the range holding an AS number, the longest matching label suffix
// for a domain. Immutable once built: shared by every handler thread.
#ifndef IPFACTS_PLUGINS_RDAP_BOOTSTRAP_H
#define IPFACTS_PLUGINS_RDAP_BOOTSTRAP_H

#include "RdapQuery.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace ipfacts::rdap {

/// Base URLs of one service, https first, each ending in '/'.
using ServiceUrls = std::vector<std::string>;

/// Which bootstrap entry served a query, for the answer and the logs.
struct ServiceMatch {
    ServiceUrls urls;
    std::string entry;  ///< "192.0.0.0/8", "64496-64511", "io"
    bool fromOverride = false;
};

/// One file's worth of entries, as the registry or the override table gives them.
struct BootstrapFile {
    std::string publication;                                   ///< the file's "publication"; empty for overrides
    std::vector<std::pair<std::string, ServiceUrls>> entries;  ///< (entry, urls) in file order
};

class Bootstrap {
public:
    /// Parses RFC 9224 JSON text ({"services": [[[entries], [urls]], ...]}).
    /// Throws std::runtime_error naming `what` when it is not such a file.
    static BootstrapFile parseFile(const std::string& json, const std::string& what);

    /// Adds the entries of `file` for `registry` ("ipv4", "ipv6", "asn",
    /// "dns"); an override is consulted before every IANA entry. Entries it
    /// cannot read (a bad prefix, range or label) throw std::runtime_error.
    void add(const std::string& registry, const BootstrapFile& file, bool isOverride);

    /// The service for `q`, or nothing when no entry covers it.
    std::optional<ServiceMatch> find(const RdapQuery& q) const;

    /// True when a service URL of any entry has this origin ("https://host:443",
    /// UrlOrigin::text): a port the operator's tables name may be followed to.
    bool namesOrigin(const std::string& origin) const { return origins_.count(origin) > 0; }

    /// "ipv4 2019-06-07T19:00:02Z, ..." for the log and the README's snapshot line.
    std::string describe() const;
    size_t entryCount() const;

private:
    struct Prefix {
        Address start;
        int length = 0;
        ServiceMatch match;
    };
    struct Range {
        uint32_t first = 0, last = 0;
        ServiceMatch match;
    };
    std::optional<ServiceMatch> findPrefix(const std::vector<Prefix>& table, const RdapQuery& q) const;

    std::vector<Prefix> v4_, v6_;
    std::vector<Range> asn_;
    std::map<std::string, ServiceMatch> dnsOverrides_, dns_;
    std::vector<Prefix> v4Overrides_, v6Overrides_;
    std::vector<Range> asnOverrides_;
    std::map<std::string, std::string> publications_;
    std::set<std::string> origins_;
};

/// True when `a` lies inside the block `start`/`length` (same family).
bool inBlock(const Address& a, const Address& start, int length);

}  // namespace ipfacts::rdap

#endif
