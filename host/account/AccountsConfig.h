// AccountsConfig: the accounts: section of the manifest — key issuance by
// e-mail and the dashboard (host/account/README.md). Absent: no account pages (keys
// can still be issued with the admin command). Plain data; read by fromYaml.
#pragma once

#include <cstdint>
#include <string>

namespace YAML {
class Node;
}

namespace ipfacts::account {

/// Where sign-in mail goes: the log (development) or an SMTP server.
struct SmtpSettings {
    std::string host = "127.0.0.1";
    int port = 25;
    bool starttls = true;       // required: the message never leaves in the clear
    std::string ca_file;        // resolved; empty: the system's CA store verifies the server
    std::string sender;         // envelope and From: address
    std::string username;       // empty: no AUTH
    std::string password_file;  // resolved; read at start, never logged
    int timeout_s = 20;
};

struct AccountsConfig {
    std::string link_base_url;             // "https://ipfacts.example": absolute links in mail
    int link_lifetime_s = 900;             // one link lives 15 minutes
    int session_lifetime_s = 43200;        // the sign-in cookie
    int max_live_keys = 5;                 // live keys an account may hold
    int sends_per_hour_per_address = 5;    // sign-in mails asked for by one caller block
    int sends_per_hour_per_recipient = 3;  // sign-in mails to one address
    std::string mailer = "log";            // "log" or "smtp"
    SmtpSettings smtp;
    bool manual_clock = false;  // tests: host.account_clock moves the clock

    static AccountsConfig fromYaml(const YAML::Node& n, const std::string& file, const std::string& dir);
};

}  // namespace ipfacts::account
