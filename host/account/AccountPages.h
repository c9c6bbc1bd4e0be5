// AccountPages: the HTML of the account pages (sign-in, dashboard), server-rendered,
// no scripts, no external assets: one inline style allowed by its hash in
// accountPagePolicy(), forms posting to the same origin only. Every value
// shown is escaped. Elements tests read carry ids and data-* attributes.
#pragma once

#include "host/store/AccountStore.h"

#include <map>
#include <string>
#include <vector>

namespace ipfacts::account {

/// A key's quota in one rate class (keyed callers), as the dashboard lists it.
struct KeyLimit {
    std::string rate_class;
    int64_t per_minute = 0;  // 0: no minute window
    int64_t per_day = 0;     // 0: no day window
};

/// The longest a key's name may be, in characters.
constexpr size_t kMaxKeyNameChars = 64;

/// What the dashboard shows.
struct DashboardView {
    std::vector<store::KeyRecord> keys;            // live and revoked, newest first
    std::map<std::string, store::KeyUsage> usage;  // by key id
    std::map<std::string, std::string> names;      // by key id; unnamed keys are absent
    std::vector<KeyLimit> limits;                  // each metered class's keyed quota
    int days_in_month = 30;                        // of the current UTC month: the month's ceiling
    std::string csrf;                              // the session's form token
    std::string new_key;                           // shown once; empty: none
    std::string notice;                            // one line about the last action; may be empty
    int max_live_keys = 5;
};

/// The form asking for an e-mail address; `error` (may be empty) says what was wrong.
std::string requestPage(const std::string& service_host, const std::string& error);
/// "A link is on its way": the same answer whatever the address.
std::string sentPage(const std::string& service_host, int link_lifetime_s);
/// The page a sign-in link opens: a button that posts the token (a GET uses nothing).
std::string confirmPage(const std::string& service_host, const std::string& token);
/// A message page with a way back to the sign-in form.
std::string messagePage(const std::string& service_host, const std::string& title, const std::string& text);
std::string dashboardPage(const std::string& service_host, const DashboardView& view);
/// "Revoke this key?": the dashboard's revoke button leads here; only this page's button revokes.
std::string confirmRevokePage(const std::string& service_host, const std::string& csrf, const std::string& id,
                              const std::string& name);

/// The Content-Security-Policy every account page is sent with.
const std::string& accountPagePolicy();

}  // namespace ipfacts::account
