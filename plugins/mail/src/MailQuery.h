// MailQuery: the parameters of GET /api/v1/mx, read and checked. `domain`
// is a domain, not a mail address: an address gets 400 with a hint naming
// its domain part. `ip` (optional) is the sender address the SPF record
// is evaluated for; `sender` (a mailbox) and `helo` (the HELO name) give
// that evaluation's macros their values.
#ifndef IPFACTS_PLUGINS_MAIL_MAILQUERY_H
#define IPFACTS_PLUGINS_MAIL_MAILQUERY_H

#include <ipfacts/address.hpp>
#include <ipfacts/plugin.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

namespace ipfacts::mail {

/// Longest `domain` accepted, in bytes, before any conversion (the OpenAPI maxLength).
inline constexpr size_t kMaxDomainParameterBytes = 1024;

struct MailQuery {
    std::string domain;                 ///< as given
    std::string asciiDomain;            ///< A-label form, lower case, no trailing dot
    std::optional<Address> ip;          ///< ip=, when given
    std::optional<std::string> sender;  ///< sender=: local-part@domain, the domain in A-label form
    std::optional<std::string> helo;    ///< helo=: the HELO/EHLO name as given
};

/// Longest `sender` accepted, in bytes (RFC 5321 4.5.3.1: 64 + "@" + 255).
inline constexpr size_t kMaxSenderBytes = 320;
/// Longest `helo` accepted, in bytes (a domain or an address literal).
inline constexpr size_t kMaxHeloBytes = 255;

struct MailQueryError {
    std::string token;  ///< invalid_parameter, mail_address_not_allowed, invalid_domain, invalid_address,
                        ///< invalid_sender, invalid_helo
    std::string message;
};

/// Checks a `domain` value: "user@example.com" is mail_address_not_allowed
/// (the message names example.com); otherwise ipfacts::normaliseName with
/// the public host-name rules, underscores allowed (_spf.example.com; IDN to
/// A-labels): invalid_domain. Pure.
std::variant<MailQuery, MailQueryError> checkDomainValue(std::string_view value);

/// Reads `domain` (required, once, at most 1024 bytes: invalid_parameter),
/// `ip` (optional, once; an IPv4 or IPv6 address: invalid_address), and
/// with `ip` only, `sender` (optional, once; local-part@domain, the local
/// part printable ASCII and possibly empty, the domain a domain:
/// invalid_sender) and `helo` (optional, once; 1-255 printable ASCII
/// characters: invalid_helo).
std::variant<MailQuery, MailQueryError> readMailQuery(const Request& req);

}  // namespace ipfacts::mail

#endif
