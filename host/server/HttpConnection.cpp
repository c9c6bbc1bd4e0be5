#include "host/server/HttpConnection.h"

#include <errno.h>
#include <sys/socket.h>
#include <unistd.h>

#include <openssl/err.h>

#include <strings.h>
#include <algorithm>
#include <array>
#include <cctype>
#include <chrono>
#include <cstring>

namespace ipfacts::server {
namespace {
constexpr size_t kReadChunk = 16384;
// Buffers larger than this are released once empty rather than kept for reuse.
constexpr size_t kKeptCapacity = 4096;
HttpConnection* self(http_parser* p) { return static_cast<HttpConnection*>(p->data); }
}  // namespace

int64_t monotonicSeconds() {
    return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

const http_parser_settings HttpConnection::kSettings = [] {
    http_parser_settings s{};
    s.on_message_begin = &HttpConnection::onMessageBegin;
    s.on_url = &HttpConnection::onUrl;
    s.on_header_field = &HttpConnection::onHeaderField;
    s.on_header_value = &HttpConnection::onHeaderValue;
    s.on_headers_complete = &HttpConnection::onHeadersComplete;
    s.on_body = &HttpConnection::onBody;
    s.on_message_complete = &HttpConnection::onMessageComplete;
    return s;
}();

HttpConnection::HttpConnection(int fd, const net::IpAddress& peer, SSL* ssl, const manifest::ServerSpec& limits,
                               uint64_t generation, const ratelimit::ServiceClock& clock)
    : fd_(fd),
      ssl_(ssl),
      handshake_done_(ssl == nullptr),
      peer_(peer),
      limits_(limits),
      generation_(generation),
      clock_(clock) {
    http_parser_init(&parser_, HTTP_REQUEST);
    parser_.data = this;
    last_activity = nowSeconds();
}

HttpConnection::~HttpConnection() {
    if (ssl_) {
        SSL_shutdown(ssl_);  // best effort close_notify; never waits
        SSL_free(ssl_);
    }
    ::close(fd_);
}

HttpConnection::Io HttpConnection::readSome() {
    if (ssl_ && !handshake_done_) {
        int r = SSL_do_handshake(ssl_);
        if (r != 1) {
            int e = SSL_get_error(ssl_, r);
            ssl_wants_write_ = e == SSL_ERROR_WANT_WRITE;
            if (e == SSL_ERROR_WANT_READ || e == SSL_ERROR_WANT_WRITE) return Io::WouldBlock;
            ERR_clear_error();
            return Io::Closed;
        }
        handshake_done_ = true;
        ssl_wants_write_ = false;
    }
    bool got = false;
    // Reads land in a per-thread scratch buffer and only the bytes received are
    // kept: a connection holds what it was sent, not a 16 KiB read window, so
    // thousands of idle connections cost little and give it back when closed.
    thread_local std::array<char, kReadChunk> scratch;
    // Plain sockets: one read per readiness (epoll is level-triggered and says
    // so again if more is waiting). TLS: drain, since OpenSSL may hold
    // decrypted bytes epoll cannot see.
    do {
        ssize_t n;
        if (ssl_) {
            int r = SSL_read(ssl_, scratch.data(), static_cast<int>(scratch.size()));
            if (r <= 0) {
                int e = SSL_get_error(ssl_, r);
                ssl_wants_write_ = e == SSL_ERROR_WANT_WRITE;
                if (e == SSL_ERROR_WANT_READ || e == SSL_ERROR_WANT_WRITE) return got ? Io::Progress : Io::WouldBlock;
                ERR_clear_error();
                return Io::Closed;
            }
            n = r;
        } else {
            n = ::recv(fd_, scratch.data(), scratch.size(), 0);
            if (n <= 0) {
                if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) return Io::WouldBlock;
                return Io::Closed;
            }
        }
        in_.append(scratch.data(), static_cast<size_t>(n));
        got = true;
        last_activity = nowSeconds();
        // The header time-out counts from the first byte of a request head,
        // whatever it is: empty lines before a request line count too.
        if (!head_pending_) {
            head_pending_ = true;
            head_started_at_ = last_activity;
        }
    } while (ssl_ && in_.size() < limits_.max_header_bytes + limits_.max_request_line + limits_.max_body_bytes);
    return Io::Progress;
}

HttpConnection::Parse HttpConnection::parse() {
    if (error_status_) return Parse::Error;
    if (parsed_ == in_.size() && !message_done_) return Parse::NeedMore;
    if (!message_done_) {
        size_t n = http_parser_execute(&parser_, &kSettings, in_.data() + parsed_, in_.size() - parsed_);
        parsed_ += n;
        auto err = HTTP_PARSER_ERRNO(&parser_);
        if (error_status_) return Parse::Error;
        if (err != HPE_OK && err != HPE_PAUSED) {
            if (err == HPE_HEADER_OVERFLOW)
                fail(431, "request_too_large", "request headers exceed the server's limit");
            else if (err == HPE_INVALID_VERSION)
                fail(400, "bad_request", "malformed HTTP version");
            else
                fail(400, "bad_request", "malformed HTTP request");
            return Parse::Error;
        }
    }
    if (message_done_) return Parse::Request;
    // Headers not complete yet: refuse to buffer without bound.
    if (message_begun_ && in_.size() > limits_.max_header_bytes + limits_.max_request_line + limits_.max_body_bytes) {
        fail(431, "request_too_large", "request headers exceed the server's limit");
        return Parse::Error;
    }
    return Parse::NeedMore;
}

void HttpConnection::describe(pipeline::HttpRequest& req) const {
    auto at = [this](const Span& s) { return std::string_view(in_.data() + s.off, s.len); };
    req.method = method_;
    req.target = at(url_);
    req.protocol = protocol_;
    req.headers.clear();
    req.headers.reserve(headers_.size());
    for (const auto& h : headers_) {
        std::string_view v = at(h.value);
        while (!v.empty() && (v.back() == ' ' || v.back() == '\t')) v.remove_suffix(1);
        req.headers.push_back({at(h.name), v});
    }
    req.body = body_;
    req.peer = peer_;
    req.tls = ssl_ ? SSL_get_version(ssl_) : "none";
    req.fd = fd_;
    req.rtt = &rtt_;
}

void HttpConnection::consumeRequest() {
    in_.erase(0, parsed_);
    parsed_ = 0;
    // A pipelined request already buffered starts its head time now, at the
    // end of the response before it.
    head_pending_ = !in_.empty();
    head_started_at_ = nowSeconds();
    if (in_.empty() && in_.capacity() > kKeptCapacity) std::string().swap(in_);
    resetMessage();
    http_parser_pause(&parser_, 0);
}

void HttpConnection::resetMessage() {
    url_ = {};
    headers_.clear();
    last_was_value_ = false;
    message_begun_ = false;
    message_done_ = false;
    body_bytes_ = 0;
    body_.clear();
    method_ = {};
    protocol_ = "HTTP/1.1";
}

HttpConnection::Io HttpConnection::flush() {
    while (out_off_ < out_.size()) {
        size_t left = out_.size() - out_off_;
        ssize_t n;
        if (ssl_) {
            int r = SSL_write(ssl_, out_.data() + out_off_, static_cast<int>(left));
            if (r <= 0) {
                int e = SSL_get_error(ssl_, r);
                if (e == SSL_ERROR_WANT_WRITE || e == SSL_ERROR_WANT_READ) return Io::WouldBlock;
                ERR_clear_error();
                return Io::Closed;
            }
            n = r;
        } else {
            n = ::send(fd_, out_.data() + out_off_, left, MSG_NOSIGNAL);
            if (n < 0) {
                if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) return Io::WouldBlock;
                return Io::Closed;
            }
        }
        out_off_ += static_cast<size_t>(n);
        last_activity = nowSeconds();
    }
    out_.clear();
    out_off_ = 0;
    if (out_.capacity() > kKeptCapacity * 16) std::string().swap(out_);  // after a large burst of answers
    return Io::Progress;
}

