#include "host/account/Mailer.h"

#include <curl/curl.h>

#include <algorithm>
#include <cstring>
#include <ctime>
#include <fstream>
#include <memory>
#include <sstream>

namespace ipfacts::account {
namespace {

/// The message as RFC 5322 text with CRLF line ends.
std::string messageText(const MailMessage& m, const std::string& sender) {
    char date[64];
    std::time_t t = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&t, &tm);
    std::strftime(date, sizeof date, "%a, %d %b %Y %H:%M:%S +0000", &tm);
    std::string out = std::string("Date: ") + date + "\r\nFrom: " + sender + "\r\nTo: " + m.to +
                      "\r\nSubject: " + m.subject +
                      "\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n"
                      "Content-Transfer-Encoding: 8bit\r\nAuto-Submitted: auto-generated\r\n\r\n";
    for (char c : m.text) {
        if (c == '\n')
            out += "\r\n";
        else
            out += c;
    }
    return out + "\r\n";
}

struct Upload {
    const std::string* text;
    size_t off = 0;
};

size_t readUpload(char* buf, size_t size, size_t n, void* user) {
    auto* u = static_cast<Upload*>(user);
    size_t left = u->text->size() - u->off;
    size_t take = std::min(left, size * n);
    std::memcpy(buf, u->text->data() + u->off, take);
    u->off += take;
    return take;
}

/// Collects what the server says (its EHLO answer among it) through libcurl's debug hook.
int collectServerLines(CURL*, curl_infotype type, char* data, size_t size, void* user) {
    if (type == CURLINFO_HEADER_IN) static_cast<std::string*>(user)->append(data, size);
    return 0;
}

/// Whether the server's last EHLO answer lists SMTPUTF8. A "220" line (the greeting,
/// or the go-ahead for STARTTLS) starts over: what was offered before TLS does not count.
bool lastEhloOffersUtf8(const std::string& lines) {
    bool offered = false;
    std::istringstream in(lines);
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("220", 0) == 0) offered = false;
        if (line.rfind("250-SMTPUTF8", 0) == 0 || line.rfind("250 SMTPUTF8", 0) == 0) offered = true;
    }
    return offered;
}

struct CurlFree {
    void operator()(CURL* c) const { curl_easy_cleanup(c); }
    void operator()(curl_slist* l) const { curl_slist_free_all(l); }
};

}  // namespace

SmtpMailer::SmtpMailer(SmtpSettings settings) : s_(std::move(settings)) {
    if (!s_.password_file.empty()) {
        std::ifstream in(s_.password_file);
        if (!in) throw std::runtime_error("cannot read accounts.smtp.password_file " + s_.password_file);
        std::getline(in, password_);
    }
}

std::string SmtpMailer::url() const {
    return "smtp://" + (s_.host.find(':') != std::string::npos ? "[" + s_.host + "]" : s_.host) + ":" +
           std::to_string(s_.port);
}

void SmtpMailer::setConnection(CURL* c, char* error) const {
    curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "smtp");
    curl_easy_setopt(c, CURLOPT_USE_SSL, s_.starttls ? CURLUSESSL_ALL : CURLUSESSL_NONE);
    if (!s_.ca_file.empty()) curl_easy_setopt(c, CURLOPT_CAINFO, s_.ca_file.c_str());
    curl_easy_setopt(c, CURLOPT_TIMEOUT, static_cast<long>(s_.timeout_s));
    curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(c, CURLOPT_ERRORBUFFER, error);
}

MailError SmtpMailer::failure(CURLcode rc, const char* error) const {
    return MailError("SMTP " + s_.host + ":" + std::to_string(s_.port) + ": " +
                     (error[0] ? std::string(error) : std::string(curl_easy_strerror(rc))));
}

bool SmtpMailer::takesUtf8Addresses() {
    std::unique_ptr<CURL, CurlFree> c(curl_easy_init());
    if (!c) throw MailError("libcurl could not start");
    const std::string target = url();
    std::string lines;
    char error[CURL_ERROR_SIZE] = "";
    curl_easy_setopt(c.get(), CURLOPT_URL, target.c_str());
    setConnection(c.get(), error);
    // Connect, greeting, EHLO (and STARTTLS, EHLO again): all this asks. Nothing is sent.
    curl_easy_setopt(c.get(), CURLOPT_CONNECT_ONLY, 1L);
    curl_easy_setopt(c.get(), CURLOPT_VERBOSE, 1L);  // the debug hook sees nothing without it
    curl_easy_setopt(c.get(), CURLOPT_DEBUGFUNCTION, &collectServerLines);
    curl_easy_setopt(c.get(), CURLOPT_DEBUGDATA, &lines);
    CURLcode rc = curl_easy_perform(c.get());
    if (rc != CURLE_OK) throw failure(rc, error);
    return lastEhloOffersUtf8(lines);
}

void SmtpMailer::send(const MailMessage& m) {
    std::unique_ptr<CURL, CurlFree> c(curl_easy_init());
    if (!c) throw MailError("libcurl could not start");
    const std::string target = url();
    const std::string from = "<" + s_.sender + ">";
    std::unique_ptr<curl_slist, CurlFree> rcpt(curl_slist_append(nullptr, ("<" + m.to + ">").c_str()));
    const std::string text = messageText(m, s_.sender);
    Upload upload{&text};
    char error[CURL_ERROR_SIZE] = "";
    curl_easy_setopt(c.get(), CURLOPT_URL, target.c_str());
    setConnection(c.get(), error);
    // An address beyond ASCII goes with SMTPUTF8 on MAIL FROM: libcurl adds it when the
    // server offers it (AccountService refuses such an address when it does not).
    curl_easy_setopt(c.get(), CURLOPT_MAIL_FROM, from.c_str());
    curl_easy_setopt(c.get(), CURLOPT_MAIL_RCPT, rcpt.get());
    curl_easy_setopt(c.get(), CURLOPT_READFUNCTION, &readUpload);
    curl_easy_setopt(c.get(), CURLOPT_READDATA, &upload);
    curl_easy_setopt(c.get(), CURLOPT_UPLOAD, 1L);
    if (!s_.username.empty()) {
        curl_easy_setopt(c.get(), CURLOPT_USERNAME, s_.username.c_str());
        curl_easy_setopt(c.get(), CURLOPT_PASSWORD, password_.c_str());
    }
    CURLcode rc = curl_easy_perform(c.get());
    if (rc != CURLE_OK) throw failure(rc, error);
}

}  // namespace ipfacts::account
