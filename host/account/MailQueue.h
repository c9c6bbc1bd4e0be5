// MailQueue: sends sign-in mail on a thread of its own, so no request waits on
// an SMTP server. Bounded: past `capacity` queued messages a post is refused
// (the caller says "try again later") rather than queued without end. At stop
// what still waits is dropped and counted in the log; a send under way finishes.
// The same thread asks the mailer whether addresses beyond ASCII can be delivered
// (SMTPUTF8): at start (the constructor waits a few seconds for that first answer),
// every ten minutes, and after a failed send; a request reads the last answer.
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
    /// The mailer's last answer: an address beyond ASCII can be delivered. False while
    /// unknown (the server could not be asked). Thread-safe, never blocks.
    bool takesUtf8Addresses() const { return utf8_.load() == Utf8::Offered; }

private:
    enum class Utf8 { Unknown, Offered, NotOffered };
    void run();
    void probe();

    std::unique_ptr<Mailer> mailer_;
    size_t capacity_;
    std::mutex mu_;
    std::condition_variable cv_;
    std::deque<MailMessage> queue_;
    bool stopping_ = false;
    std::atomic<uint64_t> sent_{0}, failed_{0};
    std::atomic<Utf8> utf8_{Utf8::Unknown};
    bool probed_ = false;  // under mu_: the first probe is done
    bool reprobe_ = true;  // under mu_: ask the mailer again before the next wait
    std::thread thread_;
};

}  // namespace ipfacts::account
