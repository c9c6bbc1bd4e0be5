#include "host/account/AccountHandlers.h"

#include "host/account/AccountService.h"

namespace ipfacts {
extern const char kAccountOpenApi[];
}  // namespace ipfacts

namespace ipfacts::account {
namespace {

std::string needsAccounts(const manifest::Manifest& m) { return m.accounts ? "" : "needs an accounts: section"; }

std::string needsManualClock(const manifest::Manifest& m) {
    if (!m.accounts) return needsAccounts(m);
    return m.accounts->manual_clock ? "" : "exists for tests only: it needs accounts.manual_clock: true";
}

pipeline::HostHandlerDef page(const char* name, AccountService* service,
                              void (AccountService::*serve)(pipeline::Exchange&)) {
    pipeline::HostHandlerDef d;
    d.name = name;
    d.nonblocking = false;
    d.accepts_post = true;
    d.fragment = kAccountOpenApi;
    d.refusal = needsAccounts;
    if (service) d.serve = [service, serve](pipeline::Exchange& ex) { (service->*serve)(ex); };
    return d;
}

}  // namespace

std::vector<pipeline::HostHandlerDef> accountHandlers(AccountService* service) {
    pipeline::HostHandlerDef clock = page("account_clock", service, &AccountService::serveClock);
    clock.accepts_post = false;
    clock.refusal = needsManualClock;
    return {page("account_request", service, &AccountService::serveRequest),
            page("account_signin", service, &AccountService::serveSignin),
            page("account_dashboard", service, &AccountService::serveDashboard), std::move(clock)};
}

}  // namespace ipfacts::account
