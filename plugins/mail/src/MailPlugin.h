// The `mail` family: GET /api/v1/mx, a domain's MX hosts, SPF (with the
// lookup tree and an optional evaluation for a sender address), DMARC,
// MTA-STS and TLS-RPT (plugins/mail/README.md).
#ifndef IPFACTS_PLUGINS_MAIL_MAILPLUGIN_H
#define IPFACTS_PLUGINS_MAIL_MAILPLUGIN_H

#include "MailLookup.h"
#include "PublicSuffixList.h"

#include <ipfacts/plugin.hpp>

#include <memory>

namespace ipfacts::mail {

/// Created once at init; handlers share the immutable settings and list.
class MailPlugin {
public:
    static constexpr const char* kRequiredFacilities[] = {"resolver", nullptr};
    static constexpr ConfigKey kConfig[] = {
        optionalPath(
            "public_suffix_list",
            "a Public Suffix List file (.dat); default: libpsl's newest (built-in or /usr/share/publicsuffix)"),
        integerKey("max_dns_questions", 10, 1000, "150", "DNS questions one request may ask"),
        integerKey("dns_budget_ms", 100, 60000, "5000", "after this, a request asks no more DNS questions"),
        integerKey("spf_max_depth", 1, 20, "10", "include/redirect levels followed"),
        integerKey("spf_max_records", 1, 200, "40", "SPF records fetched per request"),
        integerKey("mta_sts_timeout_ms", 100, 60000, "3000", "the MTA-STS policy fetch"),
        integerKey("mta_sts_port", 1, 65535, "443",
                   "the port of MTA-STS policy URLs; 443 in public deployments (RFC 8461 3.3), another for tests")};

    explicit MailPlugin(Host& host);

    /// GET /api/v1/mx?domain=...[&ip=...]. Blocks on DNS and HTTP: registered without NONBLOCKING.
    void mx(Request& req, Response& resp);

private:
    const Host& host_;
    MailSettings settings_;
    std::unique_ptr<PublicSuffixList> psl_;
};

}  // namespace ipfacts::mail

#endif
