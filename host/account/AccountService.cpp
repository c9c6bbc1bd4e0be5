#include "host/account/AccountService.h"

#include "host/account/AccountPages.h"
#include "host/account/BrowserRequest.h"
#include "host/pipeline/ErrorEnvelope.h"
#include "host/store/EmailHash.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cctype>
#include <charconv>

namespace ipfacts::account {
namespace {

// Mail waiting for the SMTP server; past this the form says "try again later".
constexpr size_t kMailQueueCapacity = 256;

bool loopback(const net::IpAddress& a) {
    static const auto v4 = net::CidrRange::parse("127.0.0.0/8");
    static const auto v6 = net::CidrRange::parse("::1/128");
    return v4->contains(a) || v6->contains(a);
}

bool isPost(const pipeline::Exchange& ex) { return ex.request.method == "POST"; }

/// A key's name as the create form sends it, trimmed; nullopt when it is not text of at
/// most kMaxKeyNameChars characters (well-formed UTF-8, no control characters).
std::optional<std::string> keyName(std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
    if (!validUtf8(text)) return std::nullopt;
    size_t chars = 0;
    for (char c : text) {
        const auto u = static_cast<unsigned char>(c);
        if (u < 0x20 || u == 0x7f) return std::nullopt;
        chars += (u & 0xC0) != 0x80;  // each character's first byte
    }
    if (chars > kMaxKeyNameChars) return std::nullopt;
    return std::string(text);
}

/// Days of the UTC month of Unix second `t`.
int daysInMonth(int64_t t) {
    const std::string day = store::utcDay(t);  // YYYY-MM-DD
    const int year = std::stoi(day.substr(0, 4)), month = std::stoi(day.substr(5, 2));
    static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    return month == 2 && leap ? 29 : kDays[month - 1];
}

/// A token as the handlers issue them: 64 lower-case hex.
bool tokenShaped(const std::string& t) {
    return t.size() == 64 &&
           std::all_of(t.begin(), t.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

}  // namespace

AccountService::AccountService(const AccountsConfig& config, std::string service_host, store::AccountStore& store,
                               const store::ServerSecret& secret, store::LiveKeyCache& keys,
                               ratelimit::ServiceClock& clock, std::unique_ptr<Mailer> mailer,
                               std::shared_ptr<ratelimit::WindowTally> sends, std::vector<KeyLimit> limits)
    : config_(config),
      service_host_(std::move(service_host)),
      store_(store),
      secret_(secret),
      keys_(keys),
      clock_(clock),
      limits_(std::move(limits)),
      throttle_(std::move(sends)),
      mail_(std::move(mailer), kMailQueueCapacity) {}

// --- responses --------------------------------------------------------------------

void AccountService::html(pipeline::Exchange& ex, int status, std::string body) {
    ex.response.status = status;
    ex.response.content_type = "text/html; charset=utf-8";
    ex.response.body = std::move(body);
    ex.response.addHeader("Content-Security-Policy", accountPagePolicy());
    ex.response.addHeader("Referrer-Policy", "same-origin");
}

void AccountService::fail(pipeline::Exchange& ex, int status, const std::string& token, const std::string& message) {
    if (wantsHtml(ex.request)) {
        html(ex, status, messagePage(service_host_, "Something went wrong", message));
        ex.response.addHeader("X-Error", token);
        return;
    }
    pipeline::writeError(ex.response, status, token, message);
}

void AccountService::refuseCrossSite(pipeline::Exchange& ex) {
    auto shown = [&ex](const char* name) { return std::string(headerOf(ex.request, name).value_or("-")); };
    spdlog::warn("route={} cross-site post refused: Origin {} Sec-Fetch-Site {} Host {}", ex.path, shown("Origin"),
                 shown("Sec-Fetch-Site"), shown("Host"));
    fail(ex, 403, "cross_site_request", "this form only accepts posts from its own page");
}

// --- /api-keys ------------------------------------------------------------------

void AccountService::serveRequest(pipeline::Exchange& ex) {
    if (!isPost(ex)) return html(ex, 200, requestPage(service_host_, ""));
    if (!sameOriginPost(ex.request)) return refuseCrossSite(ex);
    auto form = formOf(ex.request);
    auto address = form && form->count("email") ? emailAddress(form->at("email")) : std::nullopt;
    if (!address) {
        if (wantsHtml(ex.request))
            return html(ex, 400, requestPage(service_host_, "That is not an e-mail address we can send to."));
        return fail(ex, 400, "invalid_email",
                    "send a form (application/x-www-form-urlencoded) with an email field holding an e-mail address");
    }
    if (hasNonAscii(*address) && !mail_.takesUtf8Addresses()) {
        // Queued, it would fail at the mail server with nobody told: say so now.
        const std::string why =
            "this service's mail server does not take addresses with characters beyond ASCII (SMTPUTF8), so no "
            "sign-in link can reach that address; use an address of plain ASCII letters";
        if (wantsHtml(ex.request)) return html(ex, 400, requestPage(service_host_, why + "."));
        return fail(ex, 400, "unsupported_email", why);
    }
    const int64_t now = clock_.now();
    const std::string email_hash = store::emailHash(secret_, *address);
    const std::string by_caller = "caller:" + ex.caller_block.toString();
    const std::string by_recipient = "recipient:" + email_hash;
    // Checked and counted in one step: parallel posts never pass a limit together.
    const auto send = throttle_.take(by_caller, config_.sends_per_hour_per_address, by_recipient,
                                     config_.sends_per_hour_per_recipient, now);
    if (send.wait_s > 0) {
        ex.response.addHeader("Retry-After", std::to_string(send.wait_s));
        return fail(ex, 429, "rate_limited",
                    "too many sign-in links asked for from this address or for this recipient; retry after " +
                        std::to_string(send.wait_s) + " seconds");
    }
    const std::string token = store::randomHex(32);
    const std::string link = config_.link_base_url + "/api-keys/signin?token=" + token;
    try {
        store_.purgeExpiredLinks(now);
        store_.addLink(store::sha256Hex(token), *address, email_hash, now, now + config_.link_lifetime_s);
    } catch (const store::StoreUnavailable& e) {
        spdlog::error("route=/api-keys: store unavailable: {}", e.what());
        throttle_.giveBack(by_caller, by_recipient, send);  // no mail went: the send is not the caller's
        return fail(ex, 503, "store_unavailable", "sign-in is unavailable for a moment; try again shortly");
    }
    MailMessage m{*address, "Your sign-in link for " + service_host_,
                  "Someone (we hope you) asked to sign in to " + service_host_ +
                      " to get an API key.\n\nOpen this link within " + std::to_string(config_.link_lifetime_s / 60) +
                      " minutes; it works once:\n\n" + link +
                      "\n\nIf you did not ask for it, ignore this message: nothing happens without the link.\n",
                  link};
    if (!mail_.post(std::move(m))) {
        // No mail goes out: the row holding the plain address goes at once, not at expiry.
        try {
            store_.takeLink(store::sha256Hex(token), now);
        } catch (const store::StoreUnavailable&) {
            // Purged with the expired links later.
        }
        throttle_.giveBack(by_caller, by_recipient, send);
        return fail(ex, 503, "mail_unavailable", "too much mail is waiting to be sent; try again in a minute");
    }
    if (wantsHtml(ex.request)) return html(ex, 200, sentPage(service_host_, config_.link_lifetime_s));
    ex.response.status = 202;
    ex.response.content_type = "application/json";
    ex.response.body = "{\"sent\":true,\"link_lifetime_s\":" + std::to_string(config_.link_lifetime_s) +
                       ",\"message\":\"if the address can receive mail, a sign-in link is on its way\"}";
}

// --- /api-keys/signin -----------------------------------------------------------

void AccountService::serveSignin(pipeline::Exchange& ex) {
    // The token is a credential for 15 minutes: never in the access log.
    ex.log_target = "/api-keys/signin?token=[redacted]";
    if (!isPost(ex)) {
        // Opening the link uses nothing: mail scanners open links before people do.
        std::string token;
        for (const auto& [k, v] : ex.query)
            if (k == "token") token = v;
        if (!tokenShaped(token))
            return fail(ex, 400, "invalid_link",
                        "this sign-in link is incomplete; open it exactly as the mail gave it");
        try {
            // Told now, not after a button that could no longer work; asking uses nothing.
            if (!store_.linkUsable(store::sha256Hex(token), clock_.now()))
                return fail(ex, 400, "invalid_link",
                            "this sign-in link has expired or was already used; ask for a new one");
        } catch (const store::StoreUnavailable& e) {
            spdlog::error("route=/api-keys/signin: store unavailable: {}", e.what());
            return fail(ex, 503, "store_unavailable", "sign-in is unavailable for a moment; try again shortly");
        }
        return html(ex, 200, confirmPage(service_host_, token));
    }
    if (!sameOriginPost(ex.request)) return refuseCrossSite(ex);
    auto form = formOf(ex.request);
    const std::string token = form && form->count("token") ? form->at("token") : "";
    if (!tokenShaped(token)) return fail(ex, 400, "invalid_link", "the sign-in form carries no valid link token");
    try {
        auto link = store_.takeLink(store::sha256Hex(token), clock_.now());
        if (!link)
            return fail(ex, 400, "invalid_link",
                        "this sign-in link has expired or was already used; ask for a new one");
        const std::string account = store_.accountFor(link->email_hash, clock_.now());
        const std::string session = startSession(ex, account);
        std::string new_key;
        if (store_.liveKeyCount(account) == 0) new_key = issueKey(account);
        showDashboard(ex, account, csrfOf(session), new_key,
                      new_key.empty() ? "Signed in." : "Signed in: this is your first key.");
    } catch (const store::StoreUnavailable& e) {
        spdlog::error("route=/api-keys/signin: store unavailable: {}", e.what());
        fail(ex, 503, "store_unavailable", "sign-in is unavailable for a moment; try again shortly");
    }
}

std::string AccountService::startSession(pipeline::Exchange& ex, const std::string& account) {
    const std::string token = store::randomHex(32);
    store_.addSession(store::sha256Hex(token), account, clock_.now() + config_.session_lifetime_s);
    const bool secure = ex.request.tls != "none" || config_.link_base_url.rfind("https://", 0) == 0;
    ex.response.addHeader("Set-Cookie", std::string(kCookie) + "=" + token +
                                            "; Path=/api-keys; Max-Age=" + std::to_string(config_.session_lifetime_s) +
                                            "; HttpOnly; SameSite=Lax" + (secure ? "; Secure" : ""));
    return token;
}

std::optional<AccountService::Session> AccountService::sessionOf(const pipeline::Exchange& ex) {
    auto token = cookieOf(ex.request, kCookie);
    if (!token || !tokenShaped(*token)) return std::nullopt;
    auto account = store_.sessionAccount(store::sha256Hex(*token), clock_.now());
    if (!account) return std::nullopt;
    return Session{*token, *account};
}

std::string AccountService::csrfOf(const std::string& session_token) const {
    return secret_.hmacHex("csrf:" + session_token);
}

std::string AccountService::issueKey(const std::string& account) {
    std::string key = store::newApiKey();
    if (!store_.addKey(store::sha256Hex(key), account, clock_.now(), config_.max_live_keys)) return "";
    keys_.refreshNow();  // usable on this node at once
    return key;
}

// --- /api-keys/dashboard ---------------------------------------------------------

void AccountService::showDashboard(pipeline::Exchange& ex, const std::string& account, const std::string& csrf,
                                   const std::string& new_key, const std::string& notice) {
    DashboardView v;
    v.keys = store_.keysOf(account);
    v.usage = store_.usageOf(account, store::utcDay(clock_.now()));
    v.names = store_.keyNamesOf(account);
    v.limits = limits_;
    v.days_in_month = daysInMonth(clock_.now());
    // Counted but not yet written behind (at most about a second's worth): a
    // key with such counts was used just now, whatever the store's last use says.
    for (auto& k : v.keys)
        if (int64_t n = keys_.unwritten(k.id)) {
            v.usage[k.id].today += n;
            v.usage[k.id].month += n;
            k.last_used_at = std::max(k.last_used_at, clock_.now());
        }
    v.csrf = csrf;
    v.new_key = new_key;
    v.notice = notice;
    v.max_live_keys = config_.max_live_keys;
    html(ex, 200, dashboardPage(service_host_, v));
}

void AccountService::serveDashboard(pipeline::Exchange& ex) {
    try {
        auto session = sessionOf(ex);
        if (!session) {
            if (!isPost(ex) && wantsHtml(ex.request)) {
                ex.response.status = 303;
                ex.response.addHeader("Location", "/api-keys");
                return;
            }
            return fail(ex, 401, "not_signed_in", "sign in first: ask for a sign-in link at /api-keys");
        }
        if (!isPost(ex)) return showDashboard(ex, session->account, csrfOf(session->token), "", "");
        auto form = formOf(ex.request);
        const std::string csrf = form && form->count("csrf") ? form->at("csrf") : "";
        if (!sameOriginPost(ex.request)) return refuseCrossSite(ex);
        if (!store::equalTokens(csrf, csrfOf(session->token)))
            return fail(ex, 403, "cross_site_request",
                        "the form is stale or came from another site; reload the dashboard");
        dashboardAction(ex, *session, *form);
    } catch (const store::StoreUnavailable& e) {
        spdlog::error("route=/api-keys/dashboard: store unavailable: {}", e.what());
        // A create or rotate may have landed before the store went (its retry
        // found no store): the reloaded dashboard lists the keys as they are.
        fail(ex, 503, "store_unavailable",
             "the dashboard is unavailable for a moment; reload it shortly to see your keys as they are");
    }
}

void AccountService::dashboardAction(pipeline::Exchange& ex, const Session& s, const Form& form) {
    auto field = [&form](const char* name) {
        auto it = form.find(name);
        return it == form.end() ? std::string() : it->second;
    };
    const std::string action = field("action"), id = field("id");
    const std::string csrf = csrfOf(s.token);
    const int64_t now = clock_.now();
    if (action == "signout") {
        store_.endSession(store::sha256Hex(s.token));
        ex.response.addHeader("Set-Cookie",
                              std::string(kCookie) + "=; Path=/api-keys; Max-Age=0; HttpOnly; SameSite=Lax");
        return html(ex, 200, messagePage(service_host_, "Signed out", "You are signed out. Your keys keep working."));
    }
    if (action == "create") return createKey(ex, s, field("name"));
    if (action == "confirm_revoke") return askToRevoke(ex, s, id);
    if (action == "revoke") {
        if (!store_.revokeKey(s.account, id, now))
            return fail(ex, 400, "invalid_key_id", "no live key with that id on this account");
        keys_.refreshNow();  // 401 at once on this node; other nodes within keys.refresh_ms
        return showDashboard(ex, s.account, csrf, "", "Key " + id + " revoked: it is answered with 401 from now on.");
    }
    if (action == "rotate") {
        std::string key = store::newApiKey();
        if (!store_.rotateKey(s.account, id, store::sha256Hex(key), now))
            return fail(ex, 400, "invalid_key_id", "no live key with that id on this account");
        keys_.refreshNow();
        return showDashboard(ex, s.account, csrf, key, "Key " + id + " rotated: the old key no longer works.");
    }
    fail(ex, 400, "invalid_action", "action must be create, confirm_revoke, revoke, rotate or signout");
}

void AccountService::createKey(pipeline::Exchange& ex, const Session& s, const std::string& name_text) {
    auto name = keyName(name_text);
    if (!name)
        return fail(ex, 400, "invalid_key_name",
                    "a key's name is text of at most " + std::to_string(kMaxKeyNameChars) +
                        " characters, without control characters");
    std::string key = issueKey(s.account);
    const std::string csrf = csrfOf(s.token);
    if (key.empty())
        return showDashboard(
            ex, s.account, csrf, "",
            "This account already holds " + std::to_string(config_.max_live_keys) + " live keys: revoke one first.");
    if (!name->empty()) store_.nameKey(store::sha256Hex(key).substr(0, 16), *name);
    showDashboard(ex, s.account, csrf, key, "Key created.");
}

void AccountService::askToRevoke(pipeline::Exchange& ex, const Session& s, const std::string& id) {
    for (const auto& k : store_.keysOf(s.account))
        if (k.id == id && k.revoked_at == 0) {
            auto names = store_.keyNamesOf(s.account);
            auto name = names.find(id);
            return html(ex, 200,
                        confirmRevokePage(service_host_, csrfOf(s.token), id,
                                          name == names.end() ? std::string() : name->second));
        }
    fail(ex, 400, "invalid_key_id", "no live key with that id on this account");
}

// --- tests: /api-keys/clock -------------------------------------------------------

void AccountService::serveClock(pipeline::Exchange& ex) {
    if (!clock_.manual() || !loopback(ex.client)) {
        pipeline::writeError(ex.response, 404, "not_found", "no such path");
        return;
    }
    int64_t advance = 0;
    for (const auto& [k, v] : ex.query)
        if (k == "advance_s") {
            auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), advance);
            if (ec != std::errc() || p != v.data() + v.size() || advance < 0) {
                pipeline::writeError(ex.response, 400, "invalid_parameter",
                                     "advance_s must be a whole number of seconds");
                return;
            }
        }
    clock_.advance(advance);
    int purged = 0;
    try {
        purged = store_.purgeExpiredLinks(clock_.now());
        keys_.flushUsage();
    } catch (const store::StoreUnavailable& e) {
        pipeline::writeError(ex.response, 503, "store_unavailable", e.what());
        return;
    }
    ex.response.status = 200;
    ex.response.content_type = "application/json";
    ex.response.body = "{\"now\":" + std::to_string(clock_.now()) + ",\"purged_links\":" + std::to_string(purged) +
                       ",\"mail_sent\":" + std::to_string(mail_.sent()) +
                       ",\"mail_failed\":" + std::to_string(mail_.failed()) + "}";
}

void AccountService::purge() {
    try {
        if (int n = store_.purgeExpiredLinks(clock_.now()))
            spdlog::info("accounts: {} expired sign-in links deleted", n);
    } catch (const store::StoreUnavailable& e) {
        spdlog::warn("accounts: expired links not purged: {}", e.what());
    }
}

}  // namespace ipfacts::account
