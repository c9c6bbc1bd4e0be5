#include "host/store/StoreFailureLog.h"

#include <spdlog/spdlog.h>

namespace ipfacts::store {

StoreFailureLog::StoreFailureLog(std::string what, Clock clock, std::chrono::seconds summary_every)
    : what_(std::move(what)), clock_(std::move(clock)), summary_every_(summary_every) {}

void StoreFailureLog::failed(const std::string& detail, const std::string& reason) {
    ++failures_;
    ++since_last_line_;
    const auto now = clock_();
    if (failures_ == 1) {
        spdlog::warn("{}: {}, retrying: {} (repeats are summed up once a minute)", what_, detail, reason);
    } else if (now - last_line_ >= summary_every_) {
        spdlog::warn("{}: still failing: {} more failed rounds; {}; last: {}", what_, since_last_line_, detail, reason);
    } else {
        return;
    }
    last_line_ = now;
    since_last_line_ = 0;
    ++lines_;
}

void StoreFailureLog::succeeded() {
    if (failures_ == 0) return;
    spdlog::info("{}: the store writes again after {} failed rounds", what_, failures_);
    failures_ = 0;
    since_last_line_ = 0;
    ++lines_;
}

}  // namespace ipfacts::store
