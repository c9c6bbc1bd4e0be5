#include "host/account/MailQueue.h"

#include <spdlog/spdlog.h>

namespace ipfacts::account {

MailQueue::MailQueue(std::unique_ptr<Mailer> mailer, size_t capacity)
    : mailer_(std::move(mailer)), capacity_(capacity), thread_([this] { run(); }) {}

MailQueue::~MailQueue() {
    size_t dropped = 0;
    {
        std::lock_guard<std::mutex> lock(mu_);
        stopping_ = true;
        // Sending what waits could outlast the shutdown grace many times over (a time-out
        // each with the SMTP server down); whoever asked can ask again after the restart.
        dropped = queue_.size();
        queue_.clear();
    }
    cv_.notify_all();
    thread_.join();
    if (dropped) spdlog::warn("accounts: {} sign-in mails not sent: the service stopped first", dropped);
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
        if (queue_.empty()) return;  // stopping: the queue was emptied; the message in hand was sent
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
