#include "host/account/Mailer.h"

#include <spdlog/spdlog.h>

namespace ipfacts::account {

std::string maskedAddress(const std::string& address) {
    size_t at = address.find('@');
    if (at == std::string::npos || at == 0) return "***";
    return address.substr(0, 1) + "***" + address.substr(at);
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
