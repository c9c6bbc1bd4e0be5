// WhoisServers: where the WHOIS fallback asks (etc/rdap/whois-servers.yaml):
// the server of each TLD without an RDAP service, IANA's server for the rest
// (its `refer:` line names the registry), and the query form a server
// expects ("n + {query}" at ARIN). Servers are "host" or "host:port".
#ifndef IPFACTS_PLUGINS_RDAP_WHOISSERVERS_H
#define IPFACTS_PLUGINS_RDAP_WHOISSERVERS_H

#include "RdapQuery.h"

#include <map>
#include <string>

namespace ipfacts::rdap {

struct WhoisServer {
    std::string host;
    int port = 43;
    std::string text() const { return port == 43 ? host : host + ":" + std::to_string(port); }
};

/// "whois.example" or "whois.example:4343" (an IPv6 literal in brackets); false when neither.
bool parseWhoisServer(const std::string& text, WhoisServer& out);

class WhoisServers {
public:
    WhoisServers() = default;
    /// Reads the YAML table; throws std::runtime_error naming the file and the problem.
    static WhoisServers load(const std::string& path);

    /// The first server to ask about `q`: the TLD's, else IANA's.
    WhoisServer serverFor(const RdapQuery& q) const;
    /// The query line for `server` ("n + 192.0.2.1\r\n").
    std::string queryLine(const WhoisServer& server, const RdapQuery& q) const;

    bool empty() const { return iana_.host.empty(); }

    /// Whether a referral may be followed to `server`: port 43, or a server
    /// this table names (a referral's port is the answering server's to
    /// choose, and a WHOIS query must not become a probe of any port).
    bool mayRefer(const WhoisServer& server) const;

private:
    WhoisServer iana_;
    std::map<std::string, WhoisServer> tlds_;
    std::map<std::string, std::map<std::string, std::string>> forms_;  // host -> kind -> form
};

}  // namespace ipfacts::rdap

#endif
