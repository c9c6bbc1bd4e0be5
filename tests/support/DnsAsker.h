// DnsAsker: a test's DNS client for the leak responder, on loopback only:
// builds a question (the name in the case given, a type, optionally an EDNS
// Client Subnet), sends it over UDP from a chosen 127.x.y.z source or over
// TCP, and reads the reply's rcode, flags, echoed name and answer addresses.
// Also finds a port free for both UDP and TCP. Header-only.
#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

namespace ipfacts::testing {

struct DnsReplyRead {
    int rcode = -1;
    bool aa = false;
    bool tc = false;
    uint16_t id = 0;
    std::string name;                    // the question's name as echoed
    std::vector<std::string> addresses;  // A and AAAA answers, as text
    int answers = 0;
    int authority = 0;
    size_t size = 0;
};

inline std::string dnsQuestion(uint16_t id, const std::string& name, uint16_t qtype, const std::string& subnet_v4 = "",
                               int subnet_prefix = 24) {
    std::string m;
    auto put16 = [&m](uint16_t v) {
        m.push_back(static_cast<char>(v >> 8));
        m.push_back(static_cast<char>(v & 0xFF));
    };
    put16(id);
    put16(0x0100);  // RD
    put16(1);
    put16(0);
    put16(0);
    put16(subnet_v4.empty() ? 0 : 1);
    size_t at = 0;
    while (at < name.size()) {
        size_t dot = name.find('.', at);
        if (dot == std::string::npos) dot = name.size();
        m.push_back(static_cast<char>(dot - at));
        m.append(name, at, dot - at);
        at = dot + 1;
    }
    m.push_back('\0');
    put16(qtype);
    put16(1);
    if (!subnet_v4.empty()) {
        in_addr a{};
        inet_pton(AF_INET, subnet_v4.c_str(), &a);
        const size_t bytes = (static_cast<size_t>(subnet_prefix) + 7) / 8;
        m.push_back('\0');
        put16(41);
        put16(1232);
        put16(0);
        put16(0);
        put16(static_cast<uint16_t>(8 + bytes));
        put16(8);
        put16(static_cast<uint16_t>(4 + bytes));
        put16(1);
        m.push_back(static_cast<char>(subnet_prefix));
        m.push_back('\0');
        m.append(reinterpret_cast<const char*>(&a), bytes);
    }
    return m;
}

inline std::optional<DnsReplyRead> readDnsReply(const std::string& r) {
    if (r.size() < 12) return std::nullopt;
    auto u16 = [&r](size_t at) {
        return static_cast<uint16_t>(static_cast<unsigned char>(r[at]) << 8 | static_cast<unsigned char>(r[at + 1]));
    };
    DnsReplyRead out;
    out.size = r.size();
    out.id = u16(0);
    out.rcode = u16(2) & 0xF;
    out.aa = u16(2) & 0x0400;
    out.tc = u16(2) & 0x0200;
    out.answers = u16(6);
    out.authority = u16(8);
    size_t at = 12;
    while (at < r.size() && r[at] != 0) {
        const size_t len = static_cast<unsigned char>(r[at]);
        if (!out.name.empty()) out.name += '.';
        out.name.append(r, at + 1, len);
        at += 1 + len;
    }
    at += 5;  // root, type, class
    for (int i = 0; i < out.answers && at + 12 <= r.size(); ++i) {
        const uint16_t type = u16(at + 2);
        const uint16_t len = u16(at + 10);
        at += 12;
        char text[INET6_ADDRSTRLEN] = {};
        if (type == 1 && len == 4) out.addresses.push_back(inet_ntop(AF_INET, r.data() + at, text, sizeof text));
        if (type == 28 && len == 16) out.addresses.push_back(inet_ntop(AF_INET6, r.data() + at, text, sizeof text));
        at += len;
    }
    return out;
}

/// Sends `question` over UDP from `source` (127.x.y.z) to 127.0.0.1:`port`;
/// the reply, or nothing within `timeout_ms`.
inline std::optional<DnsReplyRead> askUdp(int port, const std::string& question,
                                          const std::string& source = "127.0.0.1", int timeout_ms = 1000) {
    const int fd = ::socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    sockaddr_in from{};
    from.sin_family = AF_INET;
    inet_pton(AF_INET, source.c_str(), &from.sin_addr);
    ::bind(fd, reinterpret_cast<sockaddr*>(&from), sizeof from);
    sockaddr_in to{};
    to.sin_family = AF_INET;
    to.sin_port = htons(static_cast<uint16_t>(port));
    inet_pton(AF_INET, "127.0.0.1", &to.sin_addr);
    ::sendto(fd, question.data(), question.size(), 0, reinterpret_cast<sockaddr*>(&to), sizeof to);
    pollfd p{fd, POLLIN, 0};
    std::optional<DnsReplyRead> out;
    if (::poll(&p, 1, timeout_ms) == 1) {
        char buf[4096];
        const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
        if (n > 0) out = readDnsReply(std::string(buf, static_cast<size_t>(n)));
    }
    ::close(fd);
    return out;
}

/// Sends every one of `questions` at once over UDP from `source`, then reads
/// replies until `wait_ms` passes without one; returns how many came back.
inline int burstUdp(int port, const std::vector<std::string>& questions, const std::string& source, int wait_ms) {
    const int fd = ::socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    sockaddr_in from{};
    from.sin_family = AF_INET;
    inet_pton(AF_INET, source.c_str(), &from.sin_addr);
    ::bind(fd, reinterpret_cast<sockaddr*>(&from), sizeof from);
    sockaddr_in to{};
    to.sin_family = AF_INET;
    to.sin_port = htons(static_cast<uint16_t>(port));
    inet_pton(AF_INET, "127.0.0.1", &to.sin_addr);
    for (const auto& q : questions) ::sendto(fd, q.data(), q.size(), 0, reinterpret_cast<sockaddr*>(&to), sizeof to);
    int replies = 0;
    pollfd p{fd, POLLIN, 0};
    char buf[4096];
    while (::poll(&p, 1, wait_ms) == 1 && ::recv(fd, buf, sizeof buf, 0) > 0) ++replies;
    ::close(fd);
    return replies;
}

/// Sends `question` over a new TCP connection to 127.0.0.1:`port`.
inline std::optional<DnsReplyRead> askTcp(int port, const std::string& question, int timeout_ms = 1000) {
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in to{};
    to.sin_family = AF_INET;
    to.sin_port = htons(static_cast<uint16_t>(port));
    inet_pton(AF_INET, "127.0.0.1", &to.sin_addr);
    std::optional<DnsReplyRead> out;
    if (::connect(fd, reinterpret_cast<sockaddr*>(&to), sizeof to) == 0) {
        std::string framed{static_cast<char>(question.size() >> 8), static_cast<char>(question.size() & 0xFF)};
        framed += question;
        ::send(fd, framed.data(), framed.size(), MSG_NOSIGNAL);
        std::string in;
        pollfd p{fd, POLLIN, 0};
        while (::poll(&p, 1, timeout_ms) == 1) {
            char buf[4096];
            const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
            if (n <= 0) break;
            in.append(buf, static_cast<size_t>(n));
            if (in.size() >= 2 && in.size() >= 2u + static_cast<size_t>(static_cast<unsigned char>(in[0]) << 8 |
                                                                        static_cast<unsigned char>(in[1])))
                break;
        }
        if (in.size() > 2) out = readDnsReply(in.substr(2));
    }
    ::close(fd);
    return out;
}

/// A port of 127.0.0.1 free for both UDP and TCP a moment ago.
inline int freeDnsPort() {
    for (int attempt = 0; attempt < 50; ++attempt) {
        const int u = ::socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        inet_pton(AF_INET, "127.0.0.1", &a.sin_addr);
        socklen_t len = sizeof a;
        ::bind(u, reinterpret_cast<sockaddr*>(&a), sizeof a);
        ::getsockname(u, reinterpret_cast<sockaddr*>(&a), &len);
        const int t = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        const bool ok = ::bind(t, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0;
        ::close(t);
        ::close(u);
        if (ok) return ntohs(a.sin_port);
    }
    return 0;
}

}  // namespace ipfacts::testing