void HttpConnection::extend(Span& s, const char* at, size_t len) {
    // Pieces of one token arrive contiguously in in_, so growing the span is enough.
    if (s.len == 0) s.off = static_cast<size_t>(at - in_.data());
    s.len += len;
}

int HttpConnection::fail(int status, const char* token, const char* message) {
    error_status_ = status;
    error_token_ = token;
    error_message_ = message;
    return -1;
}

int HttpConnection::onMessageBegin(http_parser* p) {
    auto* c = self(p);
    c->resetMessage();
    c->message_begun_ = true;
    return 0;
}

int HttpConnection::onUrl(http_parser* p, const char* at, size_t len) {
    auto* c = self(p);
    c->extend(c->url_, at, len);
    if (c->url_.len > c->limits_.max_request_line)
        return c->fail(414, "request_too_large", "the request target exceeds the server's limit");
    return 0;
}

int HttpConnection::onHeaderField(http_parser* p, const char* at, size_t len) {
    auto* c = self(p);
    if (c->headers_.empty() || c->last_was_value_) {
        if (c->headers_.size() >= c->limits_.max_header_count)
            return c->fail(431, "request_too_large", "too many request headers");
        c->headers_.emplace_back();
    }
    c->last_was_value_ = false;
    c->extend(c->headers_.back().name, at, len);
    return 0;
}

