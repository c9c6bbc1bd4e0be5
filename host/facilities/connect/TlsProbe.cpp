#include "host/facilities/connect/TlsProbe.h"

#include "host/net/IpAddress.h"

#include <openssl/err.h>
#include <openssl/x509.h>

#include <poll.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace ipfacts::facilities::connect {
namespace {

/// ALPN's wire form: each protocol prefixed by its length.
std::string alpnWire(const std::vector<std::string>& protocols) {
    std::string out;
    for (const auto& p : protocols) {
        out.push_back(static_cast<char>(p.size()));
        out += p;
    }
    return out;
}

std::string der(X509* cert) {
    int len = i2d_X509(cert, nullptr);
    if (len <= 0) return {};
    std::string out(static_cast<size_t>(len), '\0');
    auto* p = reinterpret_cast<unsigned char*>(out.data());
    i2d_X509(cert, &p);
    return out;
}

}  // namespace

TlsProbe::TlsProbe(SSL_CTX* ctx, UniqueFd socket, const TlsProbeRequest& request)
    : socket_(std::move(socket)), ssl_(SSL_new(ctx)) {
    if (!ssl_) {
        ERR_clear_error();
        throw std::runtime_error("cannot create an OpenSSL connection");
    }
    SSL* s = ssl_.get();
    SSL_set_app_data(s, this);
    SSL_set_info_callback(s, &TlsProbe::onInfo);
    SSL_set_fd(s, socket_.get());
    SSL_set_connect_state(s);
    SSL_set_min_proto_version(s, request.min_version);
    SSL_set_max_proto_version(s, request.max_version);
    // SNI names a host, never an address (RFC 6066 section 3).
    if (!request.server_name.empty() && !net::IpAddress::parse(request.server_name))
        SSL_set_tlsext_host_name(s, request.server_name.c_str());
    SSL_set_tlsext_status_type(s, TLSEXT_STATUSTYPE_ocsp);
    if (!request.alpn.empty()) {
        alpn_wire_ = alpnWire(request.alpn);
        SSL_set_alpn_protos(s, reinterpret_cast<const unsigned char*>(alpn_wire_.data()),
                            static_cast<unsigned>(alpn_wire_.size()));
    }
    ERR_clear_error();
}

TlsProbe::~TlsProbe() {
    SSL_set_info_callback(ssl_.get(), nullptr);
    // A polite close_notify after a finished handshake; one non-blocking try, never a wait.
    if (done_ && error_.empty()) SSL_shutdown(ssl_.get());
    ERR_clear_error();
}

void TlsProbe::onInfo(const SSL* ssl, int where, int ret) {
    if (!(where & SSL_CB_ALERT)) return;
    auto* self = static_cast<TlsProbe*>(SSL_get_app_data(ssl));
    if (!self || self->done_) return;
    std::string& slot = (where & SSL_CB_READ) ? self->alert_received_ : self->alert_sent_;
    if (slot.empty()) slot = SSL_alert_desc_string_long(ret);
}

Wait TlsProbe::advance() {
    if (done_) return Wait::none();
    ERR_clear_error();
    errno = 0;
    int r = SSL_connect(ssl_.get());
    if (r == 1) {
        done_ = true;
        return Wait::none();
    }
    int e = SSL_get_error(ssl_.get(), r);
    if (e == SSL_ERROR_WANT_READ) return Wait{socket_.get(), POLLIN};
    if (e == SSL_ERROR_WANT_WRITE) return Wait{socket_.get(), POLLOUT};
    fail(e);
    ERR_clear_error();
    done_ = true;
    return Wait::none();
}

void TlsProbe::fail(int ssl_error) {
    const int saved_errno = errno;
    const unsigned long err = ERR_peek_error();
    const bool eof = (ssl_error == SSL_ERROR_SYSCALL && saved_errno == 0) || ssl_error == SSL_ERROR_ZERO_RETURN ||
                     (err && ERR_GET_REASON(err) == SSL_R_UNEXPECTED_EOF_WHILE_READING);
    if (!alert_received_.empty())
        error_ = "TLS alert received: " + alert_received_;
    else if (eof)
        error_ = "closed during handshake";
    else if (ssl_error == SSL_ERROR_SYSCALL && saved_errno == ECONNRESET)
        error_ = "connection reset during handshake";
    else if (ssl_error == SSL_ERROR_SYSCALL)
        error_ = std::string("handshake failed: ") + std::strerror(saved_errno);
    else {
        const char* reason = err ? ERR_reason_error_string(err) : nullptr;
        error_ = std::string("handshake failed: ") + (reason ? reason : "unknown reason");
        if (!alert_sent_.empty()) error_ += " (alert sent: " + alert_sent_ + ")";
    }
}

void TlsProbe::report(TlsProbeResult& out) const {
    SSL* s = ssl_.get();
    if (done_ && error_.empty()) {
        out.version = SSL_get_version(s);
        out.version_code = static_cast<uint16_t>(SSL_version(s));
        if (const SSL_CIPHER* c = SSL_get_current_cipher(s)) {
            if (const char* std_name = SSL_CIPHER_standard_name(c)) out.cipher = std_name;
            out.cipher_openssl = SSL_CIPHER_get_name(c);
        }
        if (int group = SSL_get_negotiated_group(s); group != 0)
            if (const char* name = SSL_group_to_name(s, group)) out.group = name;
        const unsigned char* proto = nullptr;
        unsigned proto_len = 0;
        SSL_get0_alpn_selected(s, &proto, &proto_len);
        if (proto) out.alpn.assign(reinterpret_cast<const char*>(proto), proto_len);
    }
    // The chain and the stapled response, also after a failure part way.
    if (STACK_OF(X509)* chain = SSL_get_peer_cert_chain(s)) {
        for (int i = 0; i < sk_X509_num(chain); ++i) out.chain.push_back(der(sk_X509_value(chain, i)));
    }
    if (!out.chain.empty()) {
        // With SSL_VERIFY_NONE OpenSSL still verifies and keeps the outcome.
        out.verify_code = static_cast<int>(SSL_get_verify_result(s));
        out.verify_text = X509_verify_cert_error_string(out.verify_code);
    }
    const unsigned char* ocsp = nullptr;
    long ocsp_len = SSL_get_tlsext_status_ocsp_resp(s, &ocsp);
    if (ocsp && ocsp_len > 0)
        out.ocsp_response.assign(reinterpret_cast<const char*>(ocsp), static_cast<size_t>(ocsp_len));
    out.alert_received = alert_received_;
    out.alert_sent = alert_sent_;
    ERR_clear_error();
}

}  // namespace ipfacts::facilities::connect
