#include "host/account/MailQueue.h"

#include <spdlog/spdlog.h>

namespace ipfacts::account {

MailQueue::MailQueue(std::unique_ptr<Mailer> mailer, size_t capacity)
    : mailer_(std::move(mailer)), capacity_(capacity), thread_([this] { run(); }) {}

MailQueue::~MailQueue() {
    {
        std::lock_guard<std::mutex> lock(mu_);
        stopping_ = true;
    }
    cv_.notify_all();
    thread_.join();
}

bool MailQueue::post(MailMessage m) {
    {
        std::lock_guard<std::mutex> lock(mu_);
        if (queue_.size() >= capacity_) return false;
        queue_.push_back(std::move(m));
    }
    cv_.notify_one();
    return true;
}

void MailQueue::run() {
    std::unique_lock<std::mutex> lock(mu_);
    while (true) {
        cv_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
        if (queue_.empty()) return;  // stopping, nothing left: messages queued at shutdown are still sent
        MailMessage m = std::move(queue_.front());
        queue_.pop_front();
        lock.unlock();
        try {
            mailer_->send(m);
            ++sent_;
        } catch (const std::exception& e) {
            ++failed_;
            // The address masked and the link never: a log is no place for either.
            spdlog::error("sign-in mail for {} not sent: {}", maskedAddress(m.to), e.what());
        }
        lock.lock();
    }
}

}  // namespace ipfacts::account
