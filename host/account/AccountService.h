// AccountService: the account pages and their POSTs (sign-in by mail, the dashboard), served as
// host handlers on worker threads (they read and write the store):
//   /api-keys            GET the form; POST an e-mail address: one sign-in link is mailed
//   /api-keys/signin     GET (the link) a confirmation page; POST uses the token once:
//                        signs in (cookie) and, for an account with no live key, issues one
//   /api-keys/dashboard  GET the keys and their usage; POST create, revoke, rotate, signout
//   /api-keys/clock      tests only (accounts.manual_clock): move the clock, purge links
// Every POST must come from this origin (Origin, Sec-Fetch-Site); the dashboard's
// also carry the session's CSRF token (an HMAC of the session under the server secret).
#pragma once

#include "host/account/AccountPages.h"
#include "host/account/AccountsConfig.h"
#include "host/account/MailQueue.h"
#include "host/account/SendThrottle.h"
#include "host/pipeline/Exchange.h"
#include "host/ratelimit/ServiceClock.h"
#include "host/store/AccountStore.h"
#include "host/store/LiveKeyCache.h"
#include "host/store/ServerSecret.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ipfacts::account {

class AccountService {
public:
    /// `limits`: each metered rate class's keyed quota, which the dashboard shows.
    AccountService(const AccountsConfig& config, std::string service_host, store::AccountStore& store,
                   const store::ServerSecret& secret, store::LiveKeyCache& keys, ratelimit::ServiceClock& clock,
                   std::unique_ptr<Mailer> mailer, std::shared_ptr<ratelimit::WindowTally> sends,
                   std::vector<KeyLimit> limits = {});

    void serveRequest(pipeline::Exchange& ex);
    void serveSignin(pipeline::Exchange& ex);
    void serveDashboard(pipeline::Exchange& ex);
    void serveClock(pipeline::Exchange& ex);

    /// Deletes expired links (their plain addresses with them) and sessions. Any thread but a loop.
    void purge();

    const ratelimit::ServiceClock& clock() const { return clock_; }
    const MailQueue& mail() const { return mail_; }

    static constexpr const char* kCookie = "ipf_session";

private:
    using Form = std::map<std::string, std::string>;
    struct Session {
        std::string token;
        std::string account;
    };

    std::optional<Session> sessionOf(const pipeline::Exchange& ex);
    /// Stores a session for `account` and sets its cookie; returns the session token.
    std::string startSession(pipeline::Exchange& ex, const std::string& account);
    std::string csrfOf(const std::string& session_token) const;
    /// Issues a key for `account`; empty when it already holds max_live_keys.
    std::string issueKey(const std::string& account);
    void showDashboard(pipeline::Exchange& ex, const std::string& account, const std::string& csrf,
                       const std::string& new_key, const std::string& notice);
    void dashboardAction(pipeline::Exchange& ex, const Session& s, const Form& form);
    /// create: a key with the form's optional name.
    void createKey(pipeline::Exchange& ex, const Session& s, const std::string& name);
    /// confirm_revoke: the page that asks before a key is revoked.
    void askToRevoke(pipeline::Exchange& ex, const Session& s, const std::string& id);
    void html(pipeline::Exchange& ex, int status, std::string body);
    /// 403 cross_site_request, logged with the headers that decided it.
    void refuseCrossSite(pipeline::Exchange& ex);
    /// An error as a page (browsers) or the JSON error envelope (everyone else).
    void fail(pipeline::Exchange& ex, int status, const std::string& token, const std::string& message);

    const AccountsConfig& config_;
    std::string service_host_;
    store::AccountStore& store_;
    const store::ServerSecret& secret_;
    store::LiveKeyCache& keys_;
    ratelimit::ServiceClock& clock_;  // the daemon's: the pipeline meters by it too
    std::vector<KeyLimit> limits_;
    SendThrottle throttle_;  // in the daemon's WindowTally: every node's, with store.counters: redis
    MailQueue mail_;
};

}  // namespace ipfacts::account
