// HttpConnection: one client socket — its buffers, its HTTP/1.1 parser
// (Debian's http-parser, not a hand-written one) and, on a TLS listener, its
// OpenSSL session. The event loop drives it; it knows nothing of routes.
#pragma once

#include "host/manifest/Manifest.h"
#include "host/net/IpAddress.h"
#include "host/pipeline/ConnectionRtt.h"
#include "host/pipeline/Exchange.h"
#include "host/ratelimit/ServiceClock.h"
#include "host/server/ConnectionState.h"
#include "host/server/WorkerTicket.h"

#include <http_parser.h>
#include <openssl/ssl.h>

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace ipfacts::server {

class HttpConnection {
public:
    enum class Io { Progress, WouldBlock, Closed };
    enum class Parse { NeedMore, Request, Error };

    /// Takes ownership of `fd` (and of `ssl` when not null). Its times come
    /// from `clock` (the event loop's), which must outlive it.
    HttpConnection(int fd, const net::IpAddress& peer, SSL* ssl, const manifest::ServerSpec& limits,
                   uint64_t generation, const ratelimit::ServiceClock& clock);
    ~HttpConnection();
    HttpConnection(const HttpConnection&) = delete;
    HttpConnection& operator=(const HttpConnection&) = delete;

    int fd() const { return fd_; }
    const net::IpAddress& peer() const { return peer_; }
    uint64_t generation() const { return generation_; }

    /// Reads what the socket has (completing a TLS handshake first).
    Io readSome();
    /// Parses buffered bytes up to the end of the next request.
    Parse parse();
    /// After Parse::Error: the status, token and message to answer with.
    int errorStatus() const { return error_status_; }
    std::string_view errorToken() const { return error_token_; }
    std::string_view errorMessage() const { return error_message_; }

    /// Fills `req` with views of the parsed request (valid until consumeRequest).
    void describe(pipeline::HttpRequest& req) const;
    bool keepAlive() const { return keep_alive_; }
    /// Forgets the request just answered and readies the parser for the next.
    void consumeRequest();
    /// Bytes of a request begun but not complete are buffered.
    bool midRequest() const { return message_begun_; }
    /// Bytes have arrived (even empty lines) since the last complete request:
    /// the header time-out runs from headStartedAt().
    bool headPending() const { return head_pending_ && !message_done_; }
    int64_t headStartedAt() const { return head_started_at_; }

    std::string& output() { return out_; }
    /// Writes buffered output. Progress when all is written.
    Io flush();
    bool hasPendingOutput() const { return out_off_ < out_.size(); }
    size_t pendingOutput() const { return out_.size() - out_off_; }
    /// True while the TLS layer wants the socket writable to go on reading.
    bool wantsWrite() const { return ssl_wants_write_; }

    // What the loop keeps per connection.
    ConnectionLifecycle state;                     // where it is: reading, away on a hand-off, closing...
    std::unique_ptr<pipeline::Exchange> exchange;  // the request away from the loop (a hand-off)
    std::shared_ptr<WorkerTicket> ticket;          // while OnWorker or Deferred
    bool hung_up = false;                          // the client went away while the request was away
    int64_t last_activity = 0;                     // monotonic seconds of the loop's clock
    uint32_t epoll_events = 0;                     // what the loop registered

private:
    struct Span {
        size_t off = 0, len = 0;
    };
    struct HeaderSpan {
        Span name, value;
    };
    static int onMessageBegin(http_parser* p);
    static int onUrl(http_parser* p, const char* at, size_t len);
    static int onHeaderField(http_parser* p, const char* at, size_t len);
    static int onHeaderValue(http_parser* p, const char* at, size_t len);
    static int onHeadersComplete(http_parser* p);
    static int onBody(http_parser* p, const char* at, size_t len);
    static int onMessageComplete(http_parser* p);
    static const http_parser_settings kSettings;

    void extend(Span& s, const char* at, size_t len);
    int fail(int status, const char* token, const char* message);
    int checkFields(unsigned minor);
    static bool isTokenChar(char ch);
    /// True when a line break lies between the end of header `name` and the
    /// first byte of its `value` in `in`: a value folded onto the next line.
    static bool foldedBefore(const std::string& in, const Span& name, const char* value);
    void resetMessage();
    int64_t nowSeconds() const { return clock_.monotonicMicros() / 1'000'000; }

    int fd_;
    mutable pipeline::ConnectionRtt rtt_{fd_};  // lent to each request by describe()
    SSL* ssl_;
    bool handshake_done_;
    bool ssl_wants_write_ = false;
    net::IpAddress peer_;
    const manifest::ServerSpec& limits_;
    uint64_t generation_;
    const ratelimit::ServiceClock& clock_;

    http_parser parser_{};
    std::string in_;
    size_t parsed_ = 0;  // bytes of in_ the parser has consumed
    std::string out_;
    size_t out_off_ = 0;

    // The message being parsed.
    Span url_;
    std::vector<HeaderSpan> headers_;
    bool last_was_value_ = false;
    bool message_begun_ = false;
    bool message_done_ = false;
    bool keep_alive_ = true;
    size_t body_bytes_ = 0;
    std::string body_;  // a POST's body, chunks joined
    bool head_pending_ = false;
    int64_t head_started_at_ = 0;
    std::string_view method_, protocol_;

    int error_status_ = 0;
    const char* error_token_ = "";
    const char* error_message_ = "";
};

/// Monotonic seconds of the real clock.
int64_t monotonicSeconds();

}  // namespace ipfacts::server
