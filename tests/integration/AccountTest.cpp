// Key issuance by e-mail and the dashboard (host/account/README.md), over real HTTP against a
// daemon of its own whose smtp mailer delivers to an SMTP sink this suite starts
// (tests/account/smtp_sink.py, Debian's python3-aiosmtpd): the real message is read
// back from the sink. Link expiry on the daemon's manual account clock. The whole
// flow in headless Chromium too (tests/browser/account-flow.mjs).
#include "tests/integration/support/HttpClient.h"
#include "tests/integration/support/Json.h"
#include "tests/integration/support/KeyId.h"
#include "tests/integration/support/ManifestEdits.h"
#include "tests/integration/support/Service.h"

#include <cppunit/extensions/HelperMacros.h>
#include <signal.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <thread>

using namespace ipfacts::testing;
namespace fs = std::filesystem;

namespace {

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

/// The SMTP sink: started at construction, stopped (SIGTERM) at destruction. With
/// `starttls` it refuses mail before STARTTLS, with a certificate of its own (dir()/cert.pem).
class SmtpSink {
public:
    explicit SmtpSink(bool starttls = true, const std::string& name = "smtp-sink", bool smtputf8 = false)
        : dir_(Service::buildDir() + "/tests/" + name) {
        fs::remove_all(dir_);
        fs::create_directories(dir_);
        pid_ = ::fork();
        if (pid_ == 0) {
            const std::string script = Service::sourceDir() + "/tests/account/smtp_sink.py";
            ::execl("/usr/bin/python3", "python3", script.c_str(), dir_.c_str(), starttls ? "--starttls" : "",
                    smtputf8 ? "--smtputf8" : "", static_cast<char*>(nullptr));
            ::_exit(127);
        }
        // Polls for the file the sink writes once it listens.
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(15);
        while (!fs::exists(dir_ + "/port")) {
            if (std::chrono::steady_clock::now() > deadline) throw std::runtime_error("the SMTP sink did not start");
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
        port_ = std::stoi(slurp(dir_ + "/port"));
    }
    ~SmtpSink() {
        if (pid_ > 0) {
            ::kill(pid_, SIGTERM);
            ::waitpid(pid_, nullptr, 0);
        }
    }
    int port() const { return port_; }
    const std::string& dir() const { return dir_; }
    size_t count() const {
        size_t n = 0;
        for (const auto& e : fs::directory_iterator(dir_)) n += e.path().extension() == ".eml";
        return n;
    }
    /// Message number `n` (1-based), waiting up to 10 s for it.
    std::string message(size_t n) const {
        char name[16];
        std::snprintf(name, sizeof name, "/%04zu.eml", n);
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
        while (!fs::exists(dir_ + name)) {
            if (std::chrono::steady_clock::now() > deadline)
                throw std::runtime_error("no message " + std::to_string(n));
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
        return slurp(dir_ + name);
    }

private:
    std::string dir_;
    pid_t pid_ = -1;
    int port_ = 0;
};

SmtpSink& sink() {
    static SmtpSink s;
    return s;
}

/// The daemon of this suite: the suite's manifest with the smtp mailer pointed at the sink.
Service& accounts() {
    const int port = sink().port();  // first: the sink outlives the daemon that mails it
    static Service s("accounts", [port](std::string& text) {
        // The flows check many revoked keys (401) from 127.0.0.1: more than the suite's 5 a minute.
        replace(text, "invalid_key_limit: { per_minute: 5,", "invalid_key_limit: { per_minute: 1000,");
        // Its flows ask for more links from 127.0.0.1 than the suite's 20 an hour.
        replace(text, "sends_per_hour_per_address: 20", "sends_per_hour_per_address: 100");
        replace(text, "  mailer: log\n",
                "  mailer: smtp\n  smtp: { host: 127.0.0.1, port: " + std::to_string(port) +
                    ", starttls: true, ca_file: " + sink().dir() +
                    "/cert.pem, sender: keys@ipfacts.test, timeout_s: 10 }\n");
    });
    static const bool started = (s.start(), true);
    (void)started;
    return s;
}

std::string first(const std::string& text, const std::string& pattern) {
    std::smatch m;
    if (!std::regex_search(text, m, std::regex(pattern))) return "";
    return m[1];
}

std::string tokenIn(const std::string& mail) { return first(mail, R"(/api-keys/signin\?token=([0-9a-f]{64}))"); }
std::string keyIn(const std::string& html) { return first(html, R"re(id="new-key">(ipf_[a-z2-7]+)<)re"); }
std::string csrfIn(const std::string& html) { return first(html, R"re(name="csrf" value="([0-9a-f]{64})")re"); }
std::string cookieIn(const HttpReply& r) {
    auto c = r.header("Set-Cookie");
    return c ? first(*c, R"(ipf_session=([0-9a-f]{64}))") : "";
}
std::vector<std::string> liveIdsIn(const std::string& html) {
    std::vector<std::string> ids;
    std::regex row(R"re(<tr data-key-id="([0-9a-f]{16})" data-state="live">)re");
    for (auto it = std::sregex_iterator(html.begin(), html.end(), row); it != std::sregex_iterator(); ++it)
        ids.push_back((*it)[1]);
    return ids;
}

// "ñandú@example.com", form-encoded: an address beyond ASCII.
constexpr const char* kNandu = "%C3%B1and%C3%BA%40example.com";

std::string errorOf(const HttpReply& r) { return parseJson(r.body)->getValue<std::string>("error"); }

/// One value from the daemon's SQLite file, read-only.
long long sqliteCount(const std::string& sql) {
    sqlite3* db = nullptr;
    const std::string path = accounts().stateDir() + "/ipfacts.sqlite";
    if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK)
        throw std::runtime_error("cannot open " + path);
    sqlite3_busy_timeout(db, 2000);
    sqlite3_stmt* st = nullptr;
    long long v = -1;
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &st, nullptr) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
        v = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    sqlite3_close(db);
    return v;
}

}  // namespace

class AccountTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(AccountTest);
    CPPUNIT_TEST(formPageHasStrictPolicy);
    CPPUNIT_TEST(oneLinkIsMailedOverSmtp);
    CPPUNIT_TEST(badAddressIs400);
    CPPUNIT_TEST(openingTheLinkUsesNothing);
    CPPUNIT_TEST(signInIssuesOneKeyShownOnce);
    CPPUNIT_TEST(cookieIsSecureOverTls);
    CPPUNIT_TEST(linkExpiresAfterFifteenMinutes);
    CPPUNIT_TEST(mailNeverLeavesWithoutStarttls);
    CPPUNIT_TEST(addressBeyondAsciiIsRefusedWithoutSmtputf8);
    CPPUNIT_TEST(addressBeyondAsciiGoesWithSmtputf8);
    CPPUNIT_TEST(maskedAddressKeepsWholeCharacters);
    CPPUNIT_TEST(sendingIsLimitedPerRecipient);
    CPPUNIT_TEST(dashboardCreatesRotatesAndRevokes);
    CPPUNIT_TEST(dashboardRefusesCrossSitePosts);
    CPPUNIT_TEST(dashboardShowsUsage);
    CPPUNIT_TEST(usedLinkSaysSoWhenOpened);
    CPPUNIT_TEST(keysAreNamedWithinBounds);
    CPPUNIT_TEST(revokingAsksFirst);
    CPPUNIT_TEST(signOutEndsTheSession);
    CPPUNIT_TEST(adminKeyJoinsTheAddressAccount);
    CPPUNIT_TEST(keysAndLinksNeverLogged);
    CPPUNIT_TEST(statusLinesNameTheirStatus);
    CPPUNIT_TEST(wholeFlowInChromium);
    CPPUNIT_TEST_SUITE_END();

