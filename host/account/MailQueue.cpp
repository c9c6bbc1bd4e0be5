#include "host/account/MailQueue.h"

#include <spdlog/spdlog.h>

#include <chrono>

namespace ipfacts::account {

namespace {

// How long start waits for the mail server's first answer, and how often it is asked again.
constexpr auto kFirstProbeWait = std::chrono::seconds(5);
constexpr auto kProbeInterval = std::chrono::minutes(10);

}  // namespace

MailQueue::MailQueue(std::unique_ptr<Mailer> mailer, size_t capacity)
    : mailer_(std::move(mailer)), capacity_(capacity), thread_([this] { run(); }) {
    // Bounded: a mail server that does not answer must not hold the service's start.
    std::unique_lock<std::mutex> lock(mu_);
    cv_.wait_for(lock, kFirstProbeWait, [this] { return probed_; });
}

void MailQueue::probe() {
    Utf8 now = Utf8::Unknown;
    try {
        now = mailer_->takesUtf8Addresses() ? Utf8::Offered : Utf8::NotOffered;
    } catch (const std::exception& e) {
        spdlog::warn("accounts: the mail server could not be asked about SMTPUTF8: {}", e.what());
    }
    if (utf8_.exchange(now) != now && now != Utf8::Unknown)
        spdlog::info("accounts: the mail server {} SMTPUTF8: addresses beyond ASCII are {}",
                     now == Utf8::Offered ? "offers" : "does not offer",
                     now == Utf8::Offered ? "delivered" : "refused with 400 unsupported_email");
}

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
        if (reprobe_ && !stopping_) {
            reprobe_ = false;
            lock.unlock();
            probe();
            lock.lock();
            probed_ = true;
            cv_.notify_all();  // the constructor waits for the first answer
        }
        if (!cv_.wait_for(lock, kProbeInterval, [this] { return stopping_ || !queue_.empty(); })) {
            reprobe_ = true;
            continue;
        }
        if (queue_.empty()) return;  // stopping: the queue was emptied; the message in hand was sent
        MailMessage m = std::move(queue_.front());
        queue_.pop_front();
        lock.unlock();
        const uint64_t failed_before = failed_.load();
        try {
            mailer_->send(m);
            ++sent_;
        } catch (const std::exception& e) {
            ++failed_;
            // The address masked and the link never: a log is no place for either.
            spdlog::error("sign-in mail for {} not sent: {}", maskedAddress(m.to), e.what());
        }
        lock.lock();
        if (failed_.load() != failed_before) reprobe_ = true;  // the server may have changed
    }
}

}  // namespace ipfacts::account
