#include "host/facilities/dns/StubResolver.h"

#include "host/facilities/dns/DnsMessage.h"
#include "host/facilities/dns/StubQuery.h"
#include "host/fiber/FiberPoll.h"

#include <algorithm>
#include <chrono>
#include <memory>

namespace ipfacts::facilities {
namespace {

int64_t nowUs() {
    return std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

/// Drives the queries until all are answered or `deadline_us` passes.
void run(std::vector<std::unique_ptr<StubQuery>>& queries, int64_t deadline_us) {
    std::vector<pollfd> fds;
    std::vector<StubQuery*> waiting;
    while (true) {
        const int64_t now = nowUs();
        fds.clear();
        waiting.clear();
        int64_t wake = deadline_us;
        for (auto& q : queries) {
            if (!q || q->done()) continue;
            if (now >= deadline_us) {
                q->abandon(now);
                continue;
            }
            if (now >= q->wakeAt()) {
                q->onTime(now);
                if (q->done()) continue;
            }
            fds.push_back(pollfd{q->fd(), q->events(), 0});
            waiting.push_back(q.get());
            wake = std::min(wake, q->wakeAt());
        }
        if (waiting.empty()) return;
        const int wait_ms = static_cast<int>(std::max<int64_t>(0, (wake - now + 999) / 1000));
        if (fiber::poll(fds.data(), fds.size(), wait_ms) <= 0) continue;
        const int64_t ready_at = nowUs();
        for (size_t i = 0; i < fds.size(); ++i)
            if (fds[i].revents) waiting[i]->onReady(fds[i].revents, ready_at);
    }
}

}  // namespace

StubResolver::StubResolver(std::vector<std::string> servers, int timeout_ms, int attempts)
    : servers_(resolverServers(servers)), timeout_ms_(timeout_ms), attempts_(attempts) {
    source_ = servers.empty() ? "system" : servers.front();
}

std::vector<DnsAnswer> StubResolver::resolve(const std::vector<DnsQuestion>& questions) const {
    std::vector<DnsAnswer> answers(questions.size());
    std::vector<std::unique_ptr<StubQuery>> queries(questions.size());
    const int64_t start = nowUs();
    for (size_t i = 0; i < questions.size(); ++i) {
        answers[i].source = source_;
        auto wire = buildQuery(questions[i].name, questions[i].type, 0);
        if (!wire) {
            answers[i] = failedAnswer(source_, "malformed question", 0);
            continue;
        }
        queries[i] = std::make_unique<StubQuery>(std::move(*wire), servers_, timeout_ms_, attempts_, answers[i], start);
    }
    run(queries, start + int64_t(fiber::remainingMs(budgetMs())) * 1000);
    return answers;
}

}  // namespace ipfacts::facilities
