#include "host/facilities/dns/DohClient.h"

#include "host/facilities/dns/DnsMessage.h"

#include <curl/curl.h>

#include <chrono>
#include <string_view>
#include <memory>

namespace ipfacts::facilities {
namespace {

constexpr size_t kMaxResponseBytes = 65535;  // a DNS message is at most 64 KiB

/// The calling thread's connection cache: a multi handle whose pool keeps
/// HTTPS connections to each resolver alive between requests.
struct ThreadMulti {
    CURLM* multi = curl_multi_init();
    ThreadMulti() {
        curl_multi_setopt(multi, CURLMOPT_PIPELINING, CURLPIPE_MULTIPLEX);
        curl_multi_setopt(multi, CURLMOPT_MAXCONNECTS, 32L);
    }
    ~ThreadMulti() { curl_multi_cleanup(multi); }
};

CURLM* threadMulti() {
    thread_local ThreadMulti m;
    return m.multi;
}

struct Transfer {
    CURL* easy = nullptr;
    curl_slist* headers = nullptr;
    std::string body;
    bool too_big = false;
    char error[CURL_ERROR_SIZE] = {0};
    ~Transfer() {
        if (easy) curl_easy_cleanup(easy);
        curl_slist_free_all(headers);
    }
};

size_t onBody(char* data, size_t size, size_t n, void* arg) {
    auto* t = static_cast<Transfer*>(arg);
    if (t->body.size() + size * n > kMaxResponseBytes) {
        t->too_big = true;
        return 0;  // aborts the transfer
    }
    t->body.append(data, size * n);
    return size * n;
}

/// The reason a transfer failed, in words that name no address or port:
/// libcurl's own message does ("Failed to connect to 10.1.2.3 port 443"),
/// and the resolvers' internal addresses are not for callers to see.
std::string describe(CURLcode code, const Transfer& t) {
    if (code == CURLE_OPERATION_TIMEDOUT) return "timeout";
    if (t.too_big) return "response larger than a DNS message";
    std::string_view detail = t.error;
    auto says = [&](std::string_view what) { return detail.find(what) != std::string_view::npos; };
    switch (code) {
        case CURLE_COULDNT_CONNECT:
            if (says("Connection refused")) return "connection failed: connection refused";
            if (says("No route to host")) return "connection failed: no route to host";
            if (says("Network is unreachable")) return "connection failed: network unreachable";
            return "connection failed";
        case CURLE_COULDNT_RESOLVE_HOST:
            return "cannot resolve the resolver's host name";
        case CURLE_PEER_FAILED_VERIFICATION:
            if (says("subject name") || says("does not match")) return "TLS: the certificate does not name the resolver";
            [[fallthrough]];
        case CURLE_SSL_CONNECT_ERROR:
        case CURLE_SSL_CACERT_BADFILE:
        case CURLE_SSL_CERTPROBLEM: {
            // OpenSSL's verify texts name no peer: "unable to get local issuer certificate".
            constexpr std::string_view kProblem = "SSL certificate problem: ";
            if (detail.substr(0, kProblem.size()) == kProblem) return "TLS: " + std::string(detail.substr(kProblem.size()));
            return "TLS: " + std::string(curl_easy_strerror(code));
        }
        default:
            return curl_easy_strerror(code);  // libcurl's fixed text for the code, never an address
    }
}

}  // namespace

void DohClient::globalInit() { curl_global_init(CURL_GLOBAL_DEFAULT); }

DohClient::DohClient(std::vector<DohResolver> resolvers, int timeout_ms, std::string ca_file)
    : resolvers_(std::move(resolvers)), timeout_ms_(timeout_ms), ca_file_(std::move(ca_file)) {}

std::vector<DnsAnswer> DohClient::queryAll(const DnsQuestion& q) const {
    std::vector<DnsAnswer> answers(resolvers_.size());
    // RFC 8484 asks for ID 0 so caches can share identical queries.
    auto wire = buildQuery(q.name, q.type, 0);
    if (!wire) {
        for (size_t i = 0; i < resolvers_.size(); ++i) answers[i] = failedAnswer(resolvers_[i].name, "malformed question", 0);
        return answers;
    }
    CURLM* multi = threadMulti();
    std::vector<std::unique_ptr<Transfer>> transfers;
    for (const auto& r : resolvers_) {
        auto t = std::make_unique<Transfer>();
        t->easy = curl_easy_init();
        t->headers = curl_slist_append(t->headers, "Content-Type: application/dns-message");
        t->headers = curl_slist_append(t->headers, "Accept: application/dns-message");
        CURL* e = t->easy;
        curl_easy_setopt(e, CURLOPT_URL, r.url.c_str());
        curl_easy_setopt(e, CURLOPT_PROTOCOLS_STR, "https");
        curl_easy_setopt(e, CURLOPT_HTTP_VERSION, CURL_HTTP_VERSION_2TLS);
        curl_easy_setopt(e, CURLOPT_HTTPHEADER, t->headers);
        curl_easy_setopt(e, CURLOPT_POSTFIELDS, wire->data());
        curl_easy_setopt(e, CURLOPT_POSTFIELDSIZE, static_cast<long>(wire->size()));
        curl_easy_setopt(e, CURLOPT_TIMEOUT_MS, static_cast<long>(timeout_ms_));
        curl_easy_setopt(e, CURLOPT_CONNECTTIMEOUT_MS, static_cast<long>(timeout_ms_));
        curl_easy_setopt(e, CURLOPT_NOSIGNAL, 1L);
        curl_easy_setopt(e, CURLOPT_SSL_VERIFYPEER, 1L);
        curl_easy_setopt(e, CURLOPT_SSL_VERIFYHOST, 2L);
        curl_easy_setopt(e, CURLOPT_PIPEWAIT, 1L);
        if (!ca_file_.empty()) curl_easy_setopt(e, CURLOPT_CAINFO, ca_file_.c_str());
        curl_easy_setopt(e, CURLOPT_WRITEFUNCTION, onBody);
        curl_easy_setopt(e, CURLOPT_WRITEDATA, t.get());
        curl_easy_setopt(e, CURLOPT_ERRORBUFFER, t->error);
        curl_easy_setopt(e, CURLOPT_PRIVATE, t.get());
        curl_multi_add_handle(multi, e);
        transfers.push_back(std::move(t));
    }

    const auto started = std::chrono::steady_clock::now();
    std::vector<int64_t> elapsed(resolvers_.size(), 0);
    // A transfer the loop never saw finish (the multi handle failed) counts as timed out.
    std::vector<CURLcode> result(resolvers_.size(), CURLE_OPERATION_TIMEDOUT);
    int running = 1;
    while (running) {
        if (curl_multi_perform(multi, &running) != CURLM_OK) break;
        int left;
        while (CURLMsg* msg = curl_multi_info_read(multi, &left)) {
            if (msg->msg != CURLMSG_DONE) continue;
            for (size_t i = 0; i < transfers.size(); ++i)
                if (transfers[i]->easy == msg->easy_handle) {
                    elapsed[i] = std::chrono::duration_cast<std::chrono::microseconds>(
                                     std::chrono::steady_clock::now() - started).count();
                    result[i] = msg->data.result;
                }
        }
        if (running) curl_multi_poll(multi, nullptr, 0, 100, nullptr);
    }

    for (size_t i = 0; i < transfers.size(); ++i) {
        Transfer& t = *transfers[i];
        CURLcode code = result[i];
        long status = 0;
        curl_easy_getinfo(t.easy, CURLINFO_RESPONSE_CODE, &status);
        char* ctype = nullptr;
        curl_easy_getinfo(t.easy, CURLINFO_CONTENT_TYPE, &ctype);
        curl_multi_remove_handle(multi, t.easy);
        DnsAnswer a;
        a.source = resolvers_[i].name;
        a.elapsed_us = elapsed[i];
        if (code != CURLE_OK) {
            answers[i] = failedAnswer(a.source, describe(code, t), a.elapsed_us);
        } else if (status != 200) {
            answers[i] = failedAnswer(a.source, "HTTP status " + std::to_string(status), a.elapsed_us);
        } else if (!ctype || std::string_view(ctype).rfind("application/dns-message", 0) != 0) {
            answers[i] = failedAnswer(a.source, "reply is not application/dns-message", a.elapsed_us);
        } else {
            parseResponse(reinterpret_cast<const unsigned char*>(t.body.data()), t.body.size(), a);
            answers[i] = std::move(a);
        }
    }
    return answers;
}

}  // namespace ipfacts::facilities
