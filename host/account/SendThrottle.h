// SendThrottle: at most N sign-in mails per hour per key (a caller block, a
// recipient's address hash), so the form cannot flood a mailbox or send mail
// in bulk. In memory on this node: a sliding hour of send times per key.
#pragma once

#include <cstdint>
#include <deque>
#include <mutex>
#include <string>
#include <unordered_map>

namespace ipfacts::account {

class SendThrottle {
public:
    /// Seconds until `key` may send again (0: now), after sends at `now` within the past hour.
    int64_t waitFor(const std::string& key, int64_t limit_per_hour, int64_t now);
    /// Records a send for `key` at `now`.
    void record(const std::string& key, int64_t now);

private:
    void forgetStale(int64_t now);

    std::mutex mu_;
    std::unordered_map<std::string, std::deque<int64_t>> sends_;
    int64_t last_sweep_ = 0;
};

}  // namespace ipfacts::account
