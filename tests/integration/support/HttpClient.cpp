#include "tests/integration/support/HttpClient.h"

#include "tests/integration/support/Service.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <strings.h>
#include <cstring>
#include <stdexcept>

namespace ipfacts::testing {

std::optional<std::string> HttpReply::header(const std::string& name) const {
    for (const auto& [n, v] : headers)
        if (strcasecmp(n.c_str(), name.c_str()) == 0) return v;
    return std::nullopt;
}

size_t HttpReply::headerCount(const std::string& name) const {
    size_t n = 0;
    for (const auto& h : headers) n += strcasecmp(h.first.c_str(), name.c_str()) == 0;
    return n;
}

HttpClient::HttpClient(const std::string& host, int port, bool tls, const std::string& source) : port_(port) {
    bool v6 = host.find(':') != std::string::npos;
    fd_ = ::socket(v6 ? AF_INET6 : AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd_ < 0) throw std::runtime_error("socket failed");
    if (!source.empty()) {
        sockaddr_in src{};
        src.sin_family = AF_INET;
        inet_pton(AF_INET, source.c_str(), &src.sin_addr);
        if (::bind(fd_, reinterpret_cast<sockaddr*>(&src), sizeof src) != 0)
            throw std::runtime_error("cannot bind " + source);
    }
    int rc;
    if (v6) {
        sockaddr_in6 a{};
        a.sin6_family = AF_INET6;
        a.sin6_port = htons(static_cast<uint16_t>(port));
        inet_pton(AF_INET6, host.c_str(), &a.sin6_addr);
        rc = ::connect(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a);
    } else {
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_port = htons(static_cast<uint16_t>(port));
        inet_pton(AF_INET, host.c_str(), &a.sin_addr);
        rc = ::connect(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a);
    }
    if (rc != 0) {
        ::close(fd_);
        throw std::runtime_error("cannot connect to " + host + ":" + std::to_string(port) + ": " +
                                 std::strerror(errno));
    }
    if (tls) {
        ctx_ = SSL_CTX_new(TLS_client_method());
        SSL_CTX_set_verify(ctx_, SSL_VERIFY_NONE, nullptr);  // the suite's own self-signed certificate
        ssl_ = SSL_new(ctx_);
        SSL_set_fd(ssl_, fd_);
        if (SSL_connect(ssl_) != 1) throw std::runtime_error("TLS handshake failed");
    }
}

HttpClient::~HttpClient() {
    if (ssl_) SSL_free(ssl_);
    if (ctx_) SSL_CTX_free(ctx_);
    if (fd_ >= 0) ::close(fd_);
}

std::string HttpClient::tlsVersion() const { return ssl_ ? SSL_get_version(ssl_) : ""; }

void HttpClient::sendRaw(const std::string& bytes) {
    size_t off = 0;
    while (off < bytes.size()) {
        ssize_t n = ssl_ ? SSL_write(ssl_, bytes.data() + off, static_cast<int>(bytes.size() - off))
                         : ::send(fd_, bytes.data() + off, bytes.size() - off, MSG_NOSIGNAL);
        if (n <= 0) throw std::runtime_error("send failed");
        off += static_cast<size_t>(n);
    }
}

bool HttpClient::fill(std::chrono::steady_clock::time_point deadline) {
    if (!ssl_ || SSL_pending(ssl_) == 0) {
        auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) return false;
        pollfd p{fd_, POLLIN, 0};
        if (::poll(&p, 1, static_cast<int>(left.count())) <= 0) return false;
    }
    char tmp[16384];
    ssize_t n = ssl_ ? SSL_read(ssl_, tmp, sizeof tmp) : ::recv(fd_, tmp, sizeof tmp, 0);
    if (n <= 0) return false;
    buf_.append(tmp, static_cast<size_t>(n));
    return true;
}

