// Mailer: how a sign-in message leaves the service. SmtpMailer hands it to
// the manifest's SMTP server (libcurl's SMTP client, STARTTLS required unless
// switched off); LogMailer, the development default, writes the link to the
// log instead. send() blocks: only MailQueue's thread calls it.
#pragma once

#include "host/account/AccountsConfig.h"

#include <curl/curl.h>

#include <memory>
#include <stdexcept>
#include <string>

namespace ipfacts::account {

struct MailMessage {
    std::string to;  // a checked address (no CR, LF or angle brackets)
    std::string subject;
    std::string text;  // plain text, LF line ends
    std::string link;  // the sign-in link the text holds (LogMailer writes only this)
};

struct MailError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

class Mailer {
public:
    virtual ~Mailer() = default;
    /// Delivers `m` or throws MailError (whose text never holds the link).
    virtual void send(const MailMessage& m) = 0;
    /// Whether an address with characters beyond ASCII can be delivered (SMTPUTF8,
    /// RFC 6531); throws MailError when the server cannot be asked.
    virtual bool takesUtf8Addresses() = 0;
};

/// The development mailer: logs the link (and a masked address), sends nothing.
class LogMailer : public Mailer {
public:
    void send(const MailMessage& m) override;
    bool takesUtf8Addresses() override { return true; }  // it delivers nothing anywhere
};

/// The SMTP mailer of `accounts.smtp`.
class SmtpMailer : public Mailer {
public:
    /// Reads the password file, if any. Throws std::runtime_error when it cannot.
    explicit SmtpMailer(SmtpSettings settings);
    void send(const MailMessage& m) override;
    /// Connects and reads the server's EHLO answer (after STARTTLS when required):
    /// true when it offers SMTPUTF8, with which libcurl then sends such addresses.
    bool takesUtf8Addresses() override;

private:
    std::string url() const;
    /// Server, TLS, time-out and error buffer: the same for a probe and a send.
    void setConnection(CURL* c, char* error) const;
    MailError failure(CURLcode rc, const char* error) const;

    SmtpSettings s_;
    std::string password_;
};

/// The mailer `accounts.mailer` names.
std::unique_ptr<Mailer> makeMailer(const AccountsConfig& c);

/// "a***@example.com": enough to tell messages apart in a log, not the address.
/// The first character is kept whole, however many bytes of UTF-8 it takes.
std::string maskedAddress(const std::string& address);

/// Whether `address` holds a byte beyond ASCII (then only SMTPUTF8 delivers it).
bool hasNonAscii(const std::string& address);

}  // namespace ipfacts::account
