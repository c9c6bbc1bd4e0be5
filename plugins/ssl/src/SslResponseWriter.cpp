#include "SslResponseWriter.h"

#include "SslCheck.h"
#include "Validity.h"

#include <ipfacts/json.hpp>
#include <ipfacts/plugin.hpp>

namespace ipfacts::ssl {
namespace {

std::string iso(int64_t seconds) { return isoUtc(seconds * 1000); }

void writeStrings(JsonWriter& w, std::string_view key, const std::vector<std::string>& items) {
    w.key(key).beginArray();
    for (const std::string& s : items) w.value(s);
    w.endArray();
}

void writeAddresses(JsonWriter& w, const SslFacts& f) {
    w.key("addresses").beginArray();
    for (const Address& a : f.addresses)
        w.beginObject().field("address", a.text()).field("family", a.version == 6 ? "IPv6" : "IPv4").endObject();
    w.endArray();
}

void writeLifetimePolicy(JsonWriter& w, const CertificateFacts& c) {
    const LifetimePolicy p = lifetimePolicy(c.notBefore, c.notAfter);
    w.key("lifetime_policy")
        .beginObject()
        .field("max_days", p.maxDays)
        .field("in_force_since", p.inForceSince)
        .field("within_limit", p.withinLimit)
        .endObject();
}

void writeCertificate(JsonWriter& w, const CertificateFacts& c, int64_t now) {
    w.key("certificate")
        .beginObject()
        .field("subject", c.subject)
        .field("subject_common_name", c.subjectCommonName)
        .field("issuer", c.issuer)
        .field("issuer_common_name", c.issuerCommonName)
        .field("issuer_organization", c.issuerOrganization)
        .field("serial", c.serial)
        .field("version", c.version)
        .field("not_before", iso(c.notBefore))
        .field("not_after", iso(c.notAfter))
        .field("days_remaining", static_cast<long long>(daysRemaining(c.notAfter, now)))
        .field("expiry_band", expiryBand(c.notBefore, c.notAfter, now))
        .field("lifetime_days", static_cast<long long>(lifetimeDays(c.notBefore, c.notAfter)));
    writeLifetimePolicy(w, c);
    writeStrings(w, "sans", c.sans);
    writeStrings(w, "san_ips", c.sanIps);
    w.key("key")
        .beginObject()
        .field("algorithm", c.key.algorithm)
        .field("bits", c.key.bits)
        .field("curve", c.key.curve)
        .endObject();
    w.field("signature_algorithm", c.signatureAlgorithm)
        .field("is_certificate_authority", c.isCertificateAuthority)
        .field("self_issued", c.selfIssued)
        .field("self_signed", c.selfSigned);
    writeStrings(w, "extended_key_usage", c.extendedKeyUsage);
    writeStrings(w, "ocsp_responders", c.ocspResponders);
    writeStrings(w, "ca_issuers", c.caIssuers);
    writeStrings(w, "crl_distribution_points", c.crlDistributionPoints);
    w.field("embedded_sct_count", c.embeddedSctCount).field("fingerprint_sha256", c.fingerprintSha256).endObject();
}

void writeChainEntry(JsonWriter& w, const ChainEntry& e) {
    w.beginObject();
    if (e.readable)
        w.field("subject", e.subject)
            .field("issuer", e.issuer)
            .field("not_before", iso(e.notBefore))
            .field("not_after", iso(e.notAfter))
            .field("fingerprint_sha256", e.fingerprintSha256);
    else
        w.fieldNull("subject")
            .fieldNull("issuer")
            .fieldNull("not_before")
            .fieldNull("not_after")
            .fieldNull("fingerprint_sha256");
    w.field("is_certificate_authority", e.isCertificateAuthority).field("self_signed", e.selfSigned).endObject();
}

void writeChain(JsonWriter& w, const std::optional<ChainDiagnosis>& chain) {
    if (!chain) return void(w.fieldNull("chain"));
    w.key("chain").beginObject().key("certificates").beginArray();
    for (const ChainEntry& e : chain->certificates) writeChainEntry(w, e);
    w.endArray()
        .field("trusted", chain->trusted)
        .field("verify_result", chain->verifyResult)
        .key("problems")
        .beginArray();
    for (const ChainProblem& p : chain->problems)
        w.beginObject().field("problem", p.problem).field("detail", p.detail).field("url", p.url).endObject();
    w.endArray().endObject();
}

void writeHostnameMatch(JsonWriter& w, const HostnameMatch& m) {
    w.key("hostname_match").beginObject().field("matched", m.matched).field("matched_name", m.matchedName);
    writeStrings(w, "checked_names", m.checkedNames);
    w.field("used_common_name", m.usedCommonName).endObject();
}

void writeTls13(JsonWriter& w, const Tls13Outcome& t) {
    w.key("tls13")
        .beginObject()
        .field("supported", t.supported)
        .field("cipher_suite", t.cipherSuite)
        .field("group", t.group)
        .field("alert", t.alert)
        .field("error", t.error)
        .endObject();
}

void writeHttps(JsonWriter& w, const HttpsOutcome& h) {
    w.key("https").beginObject().field("reachable", h.reachable).field("method", h.method).key("status");
    if (h.status)
        w.value(*h.status);
    else
        w.null();
    w.field("location", h.location)
        .field("strict_transport_security", h.strictTransportSecurity)
        .field("alt_svc", h.altSvc)
        .field("server", h.server)
        .field("error", h.error)
        .endObject();
}

void writeProbe(JsonWriter& w, const ProbeOutcome& p) {
    w.key("probe")
        .beginObject()
        .field("certificate_read", p.certificateRead)
        .field("method", kProbeMethod)
        .field("negotiated_version", p.negotiatedVersion)
        .field("cipher_suite", p.cipherSuite)
        .field("alert", p.alert)
        .field("error", p.error)
        .field("elapsed_ms", static_cast<long long>(p.elapsedMs))
        .endObject();
}

}  // namespace

std::string writeSslResponse(const SslFacts& f, const ResponseStamp& stamp) {
    JsonWriter w;
    w.beginObject().field("host", f.host.given).field("ascii_host", f.host.ascii).field("port", f.port);
    writeAddresses(w, f);
    w.field("connected_address", f.connectedAddress);
    if (f.certificate)
        writeCertificate(w, *f.certificate, f.now);
    else
        w.fieldNull("certificate");
    w.field("chain_length", static_cast<unsigned long>(f.chainLength));
    writeChain(w, f.chain);
    writeHostnameMatch(w, f.hostnameMatch);
    writeTls13(w, f.tls13);
    writeHttps(w, f.https);
    writeProbe(w, f.probe);
    f.reasons.writeTo(w);
    stamp.writeTo(w).endObject();
    return w.take();
}

}  // namespace ipfacts::ssl