std::optional<HttpReply> HttpClient::read(bool head, std::chrono::milliseconds timeout) {
    auto deadline = std::chrono::steady_clock::now() + timeout;
    size_t end;
    while ((end = buf_.find("\r\n\r\n")) == std::string::npos)
        if (!fill(deadline)) return std::nullopt;
    HttpReply r;
    std::string headText = buf_.substr(0, end);
    size_t lineEnd = headText.find("\r\n");
    std::string status = headText.substr(0, lineEnd);
    if (status.size() < 12 || status.compare(0, 5, "HTTP/") != 0) return std::nullopt;
    r.status = std::stoi(status.substr(9, 3));
    r.reason = status.size() > 13 ? status.substr(13) : std::string();
    size_t pos = lineEnd == std::string::npos ? headText.size() : lineEnd + 2;
    while (pos < headText.size()) {
        size_t e = headText.find("\r\n", pos);
        if (e == std::string::npos) e = headText.size();
        std::string line = headText.substr(pos, e - pos);
        size_t colon = line.find(':');
        std::string value = colon == std::string::npos ? "" : line.substr(colon + 1);
        while (!value.empty() && value.front() == ' ') value.erase(0, 1);
        r.headers.emplace_back(line.substr(0, colon), value);
        pos = e + 2;
    }
    buf_.erase(0, end + 4);
    size_t length = 0;
    if (auto cl = r.header("Content-Length")) length = std::stoul(*cl);
    if (head || r.status == 204 || r.status == 304) length = 0;
    while (buf_.size() < length)
        if (!fill(deadline)) return std::nullopt;
    r.body = buf_.substr(0, length);
    buf_.erase(0, length);
    return r;
}

bool HttpClient::closedByServer(std::chrono::milliseconds timeout) {
    auto deadline = std::chrono::steady_clock::now() + timeout;
    while (true) {
        auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) return false;
        pollfd p{fd_, POLLIN, 0};
        if (::poll(&p, 1, static_cast<int>(left.count())) <= 0) return false;
        char tmp[4096];
        ssize_t n = ssl_ ? SSL_read(ssl_, tmp, sizeof tmp) : ::recv(fd_, tmp, sizeof tmp, 0);
        if (n <= 0) return true;
        buf_.append(tmp, static_cast<size_t>(n));
    }
}

HttpReply HttpClient::get(const std::string& target, const std::vector<std::string>& headers,
                          const std::string& method) {
    // Host: ipfacts.test unless the test names its own.
    bool own_host = false;
    for (const auto& h : headers) own_host = own_host || strncasecmp(h.c_str(), "host:", 5) == 0;
    std::string req = method + " " + target + " HTTP/1.1\r\n" + (own_host ? "" : "Host: ipfacts.test\r\n");
    for (const auto& h : headers) req += h + "\r\n";
    req += "\r\n";
    sendRaw(req);
    auto r = read(method == "HEAD");
    if (!r) throw std::runtime_error("no response to " + method + " " + target);
    if (Service::instance().serves(port_)) Service::instance().record(method, target, *r);
    return *r;
}

HttpReply HttpClient::post(const std::string& target, const std::string& body,
                           const std::vector<std::string>& headers) {
    bool own_type = false;
    for (const auto& h : headers) own_type = own_type || strncasecmp(h.c_str(), "content-type:", 13) == 0;
    std::string req = "POST " + target + " HTTP/1.1\r\nHost: ipfacts.test\r\n" +
                      (own_type ? "" : "Content-Type: application/x-www-form-urlencoded\r\n") +
                      "Content-Length: " + std::to_string(body.size()) + "\r\n";
    for (const auto& h : headers) req += h + "\r\n";
    req += "\r\n" + body;
    sendRaw(req);
    auto r = read();
    if (!r) throw std::runtime_error("no response to POST " + target);
    if (Service::instance().serves(port_)) Service::instance().record("POST", target, *r);
    return *r;
}

HttpReply get(const std::string& target, const std::vector<std::string>& headers) {
    HttpClient c("127.0.0.1", Service::instance().port());
    return c.get(target, headers);
}

std::string urlEncode(const std::string& s) {
    static const char* hex = "0123456789ABCDEF";
    std::string out;
    for (unsigned char c : s) {
        if (isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~')
            out += static_cast<char>(c);
        else {
            out += '%';
            out += hex[c >> 4];
            out += hex[c & 15];
        }
    }
    return out;
}

}  // namespace ipfacts::testing
