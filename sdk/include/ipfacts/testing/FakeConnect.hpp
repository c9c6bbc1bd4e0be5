// FakeConnect: the connect facility (ipf_connect_api, ABI 1.4) answering TLS
// probes, and (1.5) plain TCP exchanges (`answer`, `failExchange`), from a script. A test says what a target (the
// probe's address, or its server name when it has none) and port answer; every probe the plugin sends is recorded;
// failures are data in the reply's error, as the host gives them ("timeout after 3000 ms", "TLS alert received:
// protocol version"). No socket is opened. Header-only; see FakeHost.hpp.
//
//   ipfacts::TlsProbeReply ok;
//   ok.version = "TLSv1.3"; ok.version_code = IPF_TLS_1_3; ok.chain = {leafDer};
//   fake.connect.respond("example.com", 443, ok);
#ifndef IPFACTS_TESTING_FAKECONNECT_HPP
#define IPFACTS_TESTING_FAKECONNECT_HPP

#include <ipfacts/testing/FakeSupport.hpp>

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ipfacts::testing {

class FakeConnect {
public:
    FakeConnect() = default;
    FakeConnect(const FakeConnect&) = delete;
    FakeConnect& operator=(const FakeConnect&) = delete;

    std::vector<TlsProbeCall> probes;  ///< every probe tls_probe_all received, in order
    int probeCalls = 0;                ///< tls_probe_all calls
    bool refuses = false;              ///< tls_probe_all records the probes, then returns IPF_INVALID
    /// What a probe nothing is scripted for gets; unset: an error reply
    /// "fake connect: nothing scripted for <target>:<port>".
    std::optional<TlsProbeReply> unlisted;
    int openBatches = 0;  ///< batches handed out and not yet freed

    /// Every probe of `target` (address, or server name) and `port` gets `reply`.
    void respond(std::string_view target, int port, TlsProbeReply reply) {
        script_[keyOf(target, port)] = std::move(reply);
    }
    /// Every probe of `target` and `port` fails with `error` (nothing connected).
    void fail(std::string_view target, int port, std::string error) {
        TlsProbeReply r;
        r.error = std::move(error);
        respond(target, port, std::move(r));
    }

    // ---- what the fake host's ipf_connect_api calls ------------------------

    ipf_status probeAll(const ipf_tls_probe_request* rs, size_t count, ipf_tls_probe_batch** out) {
        ++probeCalls;
        std::vector<TlsProbeReply> replies;
        for (size_t i = 0; i < count; ++i) {
            TlsProbeCall call = TlsProbeCallView(rs[i]).keep();
            replies.push_back(replyTo(call));
            probes.push_back(std::move(call));
        }
        if (refuses) return IPF_INVALID;
        *out = detail::lend<ipf_tls_probe_batch>(std::move(replies), openBatches);
        return IPF_OK;
    }

    static size_t batchSize(const ipf_tls_probe_batch* b) {
        return detail::lentSize<ipf_tls_probe_batch, TlsProbeReply>(b);
    }
    static const ipf_tls_probe_result* batchResult(const ipf_tls_probe_batch* b, size_t i) {
        return detail::lentItem<ipf_tls_probe_batch, TlsProbeReply>(b, i);
    }
    static void batchFree(ipf_tls_probe_batch* b) { detail::lentFree<ipf_tls_probe_batch, TlsProbeReply>(b); }

    // ---- plain TCP exchanges (since 1.5) ------------------------------------

    std::vector<TcpExchangeCall> exchanges;  ///< every exchange tcp_exchange_all received, in order
    int openExchangeBatches = 0;             ///< exchange batches handed out and not yet freed

    /// Every exchange with `host` and `port` gets `response` (the server closed after it).
    void answer(std::string_view host, int port, std::string response) {
        TcpExchangeReply r;
        r.response = std::move(response);
        r.peer_port = port;
        exchangeScript_[keyOf(host, port)] = std::move(r);
    }
    /// Every exchange with `host` and `port` fails with `error`.
    void failExchange(std::string_view host, int port, std::string error) {
        TcpExchangeReply r;
        r.error = std::move(error);
        exchangeScript_[keyOf(host, port)] = std::move(r);
    }

    ipf_status exchangeAll(const ipf_tcp_exchange_request* rs, size_t count, ipf_tcp_exchange_batch** out) {
        std::vector<TcpExchangeReply> replies;
        for (size_t i = 0; i < count; ++i) {
            TcpExchangeCall call = TcpExchangeCallView(rs[i]).keep();
            auto it = exchangeScript_.find(keyOf(call.host, call.port));
            TcpExchangeReply r;
            if (it != exchangeScript_.end())
                r = it->second;
            else
                r.error = "fake connect: nothing scripted for " + keyOf(call.host, call.port);
            replies.push_back(std::move(r));
            exchanges.push_back(std::move(call));
        }
        if (refuses) return IPF_INVALID;
        *out = detail::lend<ipf_tcp_exchange_batch>(std::move(replies), openExchangeBatches);
        return IPF_OK;
    }
    static size_t exchangeBatchSize(const ipf_tcp_exchange_batch* b) {
        return detail::lentSize<ipf_tcp_exchange_batch, TcpExchangeReply>(b);
    }
    static const ipf_tcp_exchange_result* exchangeBatchResult(const ipf_tcp_exchange_batch* b, size_t i) {
        return detail::lentItem<ipf_tcp_exchange_batch, TcpExchangeReply>(b, i);
    }
    static void exchangeBatchFree(ipf_tcp_exchange_batch* b) {
        detail::lentFree<ipf_tcp_exchange_batch, TcpExchangeReply>(b);
    }

private:
    static std::string keyOf(std::string_view target, int port) {
        return std::string(target) + ':' + std::to_string(port);
    }

    TlsProbeReply replyTo(const TlsProbeCall& call) const {
        const std::string key = keyOf(call.address.empty() ? call.server_name : call.address, call.port);
        auto it = script_.find(key);
        if (it != script_.end()) return it->second;
        if (unlisted) return *unlisted;
        TlsProbeReply none;
        none.error = "fake connect: nothing scripted for " + key;
        return none;
    }

    std::map<std::string, TlsProbeReply> script_;
    std::map<std::string, TcpExchangeReply> exchangeScript_;
};

}  // namespace ipfacts::testing

#endif
