#include "MailQuery.h"

#include <ipfacts/dns_name.hpp>

namespace ipfacts::mail {
namespace {

MailQueryError refused(const char* token, std::string message) { return MailQueryError{token, std::move(message)}; }

// The single value of a parameter; nullopt when absent; error when repeated.
std::variant<std::optional<std::string_view>, MailQueryError> single(const Request& req, std::string_view name) {
    const size_t count = req.queryCount(name);
    if (count > 1)
        return refused("invalid_parameter", "the " + std::string(name) + " parameter may be given only once");
    if (count == 0) return std::optional<std::string_view>();
    return std::optional<std::string_view>(req.query(name).value_or(std::string_view()));
}

// What an SMTP client may send as a local part or a HELO name, as given:
// ASCII from the space (quoted local parts hold spaces; broken clients say
// "HELO JUMPIN' JUPITER") to '~'; no control characters, nothing else.
bool printableAscii(std::string_view s) {
    for (char c : s)
        if (c < 0x20 || c > 0x7e) return false;
    return true;
}

// sender=local-part@domain: what %{s}, %{l} and %{o} expand to.
std::variant<std::string, MailQueryError> checkSender(std::string_view value) {
    const size_t at = value.rfind('@');
    if (value.size() > kMaxSenderBytes || at == std::string_view::npos || !printableAscii(value.substr(0, at)))
        return refused("invalid_sender", "sender must be a mailbox, local-part@domain, of at most " +
                                             std::to_string(kMaxSenderBytes) +
                                             " bytes (the local part may be empty: RFC 7208 then uses postmaster)");
    NameRules rules = NameRules::publicHostName();
    rules.allowUnderscore = true;
    NameCheck check = normaliseName(value.substr(at + 1), rules);
    if (!check.ok()) return refused("invalid_sender", "the domain of sender is not a domain name: " + check.error);
    return std::string(value.substr(0, at + 1)) + check.ascii;
}

std::variant<std::string, MailQueryError> checkHelo(std::string_view value) {
    if (value.empty() || value.size() > kMaxHeloBytes || !printableAscii(value))
        return refused("invalid_helo", "helo must be the HELO name, 1 to " + std::to_string(kMaxHeloBytes) +
                                           " printable ASCII characters");
    return std::string(value);
}

// The optional parameters only an evaluation uses: a value, or nothing when absent.
template <class Check>
std::optional<MailQueryError> readOptional(const Request& req, std::string_view name, Check check,
                                           std::optional<std::string>& into) {
    auto given = single(req, name);
    if (auto* e = std::get_if<MailQueryError>(&given)) return *e;
    if (!std::get<0>(given)) return std::nullopt;
    auto checked = check(*std::get<0>(given));
    if (auto* e = std::get_if<MailQueryError>(&checked)) return *e;
    into = std::get<std::string>(std::move(checked));
    return std::nullopt;
}

}  // namespace

std::variant<MailQuery, MailQueryError> checkDomainValue(std::string_view value) {
    const size_t at = value.rfind('@');
    if (at != std::string_view::npos) {
        const std::string_view part = value.substr(at + 1);
        return refused("mail_address_not_allowed",
                       "domain takes a domain, not a mail address: try domain=" +
                           std::string(part.empty() ? std::string_view("example.com") : part));
    }
    // Host-name rules, but with underscores: SPF and DMARC live at names such as
    // _spf.example.com, which callers check directly.
    NameRules rules = NameRules::publicHostName();
    rules.allowUnderscore = true;
    NameCheck check = normaliseName(value, rules);
    if (!check.ok()) return refused("invalid_domain", "domain is not a domain name: " + check.error);
    return MailQuery{std::string(value), std::move(check.ascii), std::nullopt, std::nullopt, std::nullopt};
}

std::variant<MailQuery, MailQueryError> readMailQuery(const Request& req) {
    auto domain = single(req, "domain");
    if (auto* e = std::get_if<MailQueryError>(&domain)) return *e;
    const std::optional<std::string_view> value = std::get<0>(domain);
    if (!value || value->empty())
        return refused("invalid_parameter", "the domain parameter is required, e.g. ?domain=example.com");
    if (value->size() > kMaxDomainParameterBytes)
        return refused("invalid_parameter",
                       "the domain parameter is longer than " + std::to_string(kMaxDomainParameterBytes) + " bytes");
    auto ip = single(req, "ip");
    if (auto* e = std::get_if<MailQueryError>(&ip)) return *e;
    std::variant<MailQuery, MailQueryError> query = checkDomainValue(*value);
    if (auto* q = std::get_if<MailQuery>(&query); q && std::get<0>(ip)) {
        q->ip = parseAddress(*std::get<0>(ip));
        if (!q->ip)
            return refused(
                "invalid_address",
                "ip must be an IPv4 or IPv6 address such as 192.0.2.1 or 2001:db8::1 (the sender to evaluate "
                "the SPF record for)");
    }
    auto* q = std::get_if<MailQuery>(&query);
    if (!q) return query;
    if (auto e = readOptional(req, "sender", checkSender, q->sender)) return *e;
    if (auto e = readOptional(req, "helo", checkHelo, q->helo)) return *e;
    if ((q->sender || q->helo) && !q->ip)
        return refused("invalid_parameter",
                       "sender and helo are used only to evaluate the SPF record for an address: give ip as well");
    return query;
}

}  // namespace ipfacts::mail
