#include "host/facilities/http/HttpClient.h"

#include "host/facilities/http/CurlTransfer.h"
#include "host/facilities/http/RequestValidator.h"
#include "host/facilities/http/ThreadShare.h"
#include "host/fiber/FiberPoll.h"

#include <algorithm>
#include <chrono>
#include <exception>
#include <map>
#include <new>
#include <string_view>
#include <vector>

namespace ipfacts::facilities::http {
namespace {

using Clock = std::chrono::steady_clock;

/// libcurl enforces each request's timeout; this bounds the loop itself, so a
/// libcurl that stops reporting cannot hold a request forever.
constexpr std::chrono::milliseconds kLoopGrace{1000};
constexpr long kMaxPooledConnections = 32;  // per thread; the oldest idle one closes first

/// The transfers of one fetchAll on a multi handle of their own, driven by
/// libcurl's socket interface: the batch waits on exactly its sockets through
/// fiber::poll, so on a request fiber it holds no thread while it waits.
/// Removes every handle it added when it goes, whatever happened.
class Batch {
public:
    Batch() : multi_(curl_multi_init()) {
        if (!multi_) throw std::bad_alloc();
        curl_multi_setopt(multi_, CURLMOPT_PIPELINING, CURLPIPE_MULTIPLEX);
        curl_multi_setopt(multi_, CURLMOPT_MAXCONNECTS, kMaxPooledConnections);
        curl_multi_setopt(multi_, CURLMOPT_SOCKETFUNCTION, &Batch::onSocket);
        curl_multi_setopt(multi_, CURLMOPT_SOCKETDATA, this);
        curl_multi_setopt(multi_, CURLMOPT_TIMERFUNCTION, &Batch::onTimer);
        curl_multi_setopt(multi_, CURLMOPT_TIMERDATA, this);
    }
    ~Batch() {
        for (auto& t : transfers_)
            if (t) curl_multi_remove_handle(multi_, t->easy());
        curl_multi_cleanup(multi_);
    }
    Batch(const Batch&) = delete;
    Batch& operator=(const Batch&) = delete;

    /// `multiplex`: another request of the batch goes to the same origin, so
    /// this one waits to share its HTTP/2 connection rather than open one.
    /// Never otherwise: it would also wait on another fiber's connection to
    /// that origin, and a silent upstream would then stall unrelated requests.
    void add(size_t index, std::unique_ptr<CurlTransfer> t, bool multiplex) {
        curl_easy_setopt(t->easy(), CURLOPT_SHARE, ThreadShare::get());
        curl_easy_setopt(t->easy(), CURLOPT_PIPEWAIT, multiplex ? 1L : 0L);
        curl_multi_add_handle(multi_, t->easy());
        transfers_[index] = std::move(t);
    }
    void resize(size_t n) {
        transfers_.resize(n);
        codes_.assign(n, CURLE_OPERATION_TIMEDOUT);
    }

    /// Drives the transfers until all are done or `deadline` passes.
    void run(Clock::time_point deadline) {
        int running = 0;
        curl_multi_socket_action(multi_, CURL_SOCKET_TIMEOUT, 0, &running);
        collectDone();
        while (running > 0 && Clock::now() < deadline) {
            std::vector<pollfd> fds;
            fds.reserve(sockets_.size());
            for (const auto& [fd, what] : sockets_) fds.push_back(pollfd{fd, pollEvents(what), 0});
            const int ready = fiber::poll(fds.data(), fds.size(), waitMs(deadline));
            if (ready <= 0) {
                curl_multi_socket_action(multi_, CURL_SOCKET_TIMEOUT, 0, &running);
            } else {
                for (const pollfd& p : fds)
                    if (p.revents) curl_multi_socket_action(multi_, p.fd, curlEvents(p.revents), &running);
            }
            collectDone();
        }
    }

