#include "host/facilities/connect/ProbeRun.h"

#include "host/facilities/connect/RequestCheck.h"

#include <poll.h>

#include <exception>

namespace ipfacts::facilities::connect {

ProbeRun::ProbeRun(const guard::AddressGuard& guard, SSL_CTX* ctx, TlsProbeRequest request)
    : StepRun(request.timeout_ms), guard_(guard), ctx_(ctx), request_(std::move(request)) {
    guarded([this] { start(); });
}

void ProbeRun::start() {
    if (std::string why = requestProblem(request_); !why.empty()) return finish(why);
    dial_.emplace(guard_, request_.address.empty() ? request_.server_name : request_.address, request_.port);
    step(0);
}

void ProbeRun::step(short revents) {
    if (tls_) return handshake();
    wait_ = dial_->advance(revents);
    if (!wait_.finished()) return;
    result_.attempts = dial_->attempts();
    if (!dial_->connected()) return finish(dial_->error());
    result_.peer_address = dial_->peerAddress();
    result_.peer_port = dial_->port();
    tls_ = std::make_unique<TlsProbe>(ctx_, dial_->takeSocket(), request_);
    handshake();
}

void ProbeRun::handshake() {
    wait_ = tls_->advance();
    if (wait_.finished()) finish(tls_->error());
}

void ProbeRun::finish(const std::string& error) {
    if (dial_) result_.attempts = dial_->attempts();
    if (tls_) tls_->report(result_);
    result_.error = error;
    result_.elapsed_ms = elapsedMs();
    wait_ = Wait::none();
    // Sockets and the SSL object go now, not when the batch ends.
    tls_.reset();
    dial_.reset();
}

TlsProbeResult ProbeRun::takeResult() { return std::move(result_); }

}  // namespace ipfacts::facilities::connect
