#include "host/facilities/dns/StubResolver.h"

#include "host/facilities/dns/DnsMessage.h"

#include <ares.h>
#include <poll.h>

#include <chrono>
#include <mutex>
#include <stdexcept>

namespace ipfacts::facilities {
namespace {

int64_t nowUs() {
    return std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

struct Pending {
    DnsAnswer* answer;
    int64_t started_us;
    int* remaining;
};

void onAnswer(void* arg, int status, int /*timeouts*/, unsigned char* abuf, int alen) {
    auto* p = static_cast<Pending*>(arg);
    p->answer->elapsed_us = nowUs() - p->started_us;
    --*p->remaining;
    if (status == ARES_SUCCESS && abuf) {
        parseResponse(abuf, static_cast<size_t>(alen), *p->answer);
        return;
    }
    p->answer->rcode = -1;
    // ECANCELLED: the call's budget ran out (see run()); to the caller that is a time-out.
    p->answer->error = status == ARES_ETIMEOUT || status == ARES_ECANCELLED ? "timeout"
                       : status == ARES_ECONNREFUSED ? "connection refused"
                                                     : ares_strerror(status);
}

/// Drives the channel until every query has called back, or until
/// `deadline_us`, when the open ones are cancelled (and call back).
void run(ares_channel ch, const int& remaining, int64_t deadline_us) {
    while (remaining > 0) {
        const int64_t left_ms = (deadline_us - nowUs()) / 1000;
        if (left_ms <= 0) {
            ares_cancel(ch);
            break;
        }
        ares_socket_t socks[ARES_GETSOCK_MAXNUM];
        int mask = ares_getsock(ch, socks, ARES_GETSOCK_MAXNUM);
        pollfd fds[ARES_GETSOCK_MAXNUM];
        nfds_t n = 0;
        for (int i = 0; i < ARES_GETSOCK_MAXNUM; ++i) {
            short ev = 0;
            if (ARES_GETSOCK_READABLE(mask, i)) ev |= POLLIN;
            if (ARES_GETSOCK_WRITABLE(mask, i)) ev |= POLLOUT;
            if (ev) fds[n++] = pollfd{socks[i], ev, 0};
        }
        timeval tv{};
        timeval* t = ares_timeout(ch, nullptr, &tv);
        int64_t wait_ms = t ? t->tv_sec * 1000 + t->tv_usec / 1000 : 1000;
        if (wait_ms > left_ms) wait_ms = left_ms;
        int ready = ::poll(fds, n, static_cast<int>(wait_ms));
        if (ready <= 0) {
            ares_process_fd(ch, ARES_SOCKET_BAD, ARES_SOCKET_BAD);  // timeouts
            continue;
        }
        for (nfds_t i = 0; i < n; ++i) {
            if (!fds[i].revents) continue;
            bool rd = fds[i].revents & (POLLIN | POLLERR | POLLHUP);
            bool wr = fds[i].revents & POLLOUT;
            ares_process_fd(ch, rd ? fds[i].fd : ARES_SOCKET_BAD, wr ? fds[i].fd : ARES_SOCKET_BAD);
        }
    }
}

}  // namespace

StubResolver::StubResolver(std::vector<std::string> servers, int timeout_ms, int attempts)
    : timeout_ms_(timeout_ms), attempts_(attempts) {
    static std::once_flag once;
    std::call_once(once, [] { ares_library_init(ARES_LIB_INIT_ALL); });
    for (const auto& s : servers) servers_csv_ += (servers_csv_.empty() ? "" : ",") + s;
    source_ = servers.empty() ? "system" : servers.front();
}

std::vector<DnsAnswer> StubResolver::resolve(const std::vector<DnsQuestion>& questions) const {
    std::vector<DnsAnswer> answers(questions.size());
    ares_options opts{};
    opts.timeout = timeout_ms_;
    opts.tries = attempts_;
    // NOCHECKRESP: hand SERVFAIL and REFUSED to us; they are answers, not failures.
    opts.flags = ARES_FLAG_NOCHECKRESP;
    ares_channel ch;
    if (ares_init_options(&ch, &opts, ARES_OPT_TIMEOUTMS | ARES_OPT_TRIES | ARES_OPT_FLAGS) != ARES_SUCCESS) {
        for (auto& a : answers) a = failedAnswer(source_, "resolver unavailable", 0);
        return answers;
    }
    struct ChannelGuard {
        ares_channel ch;
        ~ChannelGuard() { ares_destroy(ch); }
    } guard{ch};
    if (!servers_csv_.empty() && ares_set_servers_ports_csv(ch, servers_csv_.c_str()) != ARES_SUCCESS) {
        for (auto& a : answers) a = failedAnswer(source_, "bad resolver server list", 0);
        return answers;
    }
    int remaining = 0;
    std::vector<Pending> pending(questions.size());
    for (size_t i = 0; i < questions.size(); ++i) {
        answers[i].source = source_;
        auto wire = buildQuery(questions[i].name, questions[i].type, 0);
        if (!wire) {
            answers[i] = failedAnswer(source_, "malformed question", 0);
            continue;
        }
        pending[i] = Pending{&answers[i], nowUs(), &remaining};
        ++remaining;
        ares_send(ch, reinterpret_cast<const unsigned char*>(wire->data()), static_cast<int>(wire->size()), onAnswer,
                  &pending[i]);
    }
    run(ch, remaining, nowUs() + int64_t(budgetMs()) * 1000);
    return answers;
}

}  // namespace ipfacts::facilities
