// SendThrottle: at most N sign-in mails in any hour per caller block and per
// recipient (an e-mail address's hash), so the form cannot flood a mailbox or
// send mail in bulk. Both limits are checked and the send counted in one
// atomic step of the service's WindowTally, so parallel posts never pass a
// limit together, and with store.counters: redis the hour is every node's.
#pragma once

#include "host/ratelimit/WindowTally.h"

#include <cstdint>
#include <memory>
#include <string>

namespace ipfacts::account {

class SendThrottle {
public:
    /// `tally`: where sends are counted (the daemon's, shared with the nodes or not).
    explicit SendThrottle(std::shared_ptr<ratelimit::WindowTally> tally) : tally_(std::move(tally)) {}

    struct Send {
        int64_t wait_s = 0;  // 0: counted, the mail may go; else seconds until one of the limits has room
        ratelimit::TallyAnswer taken;
    };
    /// Counts one send by `caller` to `recipient` at `now` unless either has
    /// had its limit of sends in the past hour. Thread-safe.
    Send take(const std::string& caller, int64_t per_caller, const std::string& recipient, int64_t per_recipient,
              int64_t now);
    /// Takes back a counted send whose mail did not go. Thread-safe.
    void giveBack(const std::string& caller, const std::string& recipient, const Send& send);

private:
    std::shared_ptr<ratelimit::WindowTally> tally_;
};

}  // namespace ipfacts::account
