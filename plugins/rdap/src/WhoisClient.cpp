#include "WhoisClient.h"

#include "WhoisParser.h"

namespace ipfacts::rdap {
namespace {

/// What one exchange read; `error` says why not, whether the exchange or the
/// call to the facility failed.
TcpExchangeReply exchange(const Host& host, const WhoisServer& server, const std::string& line, int timeoutMs) {
    TcpExchangeCall c;
    c.host = server.host;
    c.port = server.port;
    c.payload = line;
    c.timeout_ms = timeoutMs;
    c.max_bytes = kMaxWhoisBytes;
    Result<TcpExchangeReply> r = tcpExchange(host, c);
    if (r) return std::move(*r);
    TcpExchangeReply none;
    none.error = std::string(r.reason());
    return none;
}

}  // namespace

WhoisAnswer askWhois(const Host& host, const WhoisServers& servers, const RdapQuery& q, int timeoutMs) {
    WhoisAnswer out;
    const WhoisServer first = servers.serverFor(q);
    TcpExchangeReply r = exchange(host, first, servers.queryLine(first, q), timeoutMs);
    if (!r.ok()) {
        out.error = "WHOIS server " + first.text() + ": " + r.error;
        return out;
    }
    out.exchanges.push_back({first.text(), r.response});
    // One referral, never back to the same server.
    WhoisServer next;
    const std::string referral = whoisReferral(r.response);
    if (referral.empty() || !parseWhoisServer(referral, next) || next.text() == first.text()) return out;
    if (!servers.mayRefer(next)) {
        host.warn("rdap: WHOIS referral to " + next.text() + " not followed: port " + std::to_string(next.port) +
                  " is not 43 and the server is not in the WHOIS table");
        return out;
    }
    TcpExchangeReply referred = exchange(host, next, servers.queryLine(next, q), timeoutMs);
    if (referred.ok())
        out.exchanges.push_back({next.text(), referred.response});
    else
        host.warn("rdap: WHOIS referral to " + next.text() + " failed: " + referred.error);
    out.referralFailed = !referred.ok();
    return out;
}

}  // namespace ipfacts::rdap
