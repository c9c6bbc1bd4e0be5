#include "host/account/Mailer.h"

#include <spdlog/spdlog.h>

#include <algorithm>

namespace ipfacts::account {

std::string maskedAddress(const std::string& address) {
    size_t at = address.find('@');
    if (at == std::string::npos || at == 0) return "***";
    // The first character's bytes: its lead byte, then continuation bytes (10xxxxxx).
    size_t first = 1;
    while (first < at && (static_cast<unsigned char>(address[first]) & 0xC0) == 0x80) ++first;
    return address.substr(0, first) + "***" + address.substr(at);
}

bool hasNonAscii(const std::string& address) {
    return std::any_of(address.begin(), address.end(), [](char c) { return static_cast<unsigned char>(c) > 0x7f; });
}

void LogMailer::send(const MailMessage& m) {
    // Development only (accounts.mailer: log): the link is what a developer needs to sign in.
    spdlog::info("sign-in mail (development mailer, not sent) for {}: {}", maskedAddress(m.to), m.link);
}

std::unique_ptr<Mailer> makeMailer(const AccountsConfig& c) {
    if (c.mailer == "smtp") return std::make_unique<SmtpMailer>(c.smtp);
    return std::make_unique<LogMailer>();
}

}  // namespace ipfacts::account