    std::unique_ptr<CurlTransfer>& at(size_t i) { return transfers_[i]; }
    CURLcode code(size_t i) const { return codes_[i]; }

private:
    static int onSocket(CURL*, curl_socket_t fd, int what, void* self, void*) {
        auto& sockets = static_cast<Batch*>(self)->sockets_;
        if (what == CURL_POLL_REMOVE)
            sockets.erase(fd);
        else
            sockets[fd] = what;
        return 0;
    }
    static int onTimer(CURLM*, long timeout_ms, void* self) {
        auto* b = static_cast<Batch*>(self);
        b->timer_set_ = timeout_ms >= 0;
        b->timer_at_ = Clock::now() + std::chrono::milliseconds(timeout_ms < 0 ? 0 : timeout_ms);
        return 0;
    }
    static short pollEvents(int what) {
        short e = 0;
        if (what == CURL_POLL_IN || what == CURL_POLL_INOUT) e |= POLLIN;
        if (what == CURL_POLL_OUT || what == CURL_POLL_INOUT) e |= POLLOUT;
        return e;
    }
    static int curlEvents(short revents) {
        int e = 0;
        if (revents & POLLIN) e |= CURL_CSELECT_IN;
        if (revents & POLLOUT) e |= CURL_CSELECT_OUT;
        if (revents & (POLLERR | POLLHUP | POLLNVAL)) e |= CURL_CSELECT_ERR;
        return e;
    }
    /// Until libcurl's next timer, or the deadline; 100 ms when libcurl set none.
    int waitMs(Clock::time_point deadline) const {
        const auto now = Clock::now();
        auto until =
            timer_set_ ? std::min(timer_at_, deadline) : std::min(now + std::chrono::milliseconds(100), deadline);
        if (until <= now) return 0;
        return static_cast<int>(std::chrono::duration_cast<std::chrono::milliseconds>(until - now).count()) + 1;
    }

    void collectDone() {
        int left = 0;
        while (CURLMsg* msg = curl_multi_info_read(multi_, &left)) {
            if (msg->msg != CURLMSG_DONE) continue;
            for (size_t i = 0; i < transfers_.size(); ++i)
                if (transfers_[i] && transfers_[i]->easy() == msg->easy_handle) codes_[i] = msg->data.result;
        }
    }

    CURLM* multi_;
    std::map<curl_socket_t, int> sockets_;  // what libcurl waits for on each socket
    bool timer_set_ = false;
    Clock::time_point timer_at_{};
    std::vector<std::unique_ptr<CurlTransfer>> transfers_;
    std::vector<CURLcode> codes_;  // a transfer never reported done stays "timed out"
};

/// "https://host:port" of a URL, as written (enough to tell requests of one batch apart).
std::string_view originOf(std::string_view url) {
    const size_t scheme = url.find("://");
    if (scheme == std::string_view::npos) return url;
    const size_t path = url.find_first_of("/?#", scheme + 3);
    return url.substr(0, path);
}

bool sharesOrigin(const std::vector<HttpRequest>& requests, size_t i) {
    for (size_t j = 0; j < requests.size(); ++j)
        if (j != i && originOf(requests[j].url) == originOf(requests[i].url)) return true;
    return false;
}

HttpResult failed(std::string why) {
    HttpResult r;
    r.error = std::move(why);
    return r;
}

}  // namespace

void HttpClient::globalInit() { curl_global_init(CURL_GLOBAL_DEFAULT); }

HttpClient::HttpClient(std::shared_ptr<const guard::AddressGuard> guard, Options options)
    : guard_(std::move(guard)), options_(std::move(options)) {}

std::vector<HttpResult> HttpClient::fetchAll(const std::vector<HttpRequest>& requests) const {
    std::vector<HttpResult> results(requests.size());
    try {
        std::vector<HttpRequest> sent(requests);  // time-outs cut to the request's budget
        Batch batch;
        batch.resize(requests.size());
        const RequestValidator validator(*guard_);
        long longest_ms = 0;
        for (size_t i = 0; i < requests.size(); ++i) {
            if (std::string why = validator.problem(requests[i]); !why.empty()) {
                results[i] = failed(std::move(why));
                continue;
            }
            HttpRequest& request = sent[i];  // CurlTransfer keeps a reference
            request.timeout_ms = fiber::remainingMs(static_cast<int>(request.timeout_ms));
            if (request.timeout_ms <= 0) {
                results[i] = failed("not sent: the request's time budget is spent");
                continue;
            }
            batch.add(i, std::make_unique<CurlTransfer>(request, *guard_, options_), sharesOrigin(requests, i));
            longest_ms = std::max(longest_ms, request.timeout_ms);
        }
        batch.run(Clock::now() + std::chrono::milliseconds(longest_ms) + kLoopGrace);
        for (size_t i = 0; i < requests.size(); ++i)
            if (auto& t = batch.at(i)) results[i] = t->finish(batch.code(i));
    } catch (const std::exception& e) {
        // Out of memory or a libcurl handle that could not be created: still data.
        for (auto& r : results)
            if (r.ok() && r.status == 0) r = failed(std::string("internal error: ") + e.what());
    }
    return results;
}

}  // namespace ipfacts::facilities::http