public:
    HttpClient client(const std::string& source = "") {
        return HttpClient("127.0.0.1", accounts().port(), false, source);
    }

    /// Asks for a link for `email` and returns its token, read from the mail the sink received.
    std::string linkFor(const std::string& email) {
        const size_t before = sink().count();
        auto c = client();
        auto r = c.post("/api-keys", "email=" + email);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 202, r.status);
        const std::string mail = sink().message(before + 1);
        const std::string token = tokenIn(mail);
        CPPUNIT_ASSERT_MESSAGE(mail, !token.empty());
        return token;
    }

    /// Signs in with a fresh link; returns the dashboard reply.
    HttpReply signIn(const std::string& email) {
        const std::string token = linkFor(email);
        auto c = client();
        return c.post("/api-keys/signin", "token=" + token, {"Accept: text/html"});
    }

    HttpReply dashboard(const std::string& cookie, const std::string& body = "") {
        auto c = client();
        std::vector<std::string> h = {"Cookie: ipf_session=" + cookie, "Accept: text/html"};
        return body.empty() ? c.get("/api-keys/dashboard", h) : c.post("/api-keys/dashboard", body, h);
    }

    int statusWithKey(const std::string& key) {
        auto c = client();
        return c.get("/ip", {"Authorization: Bearer " + key}).status;
    }

    void formPageHasStrictPolicy() {
        auto c = client();
        auto r = c.get("/api-keys", {"Accept: text/html"});
        CPPUNIT_ASSERT_EQUAL(200, r.status);
        CPPUNIT_ASSERT(r.header("Content-Type")->find("text/html") == 0);
        const auto csp = *r.header("Content-Security-Policy");
        CPPUNIT_ASSERT(csp.find("default-src 'none'") == 0);
        CPPUNIT_ASSERT(csp.find("style-src 'sha256-") != std::string::npos);
        CPPUNIT_ASSERT(csp.find("form-action 'self'") != std::string::npos);
        CPPUNIT_ASSERT(csp.find("unsafe-inline") == std::string::npos);
        CPPUNIT_ASSERT(r.body.find("<script") == std::string::npos);
        CPPUNIT_ASSERT(r.body.find("method=\"post\" action=\"/api-keys\"") != std::string::npos);
        // GET, HEAD and POST here; other methods are 405 naming POST among the allowed.
        auto put = c.get("/api-keys", {}, "PUT");
        CPPUNIT_ASSERT_EQUAL(405, put.status);
        CPPUNIT_ASSERT(put.header("Allow")->find("POST") != std::string::npos);
        // POST stays refused on every other route.
        auto post = c.post("/ip", "x=1");
        CPPUNIT_ASSERT_EQUAL(405, post.status);
    }

    void oneLinkIsMailedOverSmtp() {
        const size_t before = sink().count();
        auto c = client();
        auto r = c.post("/api-keys", "email=Mail.Reader%2Btag%40Example.com");
        CPPUNIT_ASSERT_EQUAL(202, r.status);
        auto body = parseJson(r.body);
        CPPUNIT_ASSERT(body->getValue<bool>("sent"));
        CPPUNIT_ASSERT_EQUAL(900, body->getValue<int>("link_lifetime_s"));
        const std::string mail = sink().message(before + 1);
        CPPUNIT_ASSERT(mail.find("X-Envelope-To: Mail.Reader+tag@Example.com") == 0);
        // STARTTLS (the sink refuses mail before it), the sink's certificate checked against ca_file.
        CPPUNIT_ASSERT_MESSAGE(mail, mail.find("X-Sink-TLS: TLSv1.") != std::string::npos);
        CPPUNIT_ASSERT(mail.find("From: keys@ipfacts.test") != std::string::npos);
        CPPUNIT_ASSERT(mail.find("http://127.0.0.1:" + std::to_string(accounts().port()) + "/api-keys/signin?token=") !=
                       std::string::npos);
        CPPUNIT_ASSERT_EQUAL(size_t(64), tokenIn(mail).size());
        CPPUNIT_ASSERT_EQUAL(before + 1, sink().count());  // one message, not one per try
        // Stored: the plain address only in the pending link, the account not yet.
        CPPUNIT_ASSERT_EQUAL(
            1LL, sqliteCount("SELECT COUNT(*) FROM signin_links WHERE email = 'Mail.Reader+tag@Example.com'"));
        CPPUNIT_ASSERT_EQUAL(
            0LL, sqliteCount("SELECT COUNT(*) FROM signin_links WHERE token_hash = '" + tokenIn(mail) + "'"));
    }

    void badAddressIs400() {
        auto c = client();
        for (const char* body :
             {"email=not-an-address", "email=a%40b", "email=", "nothing=1", "email=a%40b.c%0d%0aBcc%3a%20x%40y.z"}) {
            auto r = c.post("/api-keys", body);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(body, 400, r.status);
            CPPUNIT_ASSERT_EQUAL(std::string("invalid_email"), errorOf(r));
        }
        auto json = c.post("/api-keys", "{\"email\":\"a@b.test\"}", {"Content-Type: application/json"});
        CPPUNIT_ASSERT_EQUAL(400, json.status);
        // A browser gets the form again with the error on it.
        auto page = c.post("/api-keys", "email=nope", {"Accept: text/html"});
        CPPUNIT_ASSERT_EQUAL(400, page.status);
        CPPUNIT_ASSERT(page.body.find("id=\"error\"") != std::string::npos);
    }

    void openingTheLinkUsesNothing() {
        const std::string token = linkFor("scanner%40example.com");
        auto c = client();
        for (int i = 0; i < 3; ++i) {  // a mail scanner, a preview, the person
            auto r = c.get("/api-keys/signin?token=" + token, {"Accept: text/html"});
            CPPUNIT_ASSERT_EQUAL(200, r.status);
            CPPUNIT_ASSERT(r.body.find("name=\"token\" value=\"" + token + "\"") != std::string::npos);
            CPPUNIT_ASSERT(!r.header("Set-Cookie").has_value());
        }
        CPPUNIT_ASSERT_EQUAL(1LL, sqliteCount("SELECT COUNT(*) FROM signin_links WHERE email = 'scanner@example.com'"));
        auto used = c.post("/api-keys/signin", "token=" + token, {"Accept: text/html"});
        CPPUNIT_ASSERT_EQUAL(200, used.status);
        CPPUNIT_ASSERT(!keyIn(used.body).empty());
        CPPUNIT_ASSERT_EQUAL(400, c.get("/api-keys/signin?token=short").status);
    }

    void signInIssuesOneKeyShownOnce() {
        auto r = signIn("first%40example.com");
        CPPUNIT_ASSERT_EQUAL(200, r.status);
        const auto cookie = *r.header("Set-Cookie");
        CPPUNIT_ASSERT(cookie.find("HttpOnly") != std::string::npos);
        CPPUNIT_ASSERT(cookie.find("SameSite=Lax") != std::string::npos);
        CPPUNIT_ASSERT(cookie.find("Path=/api-keys") != std::string::npos);
        CPPUNIT_ASSERT(cookie.find("Secure") == std::string::npos);  // plain HTTP here; see signInOverTls
        const std::string key = keyIn(r.body);
        CPPUNIT_ASSERT(key.rfind("ipf_", 0) == 0 && key.size() >= 4 + 32);
        CPPUNIT_ASSERT_EQUAL(200, statusWithKey(key));  // usable at once on this node
        // The plain address is gone with the used link; the account holds a keyed hash.
        CPPUNIT_ASSERT_EQUAL(0LL, sqliteCount("SELECT COUNT(*) FROM signin_links WHERE email = 'first@example.com'"));
        CPPUNIT_ASSERT(sqliteCount("SELECT COUNT(*) FROM accounts WHERE length(email_hash) = 64") >= 1);
        CPPUNIT_ASSERT_EQUAL(0LL, sqliteCount("SELECT COUNT(*) FROM accounts WHERE email_hash LIKE '%@%'"));
        // Signing in again (new link) shows the dashboard without a new key: the account has a live one.
        auto again = signIn("First%40Example.com");  // same address, other case: same account
        CPPUNIT_ASSERT_EQUAL(200, again.status);
        CPPUNIT_ASSERT(keyIn(again.body).empty());
        CPPUNIT_ASSERT_EQUAL(size_t(1), liveIdsIn(again.body).size());
        // The dashboard never shows the key again.
        auto later = dashboard(cookieIn(again));
        CPPUNIT_ASSERT_EQUAL(200, later.status);
        CPPUNIT_ASSERT(later.body.find(key) == std::string::npos);
    }

    void cookieIsSecureOverTls() {
        const std::string token = linkFor("tls%40example.com");
        HttpClient c("127.0.0.1", accounts().tlsPort(), true);
        auto r = c.post("/api-keys/signin", "token=" + token, {"Accept: text/html"});
        CPPUNIT_ASSERT_EQUAL(200, r.status);
        const auto cookie = *r.header("Set-Cookie");
        CPPUNIT_ASSERT_MESSAGE(cookie, cookie.find("; Secure") != std::string::npos);
        CPPUNIT_ASSERT(cookie.find("HttpOnly") != std::string::npos);
    }

    void mailNeverLeavesWithoutStarttls() {
        // A server that offers no STARTTLS gets nothing: the message is not sent in the clear.
        SmtpSink plain(false, "smtp-sink-plain");
        const int port = plain.port();
        Service svc("accounts-plain", [port](std::string& text) {
            replace(text, "  mailer: log\n",
                    "  mailer: smtp\n  smtp: { host: 127.0.0.1, port: " + std::to_string(port) +
                        ", starttls: true, sender: keys@ipfacts.test, timeout_s: 5 }\n");
        });
        svc.start();
        HttpClient c("127.0.0.1", svc.port());
        CPPUNIT_ASSERT_EQUAL(202, c.post("/api-keys", "email=clear%40example.com").status);
        // The mail thread's outcome, as the test clock handler reports it (polled, bounded).
        int failed = 0;
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
        while (failed == 0 && std::chrono::steady_clock::now() < deadline) {
            failed = parseJson(c.get("/test/account/clock").body)->getValue<int>("mail_failed");
            if (failed == 0) std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
        CPPUNIT_ASSERT_EQUAL(1, failed);
        CPPUNIT_ASSERT_EQUAL(size_t(0), plain.count());
        const std::string log = svc.log();
        CPPUNIT_ASSERT(log.find("sign-in mail for c***@example.com not sent") != std::string::npos);
        CPPUNIT_ASSERT(log.find("clear@example.com") == std::string::npos);
        CPPUNIT_ASSERT_EQUAL(0, svc.stop());
    }

    /// The suite's sink offers no SMTPUTF8: such an address could never arrive, so the
    /// request says so instead of "sent".
    void addressBeyondAsciiIsRefusedWithoutSmtputf8() {
        const size_t before = sink().count();
        auto c = client();
        auto r = c.post("/api-keys", "email=" + std::string(kNandu));
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 400, r.status);
        CPPUNIT_ASSERT_EQUAL(std::string("unsupported_email"), errorOf(r));
        CPPUNIT_ASSERT(parseJson(r.body)->getValue<std::string>("message").find("SMTPUTF8") != std::string::npos);
        auto page = c.post("/api-keys", "email=" + std::string(kNandu), {"Accept: text/html"});
        CPPUNIT_ASSERT_EQUAL(400, page.status);
        CPPUNIT_ASSERT(page.body.find("beyond ASCII") != std::string::npos);
        // An ASCII address still goes.
        linkFor("ascii-after%40example.com");
        CPPUNIT_ASSERT_EQUAL(before + 1, sink().count());
    }

    void addressBeyondAsciiGoesWithSmtputf8() {
        SmtpSink utf8(true, "smtp-sink-utf8", true);
        const int port = utf8.port();
        Service svc("accounts-utf8", [port, &utf8](std::string& text) {
            replace(text, "  mailer: log\n",
                    "  mailer: smtp\n  smtp: { host: 127.0.0.1, port: " + std::to_string(port) +
                        ", starttls: true, ca_file: " + utf8.dir() +
                        "/cert.pem, sender: keys@ipfacts.test, timeout_s: 5 }\n");
        });
        svc.start();
        HttpClient c("127.0.0.1", svc.port());
        auto r = c.post("/api-keys", "email=" + std::string(kNandu));
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 202, r.status);
        const std::string mail = utf8.message(1);
        CPPUNIT_ASSERT_MESSAGE(mail, mail.find("X-Envelope-To: \xC3\xB1"
                                               "and\xC3\xBA@example.com\r\n") != std::string::npos);
        CPPUNIT_ASSERT(!tokenIn(mail).empty());
        CPPUNIT_ASSERT_EQUAL(0, svc.stop());
    }

    /// The development mailer's log line: the first character whole (two bytes here), so
    /// the log stays valid UTF-8.
    void maskedAddressKeepsWholeCharacters() {
        HttpClient c("127.0.0.1", Service::instance().port(), false, "127.0.0.63");
        auto r = c.post("/api-keys", "email=" + std::string(kNandu));
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 202, r.status);
        std::string log;
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
        while ((log = Service::instance().log()).find("for \xC3\xB1***@example.com: ") == std::string::npos &&
               std::chrono::steady_clock::now() < deadline)
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        CPPUNIT_ASSERT_MESSAGE(log, log.find("for \xC3\xB1***@example.com: ") != std::string::npos);
        CPPUNIT_ASSERT(log.find("\xC3\xB1"
                                "and\xC3\xBA") == std::string::npos);
    }

    void linkExpiresAfterFifteenMinutes() {
        const std::string token = linkFor("late%40example.com");
        auto c = client();
        auto clock = parseJson(c.get("/test/account/clock?advance_s=901").body);
        CPPUNIT_ASSERT(clock->getValue<int>("purged_links") >= 1);
        // Expired: the plain address is deleted, and the link no longer signs in.
        CPPUNIT_ASSERT_EQUAL(0LL, sqliteCount("SELECT COUNT(*) FROM signin_links WHERE email = 'late@example.com'"));
        auto r = c.post("/api-keys/signin", "token=" + token);
        CPPUNIT_ASSERT_EQUAL(400, r.status);
        CPPUNIT_ASSERT_EQUAL(std::string("invalid_link"), errorOf(r));
        // Within the 15 minutes it works; used once it does not work again. (The manual clock
        // is the system clock plus what the test adds, so real seconds pass too: 890, not 899,
        // keeps a loaded machine's slow seconds from expiring the link.)
        const std::string fresh = linkFor("late%40example.com");
        c.get("/test/account/clock?advance_s=890");
        CPPUNIT_ASSERT_EQUAL(200, c.post("/api-keys/signin", "token=" + fresh).status);
        auto twice = c.post("/api-keys/signin", "token=" + fresh);
        CPPUNIT_ASSERT_EQUAL(400, twice.status);
        CPPUNIT_ASSERT_EQUAL(std::string("invalid_link"), errorOf(twice));
    }

    void sendingIsLimitedPerRecipient() {
        const size_t before = sink().count();
        // From three caller addresses: the recipient's limit (3 an hour here) applies across them.
        for (int i = 0; i < 3; ++i) {
            auto c = client("127.0.0.1" + std::to_string(i + 1));
            CPPUNIT_ASSERT_EQUAL(202, c.post("/api-keys", "email=flooded%40example.com").status);
        }
        auto c = client("127.0.0.14");
        auto r = c.post("/api-keys", "email=flooded%40example.com");
        CPPUNIT_ASSERT_EQUAL(429, r.status);
        CPPUNIT_ASSERT_EQUAL(std::string("rate_limited"), errorOf(r));
        const int retry = std::stoi(*r.header("Retry-After"));
        CPPUNIT_ASSERT(retry > 0 && retry <= 3600);
        sink().message(before + 3);
        CPPUNIT_ASSERT_EQUAL(before + 3, sink().count());
    }

    void dashboardCreatesRotatesAndRevokes() {
        auto first = signIn("actions%40example.com");
        const std::string cookie = cookieIn(first), key1 = keyIn(first.body);
        std::string csrf = csrfIn(first.body);
        CPPUNIT_ASSERT(!cookie.empty() && !key1.empty() && !csrf.empty());
        // create: a second key, shown once
        auto created = dashboard(cookie, "csrf=" + csrf + "&action=create");
        CPPUNIT_ASSERT_EQUAL(200, created.status);
        const std::string key2 = keyIn(created.body);
        CPPUNIT_ASSERT(!key2.empty() && key2 != key1);
        auto ids = liveIdsIn(created.body);
        CPPUNIT_ASSERT_EQUAL(size_t(2), ids.size());
        CPPUNIT_ASSERT_EQUAL(200, statusWithKey(key2));
        // rotate key1: it stops at once, the new one works
        const std::string id1 = key1IdIn(created.body, ids, key2);
        auto rotated = dashboard(cookie, "csrf=" + csrf + "&action=rotate&id=" + id1);
        CPPUNIT_ASSERT_EQUAL(200, rotated.status);
        const std::string key3 = keyIn(rotated.body);
        CPPUNIT_ASSERT(!key3.empty());
        CPPUNIT_ASSERT_EQUAL(401, statusWithKey(key1));
        CPPUNIT_ASSERT_EQUAL(200, statusWithKey(key3));
        CPPUNIT_ASSERT(rotated.body.find("data-key-id=\"" + id1 + "\" data-state=\"revoked\"") != std::string::npos);
        // revoke key2
        const std::string id2 = sha256Prefix(key2);
        auto revoked = dashboard(cookie, "csrf=" + csrf + "&action=revoke&id=" + id2);
        CPPUNIT_ASSERT_EQUAL(200, revoked.status);
        CPPUNIT_ASSERT_EQUAL(401, statusWithKey(key2));
        CPPUNIT_ASSERT_EQUAL(200, statusWithKey(key3));
        // Up to 5 live keys: 1 live now, 4 more, then refused.
        for (int i = 0; i < 4; ++i)
            CPPUNIT_ASSERT(!keyIn(dashboard(cookie, "csrf=" + csrf + "&action=create").body).empty());
        auto sixth = dashboard(cookie, "csrf=" + csrf + "&action=create");
        CPPUNIT_ASSERT_EQUAL(200, sixth.status);
        CPPUNIT_ASSERT(keyIn(sixth.body).empty());
        CPPUNIT_ASSERT_EQUAL(size_t(5), liveIdsIn(sixth.body).size());
        CPPUNIT_ASSERT(sixth.body.find("Create a key") == std::string::npos);
        // Another account's key id cannot be revoked from here.
        auto other = signIn("other%40example.com");
        auto foreign =
            dashboard(cookieIn(other), "csrf=" + csrfIn(other.body) + "&action=revoke&id=" + sha256Prefix(key3));
        CPPUNIT_ASSERT_EQUAL(400, foreign.status);
        CPPUNIT_ASSERT_EQUAL(200, statusWithKey(key3));
    }

    void dashboardRefusesCrossSitePosts() {
        auto first = signIn("csrf%40example.com");
        const std::string cookie = cookieIn(first), csrf = csrfIn(first.body), key = keyIn(first.body);
        const std::string id = sha256Prefix(key);
        auto c = client();
        const std::vector<std::string> base = {"Cookie: ipf_session=" + cookie};
        auto post = [&](const std::string& body, std::vector<std::string> extra) {
            auto h = base;
            h.insert(h.end(), extra.begin(), extra.end());
            return c.post("/api-keys/dashboard", body, h);
        };
        CPPUNIT_ASSERT_EQUAL(403, post("action=revoke&id=" + id, {}).status);  // no token
        CPPUNIT_ASSERT_EQUAL(403, post("csrf=" + std::string(64, 'a') + "&action=revoke&id=" + id, {}).status);
        auto foreign = post("csrf=" + csrf + "&action=revoke&id=" + id, {"Origin: http://evil.example"});
        CPPUNIT_ASSERT_EQUAL(403, foreign.status);
        CPPUNIT_ASSERT_EQUAL(std::string("cross_site_request"), errorOf(foreign));
        CPPUNIT_ASSERT_EQUAL(403,
                             post("csrf=" + csrf + "&action=revoke&id=" + id, {"Sec-Fetch-Site: cross-site"}).status);
        CPPUNIT_ASSERT_EQUAL(200, statusWithKey(key));  // nothing happened
        // The sign-in and link forms refuse another site's page too.
        CPPUNIT_ASSERT_EQUAL(403, c.post("/api-keys", "email=x%40example.com", {"Sec-Fetch-Site: cross-site"}).status);
        // Its own page (same origin) passes.
        auto ok = post("csrf=" + csrf + "&action=revoke&id=" + id,
                       {"Origin: http://ipfacts.test", "Sec-Fetch-Site: same-origin"});
        CPPUNIT_ASSERT_EQUAL(200, ok.status);
        CPPUNIT_ASSERT_EQUAL(401, statusWithKey(key));
        // Without the cookie: 401 for scripts, a redirect to the form for browsers.
        CPPUNIT_ASSERT_EQUAL(401, c.get("/api-keys/dashboard").status);
        auto redirect = c.get("/api-keys/dashboard", {"Accept: text/html"});
        CPPUNIT_ASSERT_EQUAL(303, redirect.status);
        CPPUNIT_ASSERT_EQUAL(std::string("/api-keys"), *redirect.header("Location"));
    }

    /// 202 (mail queued) and 303 (to the form) with their names, and nosniff once per page.
    void statusLinesNameTheirStatus() {
        auto c = client();
        auto queued = c.post("/api-keys", "email=status-line%40example.com");
        CPPUNIT_ASSERT_EQUAL(202, queued.status);
        CPPUNIT_ASSERT_EQUAL(std::string("Accepted"), queued.reason);
        auto redirect = c.get("/api-keys/dashboard", {"Accept: text/html"});
        CPPUNIT_ASSERT_EQUAL(303, redirect.status);
        CPPUNIT_ASSERT_EQUAL(std::string("See Other"), redirect.reason);
        auto form = c.get("/api-keys");
        CPPUNIT_ASSERT_EQUAL(200, form.status);
        CPPUNIT_ASSERT_EQUAL(size_t(1), form.headerCount("X-Content-Type-Options"));
        CPPUNIT_ASSERT_EQUAL(size_t(1), redirect.headerCount("X-Content-Type-Options"));
    }

    void dashboardShowsUsage() {
        auto first = signIn("usage%40example.com");
        const std::string cookie = cookieIn(first), key = keyIn(first.body);
        for (int i = 0; i < 3; ++i) CPPUNIT_ASSERT_EQUAL(200, statusWithKey(key));
        auto d = dashboard(cookie);
        const std::string id = sha256Prefix(key);
        const std::string row = d.body.substr(d.body.find("<tr data-key-id=\"" + id + "\""));
        CPPUNIT_ASSERT_EQUAL(std::string("3"), first_(row, R"re(data-field="today">(\d+)<)re"));
        CPPUNIT_ASSERT_EQUAL(std::string("3"), first_(row, R"re(data-field="month">(\d+)<)re"));
        // Used just now, though not yet written behind: not "never" beside a count of 3.
        CPPUNIT_ASSERT(first_(row, R"re(data-field="last_used">(\d{4}-\d\d-\d\d)T)re").size() == 10);
        // Written behind: the clock handler writes now, and the store holds the day's count.
        client().get("/test/account/clock");
        CPPUNIT_ASSERT_EQUAL(3LL, sqliteCount("SELECT SUM(requests) FROM key_usage WHERE key_id = '" + id + "'"));
        // The admin's list shows the id, the account, and today's count.
        auto [list, code] = accounts().admin("list");
        CPPUNIT_ASSERT_EQUAL(0, code);
        const std::string line = list.substr(list.find(id));
        CPPUNIT_ASSERT(line.substr(0, line.find('\n')).find("acct_") != std::string::npos);
        CPPUNIT_ASSERT(list.find(key) == std::string::npos);
    }

    /// Opening a used link answers 400 at once (GET), not a page whose button then fails.
    void usedLinkSaysSoWhenOpened() {
        const std::string token = linkFor("used-twice%40example.com");
        auto c = client();
        CPPUNIT_ASSERT_EQUAL(200, c.get("/api-keys/signin?token=" + token, {"Accept: text/html"}).status);
        CPPUNIT_ASSERT_EQUAL(200, c.post("/api-keys/signin", "token=" + token).status);
        auto again = c.get("/api-keys/signin?token=" + token, {"Accept: text/html"});
        CPPUNIT_ASSERT_EQUAL(400, again.status);
        CPPUNIT_ASSERT_EQUAL(std::string("invalid_link"), *again.header("X-Error"));
        CPPUNIT_ASSERT(again.body.find("already used") != std::string::npos);
        CPPUNIT_ASSERT(again.body.find("id=\"confirm\"") == std::string::npos);
        CPPUNIT_ASSERT_EQUAL(400, c.get("/api-keys/signin?token=" + std::string(64, 'e')).status);  // unknown
    }

    void keysAreNamedWithinBounds() {
        auto first = signIn("named%40example.com");
        const std::string cookie = cookieIn(first), csrf = csrfIn(first.body);
        // "<ci> ñ": stored, shown escaped.
        auto named = dashboard(cookie, "csrf=" + csrf + "&action=create&name=%3Cci%3E%20%C3%B1");
        CPPUNIT_ASSERT_EQUAL(200, named.status);
        const std::string id = sha256Prefix(keyIn(named.body));
        const std::string row = named.body.substr(named.body.find("<tr data-key-id=\"" + id + "\""));
        CPPUNIT_ASSERT(row.find("data-field=\"name\">&lt;ci&gt; \xC3\xB1<") != std::string::npos);
        CPPUNIT_ASSERT_EQUAL(1LL, sqliteCount("SELECT COUNT(*) FROM key_names WHERE key_id = '" + id + "'"));
        // 64 characters (two bytes each) pass; 65 do not; nor a control character.
        std::string ns;
        for (int i = 0; i < 64; ++i) ns += "%C3%B1";
        CPPUNIT_ASSERT_EQUAL(200, dashboard(cookie, "csrf=" + csrf + "&action=create&name=" + ns).status);
        auto longer = dashboard(cookie, "csrf=" + csrf + "&action=create&name=" + ns + "x");
        CPPUNIT_ASSERT_EQUAL(400, longer.status);
        CPPUNIT_ASSERT_EQUAL(std::string("invalid_key_name"), *longer.header("X-Error"));
        CPPUNIT_ASSERT_EQUAL(400, dashboard(cookie, "csrf=" + csrf + "&action=create&name=a%0Ab").status);
    }

    void revokingAsksFirst() {
        auto first = signIn("confirm-revoke%40example.com");
        const std::string cookie = cookieIn(first), csrf = csrfIn(first.body), key = keyIn(first.body);
        const std::string id = sha256Prefix(key);
        auto ask = dashboard(cookie, "csrf=" + csrf + "&action=confirm_revoke&id=" + id);
        CPPUNIT_ASSERT_EQUAL(200, ask.status);
        CPPUNIT_ASSERT(ask.body.find("id=\"confirm-revoke\"") != std::string::npos);
        CPPUNIT_ASSERT_EQUAL(200, statusWithKey(key));  // asking revoked nothing
        CPPUNIT_ASSERT_EQUAL(
            400, dashboard(cookie, "csrf=" + csrf + "&action=confirm_revoke&id=" + std::string(16, 'f')).status);
        CPPUNIT_ASSERT_EQUAL(200, dashboard(cookie, "csrf=" + csrf + "&action=revoke&id=" + id).status);
        CPPUNIT_ASSERT_EQUAL(401, statusWithKey(key));
    }

    void adminKeyJoinsTheAddressAccount() {
        // `ipfacts key add --account` keeps an address as the sign-in flow does (its keyed
        // hash, case folded): the key lands on that address's dashboard.
        auto first = signIn("admin-issued%40example.com");
        const std::string cookie = cookieIn(first);
        auto [out, code] = accounts().admin("add --account Admin-Issued@Example.com");
        CPPUNIT_ASSERT_EQUAL_MESSAGE(out, 0, code);
        const std::string key = ::first(out, R"re((ipf_[a-z2-7]+))re");
        CPPUNIT_ASSERT_MESSAGE(out, !key.empty());
        const auto live = liveIdsIn(dashboard(cookie).body);
        CPPUNIT_ASSERT(std::find(live.begin(), live.end(), sha256Prefix(key)) != live.end());
        auto [list, list_code] = accounts().admin("list");
        CPPUNIT_ASSERT(list.find("xample.com") == std::string::npos);  // no address in the store's list
    }

    void signOutEndsTheSession() {
        auto first = signIn("signout%40example.com");
        const std::string cookie = cookieIn(first);
        auto out = dashboard(cookie, "csrf=" + csrfIn(first.body) + "&action=signout");
        CPPUNIT_ASSERT_EQUAL(200, out.status);
        CPPUNIT_ASSERT(out.header("Set-Cookie")->find("Max-Age=0") != std::string::npos);
        CPPUNIT_ASSERT_EQUAL(303, dashboard(cookie).status);
        CPPUNIT_ASSERT_EQUAL(200, statusWithKey(keyIn(first.body)));  // keys keep working
    }

    void keysAndLinksNeverLogged() {
        auto first = signIn("logs%40example.com");
        const std::string key = keyIn(first.body), cookie = cookieIn(first);
        statusWithKey(key);
        auto c = client();
        c.get("/ip?key=" + key);
        const std::string logs = accounts().accessLogThrough(c, "/ip?marker=account-logs") + accounts().log();
        CPPUNIT_ASSERT(logs.find(key) == std::string::npos);
        CPPUNIT_ASSERT(logs.find(cookie) == std::string::npos);
        CPPUNIT_ASSERT(logs.find("logs@example.com") == std::string::npos);
        // Links opened (GET) and used (POST): the token never reaches a log.
        const std::string token = linkFor("logs%40example.com");
        c.get("/api-keys/signin?token=" + token);
        c.post("/api-keys/signin", "token=" + token);
        const std::string after = accounts().accessLogThrough(c, "/ip?marker=account-logs-2") + accounts().log();
        CPPUNIT_ASSERT(after.find(token) == std::string::npos);
        CPPUNIT_ASSERT(after.find("/api-keys/signin?token=[redacted]") != std::string::npos);
        // The access log names keyed requests by key id.
        CPPUNIT_ASSERT(logs.find(sha256Prefix(key)) != std::string::npos);
    }

    void wholeFlowInChromium() {
        const std::string out = Service::buildDir() + "/tests/browser";
        const std::string cmd = "node " + Service::sourceDir() + "/tests/browser/account-flow.mjs http://127.0.0.1:" +
                                std::to_string(accounts().port()) + " " + sink().dir() + " " + out + " 2>&1";
        std::string report;
        try {
            report = runCommand(cmd);
        } catch (const std::exception& e) {
            CPPUNIT_FAIL(std::string(e.what()) + "\n" + runCommand(cmd + " || true"));
        }
        CPPUNIT_ASSERT_MESSAGE(report, report.find("account flow: ok") != std::string::npos);
    }

private:
    static std::string first_(const std::string& text, const std::string& pattern) { return first(text, pattern); }
    static std::string sha256Prefix(const std::string& key) { return keyIdOf(key); }
    static std::string key1IdIn(const std::string&, const std::vector<std::string>& ids, const std::string& key2) {
        const std::string id2 = sha256Prefix(key2);
        return ids[0] == id2 ? ids[1] : ids[0];
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(AccountTest);
