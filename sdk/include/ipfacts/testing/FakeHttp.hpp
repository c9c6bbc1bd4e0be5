// FakeHttp: the http facility (ipf_http_api) answering from a script. A test
// says what each method + URL answers; every request the plugin sends is
// recorded; failures are data in the reply's error, as the host gives them
// ("timeout after 3000 ms", "refused: 10.0.0.1 is private (RFC 1918)").
// Nothing leaves the process. Header-only; see FakeHost.hpp.
//
//   fake.http.respond("GET", "https://rates.example/latest.json", 200, R"({"rates":{"USD":1.08}})");
//   fake.http.fail("GET", "https://down.example/", "timeout after 3000 ms");
//   ... run the plugin ...
//   fake.http.requests.size(); fake.http.requests[0].url;
#ifndef IPFACTS_TESTING_FAKEHTTP_HPP
#define IPFACTS_TESTING_FAKEHTTP_HPP

#include <ipfacts/testing/FakeSupport.hpp>

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ipfacts::testing {

class FakeHttp {
public:
    FakeHttp() = default;
    FakeHttp(const FakeHttp&) = delete;
    FakeHttp& operator=(const FakeHttp&) = delete;

    /// Every request fetch_all received, in order, as the plugin sent it
    /// (method "GET" when it left the method empty).
    std::vector<HttpCall> requests;
    int fetchCalls = 0;    ///< fetch_all calls
    bool refuses = false;  ///< fetch_all records the requests, then returns IPF_INVALID
    /// What a request nothing is scripted for gets; unset: an error reply
    /// "fake http: nothing scripted for GET <url>".
    std::optional<HttpReply> unlisted;
    int openBatches = 0;  ///< batches handed out and not yet freed

    /// Every request for `method url` gets `reply`.
    void respond(std::string_view method, std::string_view url, HttpReply reply) {
        respondInTurn(method, url, {std::move(reply)});
    }
    /// Every request for `method url` gets an answer with this status, body and headers.
    void respond(std::string_view method, std::string_view url, int status, std::string body,
                 std::vector<HttpHeader> headers = {}) {
        HttpReply r;
        r.status = status;
        r.body = std::move(body);
        r.headers = std::move(headers);
        r.peer_address = "192.0.2.80";
        respond(method, url, std::move(r));
    }
    /// Every request for `method url` fails: no status, and `error` says why.
    void fail(std::string_view method, std::string_view url, std::string error) {
        HttpReply r;
        r.error = std::move(error);
        respond(method, url, std::move(r));
    }
    /// Requests for `method url` get these replies one after another; the
    /// last one repeats.
    void respondInTurn(std::string_view method, std::string_view url, std::vector<HttpReply> replies) {
        script_[keyOf(method, url)] = Script{std::move(replies), 0};
    }

    /// How many recorded requests were for `method url`.
    size_t requestsFor(std::string_view method, std::string_view url) const {
        size_t n = 0;
        for (const HttpCall& c : requests) n += c.method == method && c.url == url ? 1 : 0;
        return n;
    }

    // ---- what the fake host's ipf_http_api calls ---------------------------

    ipf_status fetchAll(const ipf_http_request* rs, size_t count, ipf_http_batch** out) {
        ++fetchCalls;
        std::vector<HttpReply> replies;
        for (size_t i = 0; i < count; ++i) {
            HttpCall call = HttpCallView(rs[i]).keep();
            replies.push_back(replyTo(call));
            requests.push_back(std::move(call));
        }
        if (refuses) return IPF_INVALID;
        *out = detail::lend<ipf_http_batch>(std::move(replies), openBatches);
        return IPF_OK;
    }

    static size_t batchSize(const ipf_http_batch* b) { return detail::lentSize<ipf_http_batch, HttpReply>(b); }
    static const ipf_http_result* batchResult(const ipf_http_batch* b, size_t i) {
        return detail::lentItem<ipf_http_batch, HttpReply>(b, i);
    }
    static void batchFree(ipf_http_batch* b) { detail::lentFree<ipf_http_batch, HttpReply>(b); }

private:
    struct Script {
        std::vector<HttpReply> replies;
        size_t served = 0;
    };

    static std::string keyOf(std::string_view method, std::string_view url) {
        return std::string(method) + ' ' + std::string(url);
    }

    HttpReply replyTo(const HttpCall& call) {
        auto it = script_.find(keyOf(call.method, call.url));
        if (it == script_.end() || it->second.replies.empty()) {
            if (unlisted) return *unlisted;
            HttpReply none;
            none.error = "fake http: nothing scripted for " + keyOf(call.method, call.url);
            return none;
        }
        Script& s = it->second;
        const size_t i = s.served < s.replies.size() ? s.served : s.replies.size() - 1;
        ++s.served;
        return s.replies[i];
    }

    std::map<std::string, Script> script_;
};

}  // namespace ipfacts::testing

#endif
