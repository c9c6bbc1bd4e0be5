#include "host/facilities/connect/ExchangeRun.h"

#include "host/facilities/connect/RequestCheck.h"

#include <poll.h>
#include <sys/socket.h>

#include <cerrno>
#include <cstring>
#include <exception>

namespace ipfacts::facilities::connect {

std::string exchangeProblem(const TcpExchangeRequest& r) {
    if (r.port == 0) return "port is required (1-65535)";
    if (r.host.empty()) return "a host name or an address is required";
    if (!net::IpAddress::parse(r.host) && !isHostName(r.host)) return "host '" + r.host + "' is not a host name";
    return "";
}

ExchangeRun::ExchangeRun(const guard::AddressGuard& guard, TcpExchangeRequest request)
    : StepRun(request.timeout_ms), guard_(guard), request_(std::move(request)) {
    guarded([this] { start(); });
}

void ExchangeRun::start() {
    if (std::string why = exchangeProblem(request_); !why.empty()) return finish(why);
    dial_.emplace(guard_, request_.host, request_.port);
    step(0);
}

void ExchangeRun::step(short revents) {
    if (socket_) return written_ < request_.payload.size() ? writeSome() : readSome();
    wait_ = dial_->advance(revents);
    if (!wait_.finished()) return;
    result_.attempts = dial_->attempts();
    if (!dial_->connected()) return finish(dial_->error());
    result_.peer_address = dial_->peerAddress();
    result_.peer_port = dial_->port();
    socket_ = dial_->takeSocket();
    writeSome();
}

void ExchangeRun::writeSome() {
    while (written_ < request_.payload.size()) {
        ssize_t n =
            ::send(socket_.get(), request_.payload.data() + written_, request_.payload.size() - written_, MSG_NOSIGNAL);
        if (n > 0) {
            written_ += static_cast<size_t>(n);
            continue;
        }
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            wait_ = Wait{socket_.get(), POLLOUT};
            return;
        }
        if (n < 0 && errno == EINTR) continue;
        return finish(std::string("write failed: ") + std::strerror(errno));
    }
    readSome();
}

void ExchangeRun::readSome() {
    char buf[16384];
    for (;;) {
        ssize_t n = ::recv(socket_.get(), buf, sizeof buf, 0);
        if (n > 0) {
            size_t room = request_.max_bytes - result_.response.size();
            result_.response.append(buf, std::min(room, static_cast<size_t>(n)));
            if (static_cast<size_t>(n) > room)
                return finish("response over " + std::to_string(request_.max_bytes) + " bytes");
            continue;
        }
        if (n == 0) return finish("");  // the server closed: the answer is complete
        if (errno == EINTR) continue;
        if (errno == EAGAIN || errno == EWOULDBLOCK) {
            wait_ = Wait{socket_.get(), POLLIN};
            return;
        }
        return finish(errno == ECONNRESET ? "connection reset by the server"
                                          : std::string("read failed: ") + std::strerror(errno));
    }
}

void ExchangeRun::finish(const std::string& error) {
    if (dial_) result_.attempts = dial_->attempts();
    result_.error = error;
    result_.elapsed_ms = elapsedMs();
    wait_ = Wait::none();
    socket_.reset();
    dial_.reset();
}

}  // namespace ipfacts::facilities::connect