int HttpConnection::onHeaderValue(http_parser* p, const char* at, size_t len) {
    auto* c = self(p);
    // A value that resumes after a gap was folded onto a second line
    // (obs-fold, RFC 9112 5.2); a server may reject it, and we do.
    const HeaderSpan& h = c->headers_.back();
    const Span& v = h.value;
    if (c->last_was_value_ && v.len != 0 && at != c->in_.data() + v.off + v.len)
        return c->fail(400, "bad_request", "obsolete line folding in a header field is not accepted");
    // The same fold with an empty first line ("Content-Length:" CRLF SP "5")
    // reaches us as one value whose first byte comes after a line break.
    if (v.len == 0 && len != 0 && foldedBefore(c->in_, h.name, at))
        return c->fail(400, "bad_request", "obsolete line folding in a header field is not accepted");
    c->last_was_value_ = true;
    c->extend(c->headers_.back().value, at, len);
    return 0;
}

bool HttpConnection::foldedBefore(const std::string& in, const Span& name, const char* value) {
    const char* gap = in.data() + name.off + name.len;  // the colon and the whitespace after it
    return value > gap && std::find_if(gap, value, [](char ch) { return ch == '\r' || ch == '\n'; }) != value;
}

int HttpConnection::onHeadersComplete(http_parser* p) {
    auto* c = self(p);
    size_t head = 0;
    for (const auto& h : c->headers_) head += h.name.len + h.value.len + 4;
    if (head > c->limits_.max_header_bytes)
        return c->fail(431, "request_too_large", "request headers exceed the server's limit");
    c->method_ = http_method_str(static_cast<http_method>(p->method));
    c->protocol_ = p->http_major == 1 && p->http_minor == 0 ? "HTTP/1.0" : "HTTP/1.1";
    if (p->http_major != 1 || p->http_minor > 1)
        return c->fail(505, "http_version_not_supported", "only HTTP/1.0 and HTTP/1.1 are served");
    if (p->content_length != ULLONG_MAX && p->content_length > c->limits_.max_body_bytes)
        return c->fail(413, "request_too_large", "the request body exceeds the server's limit");
    return c->checkFields(p->http_minor);
}

/// RFC 9110/9112 rules the parser leaves to us: field names are tokens (so
/// "Content-Length : 5" is refused rather than half-understood), and an
/// HTTP/1.1 request names exactly one Host.
int HttpConnection::checkFields(unsigned minor) {
    auto at = [this](const Span& s) { return std::string_view(in_.data() + s.off, s.len); };
    int hosts = 0;
    for (const auto& h : headers_) {
        std::string_view name = at(h.name);
        if (name.empty() || !std::all_of(name.begin(), name.end(), isTokenChar))
            return fail(400, "bad_request", "malformed header field name");
        if (name.size() == 4 && strncasecmp(name.data(), "host", 4) == 0) ++hosts;
    }
    if (minor == 1 && hosts == 0) return fail(400, "bad_request", "an HTTP/1.1 request must carry a Host header");
    if (hosts > 1) return fail(400, "bad_request", "more than one Host header");
    return 0;
}

bool HttpConnection::isTokenChar(char ch) {
    // tchar of RFC 9110 5.6.2: ASCII letters and digits and these marks. A
    // table, not isalnum + strchr: every byte of every header name passes here.
    static constexpr auto kToken = [] {
        std::array<bool, 256> t{};
        for (int c = 0; c < 256; ++c) t[c] = (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
        for (const char* m = "!#$%&'*+-.^_`|~"; *m; ++m) t[static_cast<unsigned char>(*m)] = true;
        return t;
    }();
    return kToken[static_cast<unsigned char>(ch)];
}

int HttpConnection::onBody(http_parser* p, const char* at, size_t len) {
    auto* c = self(p);
    c->body_bytes_ += len;
    // Kept for POST only (the account forms); a GET's body is only counted.
    if (c->parser_.method == HTTP_POST && c->body_bytes_ <= c->limits_.max_body_bytes) c->body_.append(at, len);
    if (c->body_bytes_ > c->limits_.max_body_bytes)
        return c->fail(413, "request_too_large", "the request body exceeds the server's limit");
    return 0;
}

int HttpConnection::onMessageComplete(http_parser* p) {
    auto* c = self(p);
    c->message_done_ = true;
    c->keep_alive_ = http_should_keep_alive(p) != 0;
    http_parser_pause(p, 1);  // one request at a time; pipelined ones wait in in_
    return 0;
}

}  // namespace ipfacts::server
