// EmailHash: the one way an e-mail address becomes an account's key in the
// store, a keyed hash under the deployment's secret, so the store never holds
// the address in plain. The sign-in flow (host/account) and the admin command
// (`ipfacts key add --account`) both use it: the same address reaches the same
// account whichever way it came.
#pragma once

#include "host/store/ServerSecret.h"

#include <string>
#include <string_view>

namespace ipfacts::store {

/// HMAC of "email:" and `address` lower-cased (ASCII), lower-case hex.
std::string emailHash(const ServerSecret& secret, std::string_view address);

}  // namespace ipfacts::store
