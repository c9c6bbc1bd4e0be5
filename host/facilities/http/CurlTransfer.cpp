#include "host/facilities/http/CurlTransfer.h"

#include <sys/socket.h>
#include <unistd.h>

#include <new>
#include <string_view>

namespace ipfacts::facilities::http {
namespace {

std::string_view trimmed(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n'))
        s.remove_suffix(1);
    return s;
}

std::string versionText(long v) {
    switch (v) {
        case CURL_HTTP_VERSION_1_0:
            return "1.0";
        case CURL_HTTP_VERSION_1_1:
            return "1.1";
        case CURL_HTTP_VERSION_2_0:
            return "2";
        case CURL_HTTP_VERSION_3:
            return "3";
        default:
            return {};
    }
}

}  // namespace

CurlTransfer::CurlTransfer(const HttpRequest& request, const guard::AddressGuard& guard,
                           const HttpClientOptions& options)
    : request_(request), guard_(guard), options_(options), easy_(curl_easy_init()) {
    if (!easy_) throw std::bad_alloc();
    setSafetyOptions();
    setRequestOptions();
    setCallbacks();
}

void CurlTransfer::setSafetyOptions() {
    CURL* e = easy_.get();
    // Proxies would connect on our behalf to an address the guard never sees:
    // ignore http_proxy/https_proxy/ALL_PROXY from the environment.
    curl_easy_setopt(e, CURLOPT_PROXY, "");
    curl_easy_setopt(e, CURLOPT_NOPROXY, "*");
    const char* protocols = request_.allow_http ? "http,https" : "https";
    curl_easy_setopt(e, CURLOPT_PROTOCOLS_STR, protocols);
    curl_easy_setopt(e, CURLOPT_REDIR_PROTOCOLS_STR, protocols);
    curl_easy_setopt(e, CURLOPT_SSL_VERIFYPEER, 1L);
    curl_easy_setopt(e, CURLOPT_SSL_VERIFYHOST, 2L);
    if (!options_.ca_file.empty()) curl_easy_setopt(e, CURLOPT_CAINFO, options_.ca_file.c_str());
    curl_easy_setopt(e, CURLOPT_NOSIGNAL, 1L);  // threads: no SIGALRM for DNS timeouts
    curl_easy_setopt(e, CURLOPT_NETRC, static_cast<long>(CURL_NETRC_IGNORED));
    curl_easy_setopt(e, CURLOPT_UNRESTRICTED_AUTH, 0L);  // credentials stay with the first host
    curl_easy_setopt(e, CURLOPT_ERRORBUFFER, error_);
    // CURLOPT_CONNECT_TO, CURLOPT_UNIX_SOCKET_PATH, CURLOPT_DOH_URL, CURLOPT_ALTSVC and
    // CURLOPT_INTERFACE are never set: HttpRequest has no field that reaches them, so a
    // caller cannot choose where a connection goes. CURLOPT_RESOLVE is set only from
    // `pinned`, which the facility fills from its own resolver (never a plugin), and
    // the guard judges every pinned address at connect like any other.
}

void CurlTransfer::setRequestOptions() {
    CURL* e = easy_.get();
    const HttpRequest& r = request_;
    curl_easy_setopt(e, CURLOPT_URL, r.url.c_str());
    curl_easy_setopt(e, CURLOPT_HTTP_VERSION, static_cast<long>(CURL_HTTP_VERSION_2TLS));
    curl_easy_setopt(e, CURLOPT_TIMEOUT_MS, r.timeout_ms);
    curl_easy_setopt(e, CURLOPT_CONNECTTIMEOUT_MS, r.timeout_ms);
    curl_easy_setopt(e, CURLOPT_MAXFILESIZE_LARGE, static_cast<curl_off_t>(r.max_body_bytes));
    curl_easy_setopt(e, CURLOPT_FOLLOWLOCATION, r.max_redirects > 0 ? 1L : 0L);
    curl_easy_setopt(e, CURLOPT_MAXREDIRS, static_cast<long>(r.max_redirects));
    curl_easy_setopt(e, CURLOPT_USERAGENT, options_.user_agent.c_str());
    if (r.method == "HEAD") {
        curl_easy_setopt(e, CURLOPT_NOBODY, 1L);
    } else if (r.method != "GET") {
        // POST stays POSTFIELDS alone, so libcurl turns it into GET after a
        // 301/302/303 as browsers do; the others are named explicitly.
        if (r.method != "POST") curl_easy_setopt(e, CURLOPT_CUSTOMREQUEST, r.method.c_str());
        curl_easy_setopt(e, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(r.body.size()));
        curl_easy_setopt(e, CURLOPT_POSTFIELDS, r.body.data());
    }
    for (const auto& [name, value] : r.headers) {
        // "Name;" is libcurl's spelling of a header with an empty value.
        std::string line = value.empty() ? name + ";" : name + ": " + value;
        curl_slist* head = curl_slist_append(headers_.get(), line.c_str());
        if (!head) throw std::bad_alloc();
        if (!headers_) headers_.reset(head);  // later appends keep the same head
    }
    if (headers_) curl_easy_setopt(e, CURLOPT_HTTPHEADER, headers_.get());
    pinAddresses();
}

// "host:port:a1,a2" for CURLOPT_RESOLVE from the URL and `pinned` (IPv6 in brackets).
void CurlTransfer::pinAddresses() {
    const HttpRequest& r = request_;
    if (r.pinned.empty()) return;
    std::unique_ptr<CURLU, decltype(&curl_url_cleanup)> url(curl_url(), curl_url_cleanup);
    char* host = nullptr;
    char* port = nullptr;
    if (!url || curl_url_set(url.get(), CURLUPART_URL, r.url.c_str(), 0) != CURLUE_OK ||
        curl_url_get(url.get(), CURLUPART_HOST, &host, 0) != CURLUE_OK ||
        curl_url_get(url.get(), CURLUPART_PORT, &port, CURLU_DEFAULT_PORT) != CURLUE_OK) {
        curl_free(host);
        return;  // a URL libcurl cannot read fails on its own when sent
    }
    std::string entry = std::string(host) + ":" + port + ":";
    curl_free(host);
    curl_free(port);
    for (size_t i = 0; i < r.pinned.size(); ++i) {
        const bool v6 = r.pinned[i].find(':') != std::string::npos;
        entry += (i ? "," : "") + (v6 ? "[" + r.pinned[i] + "]" : r.pinned[i]);
    }
    resolve_.reset(curl_slist_append(nullptr, entry.c_str()));
    if (!resolve_) throw std::bad_alloc();
    curl_easy_setopt(easy_.get(), CURLOPT_RESOLVE, resolve_.get());
}

void CurlTransfer::setCallbacks() {
    CURL* e = easy_.get();
    curl_easy_setopt(e, CURLOPT_WRITEFUNCTION, onBody);
    curl_easy_setopt(e, CURLOPT_WRITEDATA, this);
    curl_easy_setopt(e, CURLOPT_HEADERFUNCTION, onHeader);
    curl_easy_setopt(e, CURLOPT_HEADERDATA, this);
    curl_easy_setopt(e, CURLOPT_OPENSOCKETFUNCTION, onOpenSocket);
    curl_easy_setopt(e, CURLOPT_OPENSOCKETDATA, this);
    curl_easy_setopt(e, CURLOPT_PREREQFUNCTION, onPrereq);
    curl_easy_setopt(e, CURLOPT_PREREQDATA, this);
}

size_t CurlTransfer::onBody(char* data, size_t size, size_t n, void* self) {
    auto* t = static_cast<CurlTransfer*>(self);
    const size_t bytes = size * n;
    if (t->result_.body.size() + bytes > t->request_.max_body_bytes) {
        t->body_too_big_ = true;
        return 0;  // aborts the transfer: a cap, not a truncation
    }
    t->result_.body.append(data, bytes);
    return bytes;
}

size_t CurlTransfer::onHeader(char* data, size_t size, size_t n, void* self) {
    auto* t = static_cast<CurlTransfer*>(self);
    const size_t bytes = size * n;
    std::string_view line(data, bytes);
    // A status line opens a new response (a redirect hop, a 100 Continue):
    // only the last response's headers are reported.
    if (line.substr(0, 5) == "HTTP/") {
        t->result_.headers.clear();
        t->header_bytes_ = 0;
    }
    t->header_bytes_ += bytes;
    if (t->header_bytes_ > t->options_.max_header_bytes) {
        t->headers_too_big_ = true;
        return 0;
    }
    const size_t colon = line.find(':');
    if (colon != std::string_view::npos && line.substr(0, 5) != "HTTP/")
        t->result_.headers.emplace_back(std::string(line.substr(0, colon)),
                                        std::string(trimmed(line.substr(colon + 1))));
    return bytes;
}

curl_socket_t CurlTransfer::onOpenSocket(void* self, curlsocktype, curl_sockaddr* address) {
    auto* t = static_cast<CurlTransfer*>(self);
    // The address libcurl is about to connect to: after DNS (so a rebound name
    // is judged by what it resolves to now), for every redirect hop, for every
    // address of a name libcurl tries.
    guard::GuardVerdict v = t->guard_.check(&address->addr);
    if (!v) {
        if (t->refusal_.empty()) t->refusal_ = v.reason();
        return CURL_SOCKET_BAD;  // libcurl tries the name's next address, if any
    }
    return socket(address->family, address->socktype | SOCK_CLOEXEC, address->protocol);
}

int CurlTransfer::onPrereq(void* self, char* peer_ip, char*, int, int) {
    auto* t = static_cast<CurlTransfer*>(self);
    // Runs before each request is sent, on new and reused connections alike:
    // a second look at the peer, in case a pooled connection was opened under
    // another guard.
    auto peer = net::IpAddress::parse(peer_ip ? peer_ip : "");
    guard::GuardVerdict v = peer ? t->guard_.check(*peer) : guard::GuardVerdict{};
    if (!v) {
        t->refusal_ = peer ? v.reason() : "refused: the peer address is unknown";
        return CURL_PREREQFUNC_ABORT;
    }
    t->refusal_.clear();  // an address refused earlier was skipped; this one passed
    return CURL_PREREQFUNC_OK;
}

HttpResult CurlTransfer::finish(CURLcode code) {
    CURL* e = easy_.get();
    curl_easy_getinfo(e, CURLINFO_RESPONSE_CODE, &result_.status);
    char* ip = nullptr;
    if (curl_easy_getinfo(e, CURLINFO_PRIMARY_IP, &ip) == CURLE_OK && ip) result_.peer_address = ip;
    curl_easy_getinfo(e, CURLINFO_PRIMARY_PORT, &result_.peer_port);
    long version = 0;
    curl_easy_getinfo(e, CURLINFO_HTTP_VERSION, &version);
    if (result_.status) result_.http_version = versionText(version);
    curl_off_t total_us = 0;
    curl_easy_getinfo(e, CURLINFO_TOTAL_TIME_T, &total_us);
    result_.elapsed_ms = total_us / 1000;
    result_.elapsed_us = total_us;
    curl_easy_getinfo(e, CURLINFO_NUM_CONNECTS, &result_.connections_opened);
    if (code != CURLE_OK) {
        result_.error = describe(code);
        result_.body.clear();  // a partial body is not an answer
    }
    return std::move(result_);
}

std::string CurlTransfer::describe(CURLcode code) const {
    const std::string_view detail = error_;
    auto says = [&](std::string_view what) { return detail.find(what) != std::string_view::npos; };
    if (!refusal_.empty() && (code == CURLE_COULDNT_CONNECT || code == CURLE_ABORTED_BY_CALLBACK)) return refusal_;
    if (body_too_big_ || code == CURLE_FILESIZE_EXCEEDED)
        return "body over " + std::to_string(request_.max_body_bytes) + " bytes";
    if (headers_too_big_) return "headers over " + std::to_string(options_.max_header_bytes) + " bytes";
    switch (code) {
        case CURLE_OPERATION_TIMEDOUT:
            return "timeout after " + std::to_string(request_.timeout_ms) + " ms";
        case CURLE_TOO_MANY_REDIRECTS:
            return "too many redirects (limit " + std::to_string(request_.max_redirects) + ")";
        case CURLE_UNSUPPORTED_PROTOCOL:
            // Only a redirect gets here: the first URL's scheme was checked before.
            if (!request_.allow_http && says("http")) return "http is not allowed for this upstream";
            return "redirect to a scheme other than http or https";
        case CURLE_COULDNT_RESOLVE_HOST:
            return "cannot resolve the host name";
        case CURLE_COULDNT_CONNECT:
            if (says("Connection refused")) return "connection failed: connection refused";
            if (says("No route to host")) return "connection failed: no route to host";
            if (says("Network is unreachable")) return "connection failed: network unreachable";
            return "connection failed";
        case CURLE_PEER_FAILED_VERIFICATION: {
            if (says("subject name") || says("does not match")) return "TLS: the certificate does not name the host";
            constexpr std::string_view kProblem = "SSL certificate problem: ";
            if (detail.substr(0, kProblem.size()) == kProblem)
                return "TLS: certificate verify failed: " + std::string(detail.substr(kProblem.size()));
            return "TLS: certificate verify failed";
        }
        case CURLE_SSL_CONNECT_ERROR:
            return "TLS: handshake failed";
        case CURLE_GOT_NOTHING:
            return "the server closed the connection without answering";
        default:
            return curl_easy_strerror(code);
    }
}

}  // namespace ipfacts::facilities::http
