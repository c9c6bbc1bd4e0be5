// MailQueue: sends sign-in mail on a thread of its own, so no request waits on
// an SMTP server. Bounded: past `capacity` queued messages a post is refused
// (the caller says "try again later") rather than queued without end. At stop
// what still waits is dropped and counted in the log; a send under way finishes.
#pragma once

#include "host/account/Mailer.h"

#include <atomic>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>

namespace ipfacts::account {

class MailQueue {
public:
    MailQueue(std::unique_ptr<Mailer> mailer, size_t capacity);
    ~MailQueue();
    MailQueue(const MailQueue&) = delete;
    MailQueue& operator=(const MailQueue&) = delete;

    /// Queues `m`; false when the queue is full. Never blocks on the mailer. Thread-safe.
    bool post(MailMessage m);
    /// Messages handed to the mailer without error, and failed, so far.
    uint64_t sent() const { return sent_.load(); }
    uint64_t failed() const { return failed_.load(); }

private:
    void run();

    std::unique_ptr<Mailer> mailer_;
    size_t capacity_;
    std::mutex mu_;
    std::condition_variable cv_;
    std::deque<MailMessage> queue_;
    bool stopping_ = false;
    std::atomic<uint64_t> sent_{0}, failed_{0};
    std::thread thread_;
};

}  // namespace ipfacts::account
