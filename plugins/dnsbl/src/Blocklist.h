// Blocklist: one list of the catalogue (etc/blocklists.yaml) as the plugin
// asks it: its zone, what its answers mean, and where a user looks it up.
#ifndef IPFACTS_PLUGINS_DNSBL_BLOCKLIST_H
#define IPFACTS_PLUGINS_DNSBL_BLOCKLIST_H

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ipfacts::dnsbl {

/// One documented answer: an IPv4 address in 127.0.0.0/8 and its meaning.
struct ReturnCode {
    std::string address;  ///< dotted, as the catalogue and the row write it: "127.0.0.2"
    std::string meaning;  ///< one line
};

/// A list of the catalogue. Plain data; immutable once loaded.
struct Blocklist {
    std::string name;                ///< the row's `list`
    std::string zone;                ///< the row's `zone` (the public zone, or the DQS zone without its key)
    bool ipv6 = false;               ///< lists IPv6 addresses (nibble-reversed names)
    bool txt = false;                ///< publishes a TXT record with each listing
    std::string lookupUrl;           ///< template; "{ip}" is replaced by the address
    std::string terms;               ///< usage terms, one line
    bool registration = false;       ///< answers only registered resolvers
    std::vector<ReturnCode> codes;   ///< documented listings, in catalogue order
    std::vector<ReturnCode> errors;  ///< documented refusals (127.255.255.254 ...)
    /// The name asked under: zone, or "<key>.<dqs zone>" when a DQS key is set.
    /// Never written to a response or a log line (it may hold a key).
    std::string queryZone;

    /// The meaning of `address` among codes, or nullptr.
    const ReturnCode* code(const std::string& address) const { return find(codes, address); }
    /// The meaning of `address` among errors, or nullptr.
    const ReturnCode* refusal(const std::string& address) const { return find(errors, address); }
    /// lookupUrl with every "{ip}" replaced by `ip`.
    std::string lookupUrlFor(const std::string& ip) const;

private:
    static const ReturnCode* find(const std::vector<ReturnCode>& in, const std::string& address) {
        for (const ReturnCode& c : in)
            if (c.address == address) return &c;
        return nullptr;
    }
};

}  // namespace ipfacts::dnsbl

#endif
