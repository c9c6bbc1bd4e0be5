#include "SslCheck.h"

#include "CertificateReader.h"
#include "HttpsReading.h"
#include "PassingFailure.h"

#include <ipfacts/dns_answers.hpp>
#include <ipfacts/dns_rcode.hpp>

#include <algorithm>

namespace ipfacts::ssl {
namespace {

std::optional<std::string> nonEmpty(const std::string& s) {
    return s.empty() ? std::nullopt : std::optional<std::string>(s);
}

// Fills `addresses` (A then AAAA, each once); the reason when it stays
// empty or some question failed.
void resolveAddresses(const Host& host, SslFacts& f) {
    const std::vector<DnsQuestion> questions = addressQuestions(f.host.ascii);
    const DnsAnswers answers = host.resolve(questions);
    if (!answers.ok()) {
        f.reasons.add("addresses", std::string(answers.reason()));
        f.transient = true;
        return;
    }
    std::vector<std::string> failures;
    bool nxdomain = false;
    for (size_t i = 0; i < answers.size() && i < questions.size(); ++i) {
        if (std::optional<std::string> why = answerFailure(answers[i]))
            failures.push_back("the " + questions[i].type + " lookup failed: " + *why);
        nxdomain = nxdomain || answers[i].rcode() == kRcodeNxDomain;
        for (const Address& a : addressesOf(answers[i], questions[i].type == "AAAA" ? 6 : 4))
            if (std::find(f.addresses.begin(), f.addresses.end(), a) == f.addresses.end()) f.addresses.push_back(a);
    }
    f.transient = f.transient || !failures.empty();
    std::string why;
    for (const std::string& failure : failures) why += (why.empty() ? "" : "; ") + failure;
    if (why.empty() && f.addresses.empty())
        why = nxdomain ? "the host name does not exist (NXDOMAIN)" : "the host name has no A or AAAA record";
    if (!why.empty()) f.reasons.add("addresses", why);
}

TlsProbeCall probeCall(const SslSettings& s, const std::string& name, const Address& address, int version) {
    TlsProbeCall c;
    c.server_name = name;
    c.address = address.text();
    c.port = s.port;
    c.min_version = version;
    c.max_version = version;
    c.timeout_ms = s.probeTimeoutMs;
    return c;
}

// The connect facility's words for an address its guard refused: no socket was made.
bool refusedByGuard(const TlsProbeReply& r) { return r.error.rfind("refused: ", 0) == 0; }

std::string withPort(const std::string& address, int port) {
    const bool v6 = address.find(':') != std::string::npos;
    return (v6 ? "[" + address + "]" : address) + ":" + std::to_string(port);
}

void readProbe(const TlsProbeReply& r, SslFacts& f) {
    f.probe.negotiatedVersion = nonEmpty(r.version);
    f.probe.cipherSuite = nonEmpty(r.cipher);
    f.probe.alert = r.alert_received;
    f.probe.error = nonEmpty(r.error);
    f.probe.elapsedMs = r.elapsed_ms;
    if (!r.peer_address.empty()) f.connectedAddress = withPort(r.peer_address, r.peer_port ? r.peer_port : f.port);
    f.chainLength = r.chain.size();
    if (r.chain.empty()) return;
    f.certificate = readCertificate(r.chain.front());
    f.probe.certificateRead = f.certificate.has_value();
    f.chain = diagnoseChain(r.chain, r.verify_code, r.verify_text, f.now);
}

void readTls13(const TlsProbeReply& r, SslFacts& f) {
    f.tls13.supported = r.ok() && r.version_code == IPF_TLS_1_3;
    f.tls13.cipherSuite = nonEmpty(r.cipher);
    f.tls13.group = r.group;
    f.tls13.alert = r.alert_received;
    f.tls13.error = nonEmpty(r.error);
}

void explainMissingCertificate(SslFacts& f) {
    if (f.certificate) return;
    std::string why = "the server sent no certificate";
    if (f.chainLength > 0)
        why = "the server's certificate is not a DER X.509 certificate";
    else if (f.probe.error && f.tls13.supported)
        why = "the server refused TLS 1.2 (it speaks TLS 1.3): " + *f.probe.error;
    else if (f.probe.error)
        why = "the TLS 1.2 handshake failed: " + *f.probe.error;
    f.reasons.add("certificate", why);
}

// The replies kept; when no probe was made, two that failed with the reason,
// so the body reads as for a handshake that failed.
std::vector<TlsProbeReply> repliesOf(const TlsProbeReplies& replies) {
    if (replies.ok()) return replies.keep();
    TlsProbeReply none;
    none.error = std::string(replies.reason());
    return {none, none};
}

// Both handshakes at once with each address in turn, until one the guard
// accepts: a refused address costs no socket and no time.
void probeAddresses(const Host& host, const SslSettings& s, SslFacts& f) {
    std::vector<std::string> refusals;
    for (size_t i = 0; i < f.addresses.size() && i < kMaxAddressesTried; ++i) {
        const Address& a = f.addresses[i];
        const std::vector<TlsProbeReply> replies = repliesOf(tlsProbeAll(
            host, {probeCall(s, f.host.ascii, a, IPF_TLS_1_2), probeCall(s, f.host.ascii, a, IPF_TLS_1_3)}));
        if (refusedByGuard(replies[0])) {
            refusals.push_back(replies[0].error);
            continue;
        }
        readProbe(replies[0], f);
        readTls13(replies[1], f);
        return;
    }
    std::string why;
    for (const std::string& r : refusals) why += (why.empty() ? "" : "; ") + r;
    f.probe.error = why.empty() ? "not connected: no address was tried" : why;
    f.tls13.error = f.probe.error;
}

}  // namespace

SslFacts checkSsl(const Host& host, const SslSettings& settings, const HostName& name) {
    SslFacts f;
    f.host = name;
    f.port = settings.port;
    f.now = host.nowMs() / 1000;
    resolveAddresses(host, f);
    if (f.addresses.empty()) {
        const std::optional<std::string_view> why = f.reasons.find("addresses");
        f.probe.error = "not connected: " + std::string(why ? *why : "the host name has no address");
        f.tls13.error = f.probe.error;
    } else {
        probeAddresses(host, settings, f);
    }
    if (f.certificate)
        f.hostnameMatch =
            matchHostname(name.ascii, f.certificate->sans, f.certificate->subjectCommonName, settings.publicSuffixes);
    explainMissingCertificate(f);
    f.https = readHttps(host, name.ascii, settings.port, settings.httpsTimeoutMs);
    for (const std::optional<std::string>* error : {&f.probe.error, &f.tls13.error, &f.https.error})
        f.transient = f.transient || (*error && isPassingFailure(**error));
    return f;
}

}  // namespace ipfacts::ssl
