// ClientIdentity: the identify stage. Decides the caller's address (trusting
// X-Forwarded-For / Forwarded only from configured proxies) and which API key,
// if any, the caller presented.
#pragma once

#include "host/net/IpAddress.h"
#include "host/pipeline/Exchange.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ipfacts::pipeline {

class ClientIdentity {
public:
    explicit ClientIdentity(const std::vector<std::string>& trusted_proxies);

    /// The caller's address: the peer, or — when the peer is a trusted proxy —
    /// the right-most forwarded address that is not itself a trusted proxy.
    net::IpAddress clientOf(const HttpRequest& req) const;

    bool trusted(const net::IpAddress& a) const;

    /// The key from "Authorization: Bearer <key>", else from the query's key
    /// parameter (the rule of HttpText.h: "key", "KEY", "ke%79", after '&'
    /// or ';'; the value percent-decoded). An Authorization header of another
    /// scheme is not a key.
    static std::optional<std::string> presentedKey(const HttpRequest& req, std::string_view raw_query);

private:
    std::vector<net::CidrRange> trusted_;
};

}  // namespace ipfacts::pipeline
