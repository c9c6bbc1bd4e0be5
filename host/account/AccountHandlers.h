// AccountHandlers: the account pages as host handlers — host.account_request,
// host.account_signin, host.account_dashboard (the only routes that take form
// POSTs) and host.account_clock for tests — each declared once with its
// behaviour. All need an accounts: section and run on workers (they read and
// write the store).
#pragma once

#include "host/pipeline/HostHandlerDef.h"

#include <vector>

namespace ipfacts::account {

class AccountService;

/// The account handlers, served by `service` (null: declared only, to check a manifest).
std::vector<pipeline::HostHandlerDef> accountHandlers(AccountService* service);

}  // namespace ipfacts::account
