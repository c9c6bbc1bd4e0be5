#include "host/account/AccountsConfig.h"

#include "host/manifest/YamlReader.h"
#include "host/net/LoopbackUrl.h"

#include <yaml-cpp/yaml.h>

#include <filesystem>

namespace ipfacts::account {
namespace {

SmtpSettings readSmtp(const manifest::YamlReader& r, const YAML::Node& n) {
    r.onlyKeys(n, {"host", "port", "starttls", "ca_file", "sender", "username", "password_file", "timeout_s"},
               "accounts.smtp");
    SmtpSettings s;
    if (n["host"]) s.host = r.str(n["host"], "accounts.smtp.host");
    r.integerKey(n, "port", "accounts.smtp", s.port, 1, 65535);
    if (n["starttls"]) s.starttls = r.boolean(n["starttls"], "accounts.smtp.starttls");
    if (n["ca_file"]) s.ca_file = r.existingFile(n["ca_file"], "accounts.smtp.ca_file", "CA");
    if (!n["sender"]) r.fail(n, "accounts.smtp needs sender (the From: address)");
    s.sender = r.str(n["sender"], "accounts.smtp.sender");
    if (s.sender.find('@') == std::string::npos || s.sender.find_first_of("\r\n<>") != std::string::npos)
        r.fail(n["sender"], "accounts.smtp.sender must be a plain e-mail address");
    if (n["username"]) s.username = r.str(n["username"], "accounts.smtp.username");
    if (n["password_file"])
        s.password_file = r.existingFile(n["password_file"], "accounts.smtp.password_file", "password");
    if (!s.username.empty() && s.password_file.empty())
        r.fail(n, "accounts.smtp.username needs password_file (the password is never written in the manifest)");
    r.integerKey(n, "timeout_s", "accounts.smtp", s.timeout_s, 1, 120);
    return s;
}

}  // namespace

AccountsConfig AccountsConfig::fromYaml(const YAML::Node& n, const std::string& file, const std::string& dir) {
    const manifest::YamlReader r(file, dir);
    AccountsConfig c;
    r.onlyKeys(n,
               {"link_base_url", "link_lifetime_s", "session_lifetime_s", "max_live_keys", "sends_per_hour_per_address",
                "sends_per_hour_per_recipient", "mailer", "smtp", "manual_clock"},
               "accounts");
    if (!n["link_base_url"]) r.fail(n, "accounts needs link_base_url (the service's address, for links in mail)");
    c.link_base_url = r.str(n["link_base_url"], "accounts.link_base_url");
    const bool http = c.link_base_url.rfind("http://", 0) == 0 || c.link_base_url.rfind("https://", 0) == 0;
    if (!http || c.link_base_url.find_first_of(" \r\n\"<>") != std::string::npos)
        r.fail(n["link_base_url"], "accounts.link_base_url must be an http:// or https:// URL");
    while (!c.link_base_url.empty() && c.link_base_url.back() == '/') c.link_base_url.pop_back();
    r.integerKey(n, "link_lifetime_s", "accounts", c.link_lifetime_s, 60, 86400);
    r.integerKey(n, "session_lifetime_s", "accounts", c.session_lifetime_s, 300, 30 * 86400);
    r.integerKey(n, "max_live_keys", "accounts", c.max_live_keys, 1, 100);
    r.integerKey(n, "sends_per_hour_per_address", "accounts", c.sends_per_hour_per_address, 1, 10000);
    r.integerKey(n, "sends_per_hour_per_recipient", "accounts", c.sends_per_hour_per_recipient, 1, 100);
    if (n["mailer"]) c.mailer = r.str(n["mailer"], "accounts.mailer");
    if (c.mailer != "log" && c.mailer != "smtp") r.fail(n["mailer"], "accounts.mailer must be log or smtp");
    // The log mailer writes working sign-in links to the log: anyone who reads it could sign
    // in as anyone who asked. Only for a service that links to this machine (development).
    if (c.mailer == "log" && !net::urlOnLoopback(c.link_base_url))
        r.fail(n["mailer"] ? n["mailer"] : n,
               "accounts.mailer: log (the default) writes sign-in links to the log; with a link_base_url "
               "off this machine use mailer: smtp");
    if (c.mailer == "smtp") {
        if (!n["smtp"]) r.fail(n, "accounts.mailer: smtp needs an smtp: section (host, port, starttls, sender)");
        c.smtp = readSmtp(r, n["smtp"]);
    } else if (n["smtp"]) {
        c.smtp = readSmtp(r, n["smtp"]);
    }
    if (n["manual_clock"]) c.manual_clock = r.boolean(n["manual_clock"], "accounts.manual_clock");
    return c;
}

}  // namespace ipfacts::account
