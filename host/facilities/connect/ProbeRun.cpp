#include "host/facilities/connect/ProbeRun.h"

#include "host/facilities/connect/RequestCheck.h"

#include <poll.h>

#include <exception>

namespace ipfacts::facilities::connect {

ProbeRun::ProbeRun(const guard::AddressGuard& guard, SSL_CTX* ctx, TlsProbeRequest request)
    : StepRun(request.timeout_ms),
      guard_(guard),
      ctx_(ctx),
      request_(std::move(request)) {
    guarded([this] { start(); });
}

void ProbeRun::start() {
    if (std::string why = requestProblem(request_); !why.empty()) return finish(why);
    const std::string& literal = request_.address.empty() ? request_.server_name : request_.address;
    if (auto a = net::IpAddress::parse(literal)) return connectTo({*a});
    lookup_ = std::make_unique<NameLookup>(request_.server_name);
    wait_ = Wait{lookup_->fd(), POLLIN};
}

void ProbeRun::step(short revents) {
    if (tls_) return handshake();
    if (connect_) {
        wait_ = connect_->advance(revents);
        if (!wait_.finished()) return;
        result_.attempts = connect_->attempts();
        if (!connect_->connected()) return finish(connect_->error());
        result_.peer_address = connect_->peerAddress();
        result_.peer_port = connect_->port();
        tls_ = std::make_unique<TlsProbe>(ctx_, connect_->takeSocket(), request_);
        return handshake();
    }
    if (lookup_ && lookup_->done()) {
        if (!lookup_->error().empty()) return finish(lookup_->error());
        auto addresses = lookup_->addresses();
        lookup_.reset();
        connectTo(std::move(addresses));
    }
}

void ProbeRun::connectTo(std::vector<net::IpAddress> addresses) {
    connect_.emplace(guard_, std::move(addresses), request_.port);
    step(0);
}

void ProbeRun::handshake() {
    wait_ = tls_->advance();
    if (wait_.finished()) finish(tls_->error());
}

void ProbeRun::finish(const std::string& error) {
    if (connect_) result_.attempts = connect_->attempts();
    if (tls_) tls_->report(result_);
    result_.error = error;
    result_.elapsed_ms = elapsedMs();
    wait_ = Wait::none();
    // Sockets and the SSL object go now, not when the batch ends.
    tls_.reset();
    connect_.reset();
    lookup_.reset();
}

TlsProbeResult ProbeRun::takeResult() { return std::move(result_); }

}  // namespace ipfacts::facilities::connect
