#include "host/account/SendThrottle.h"

namespace ipfacts::account {
namespace {

constexpr int64_t kHour = 3600;
// One scope for every sign-in send: a caller's and a recipient's count are
// decided together, so they sit together (one Redis slot). Sign-in mail is
// rare enough for one slot.
const std::string kScope = "signin";

std::vector<ratelimit::TallyLimit> limitsOf(const std::string& caller, int64_t per_caller, const std::string& recipient,
                                            int64_t per_recipient) {
    return {{caller, kHour, per_caller, true}, {recipient, kHour, per_recipient, true}};
}

}  // namespace

SendThrottle::Send SendThrottle::take(const std::string& caller, int64_t per_caller, const std::string& recipient,
                                      int64_t per_recipient, int64_t now) {
    Send s;
    s.taken = tally_->take(kScope, limitsOf(caller, per_caller, recipient, per_recipient), now);
    if (!s.taken.counted) s.wait_s = s.taken.retry_after_s > 0 ? s.taken.retry_after_s : 1;
    return s;
}

void SendThrottle::giveBack(const std::string& caller, const std::string& recipient, const Send& send) {
    tally_->giveBack(kScope, limitsOf(caller, 0, recipient, 0), send.taken);
}

}  // namespace ipfacts::account
