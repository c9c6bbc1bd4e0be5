// HttpClient: a raw HTTP/1.1 client for the integration suite. It sends
// exactly the bytes a test writes (header order, malformed requests,
// pipelining) and reads responses framed by Content-Length, over plain TCP
// or TLS, IPv4 or IPv6, from a chosen loopback source address.
#pragma once

#include <openssl/ssl.h>

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ipfacts::testing {

struct HttpReply {
    int status = 0;
    std::string reason;                                        // the status line's reason phrase
    std::vector<std::pair<std::string, std::string>> headers;  // as received
    std::string body;

    /// First header named `name` (case-insensitive).
    std::optional<std::string> header(const std::string& name) const;
    /// How many header lines are named `name` (case-insensitive).
    size_t headerCount(const std::string& name) const;
};

class HttpClient {
public:
    /// Connects to host:port. `source` binds the local end (e.g. "127.0.0.2").
    /// Throws std::runtime_error on failure.
    HttpClient(const std::string& host, int port, bool tls = false, const std::string& source = "");
    ~HttpClient();
    HttpClient(const HttpClient&) = delete;
    HttpClient& operator=(const HttpClient&) = delete;

    void sendRaw(const std::string& bytes);
    /// Reads one response; nullopt when the server closed first or time ran out.
    /// `head` says the request was HEAD (no body follows whatever the length).
    /// The connection's socket (to see whether an answer has arrived).
    int fd() const { return fd_; }
    std::optional<HttpReply> read(bool head = false, std::chrono::milliseconds timeout = std::chrono::seconds(5));
    /// True when the server closes the connection within `timeout`.
    bool closedByServer(std::chrono::milliseconds timeout);
    /// The negotiated TLS version ("TLSv1.3"), or "" for plain TCP.
    std::string tlsVersion() const;

    /// GET `target` with the given extra header lines ("Name: value").
    HttpReply get(const std::string& target, const std::vector<std::string>& headers = {},
                  const std::string& method = "GET");
    /// POST `body` (a form unless a Content-Type header line says otherwise) to `target`.
    HttpReply post(const std::string& target, const std::string& body, const std::vector<std::string>& headers = {});

private:
    bool fill(std::chrono::steady_clock::time_point deadline);
    int fd_ = -1;
    int port_ = 0;  // exchanges with the suite's own service are recorded
    SSL_CTX* ctx_ = nullptr;
    SSL* ssl_ = nullptr;
    std::string buf_;
};

/// One-shot GET on a new connection to the service under test.
HttpReply get(const std::string& target, const std::vector<std::string>& headers = {});

/// Percent-encodes a query value.
std::string urlEncode(const std::string& s);

}  // namespace ipfacts::testing
