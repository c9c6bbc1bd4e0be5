#include "host/facilities/http/HttpClient.h"

#include "host/facilities/http/CurlTransfer.h"
#include "host/facilities/http/RequestValidator.h"
#include "host/facilities/http/ThreadMulti.h"

#include <algorithm>
#include <chrono>
#include <exception>

namespace ipfacts::facilities::http {
namespace {

using Clock = std::chrono::steady_clock;

/// libcurl enforces each request's timeout; this bounds the loop itself, so a
/// libcurl that stops reporting cannot hold a worker thread forever.
constexpr std::chrono::milliseconds kLoopGrace{1000};

/// The transfers of one fetchAll on the thread's multi handle; removes every
/// handle it added when it goes, whatever happened.
class Batch {
public:
    explicit Batch(CURLM* multi) : multi_(multi) {}
    ~Batch() {
        for (auto& t : transfers_)
            if (t) curl_multi_remove_handle(multi_, t->easy());
    }

    void add(size_t index, std::unique_ptr<CurlTransfer> t) {
        curl_multi_add_handle(multi_, t->easy());
        transfers_[index] = std::move(t);
    }
    void resize(size_t n) { transfers_.resize(n); codes_.assign(n, CURLE_OPERATION_TIMEDOUT); }

    /// Drives the transfers until all are done or `deadline` passes.
    void run(Clock::time_point deadline) {
        int running = 1;
        while (running && Clock::now() < deadline) {
            if (curl_multi_perform(multi_, &running) != CURLM_OK) break;
            collectDone();
            if (running) curl_multi_poll(multi_, nullptr, 0, 100, nullptr);
        }
        collectDone();
    }

    std::unique_ptr<CurlTransfer>& at(size_t i) { return transfers_[i]; }
    CURLcode code(size_t i) const { return codes_[i]; }

private:
    void collectDone() {
        int left = 0;
        while (CURLMsg* msg = curl_multi_info_read(multi_, &left)) {
            if (msg->msg != CURLMSG_DONE) continue;
            for (size_t i = 0; i < transfers_.size(); ++i)
                if (transfers_[i] && transfers_[i]->easy() == msg->easy_handle) codes_[i] = msg->data.result;
        }
    }

    CURLM* multi_;
    std::vector<std::unique_ptr<CurlTransfer>> transfers_;
    std::vector<CURLcode> codes_;  // a transfer never reported done stays "timed out"
};

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
        CURLM* multi = ThreadMulti::get();
        Batch batch(multi);
        batch.resize(requests.size());
        const RequestValidator validator(*guard_);
        long longest_ms = 0;
        for (size_t i = 0; i < requests.size(); ++i) {
            if (std::string why = validator.problem(requests[i]); !why.empty()) {
                results[i] = failed(std::move(why));
                continue;
            }
            batch.add(i, std::make_unique<CurlTransfer>(requests[i], *guard_, options_));
            longest_ms = std::max(longest_ms, requests[i].timeout_ms);
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
