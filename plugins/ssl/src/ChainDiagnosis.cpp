#include "ChainDiagnosis.h"

#include "CertificateReader.h"
#include "OpensslHandles.h"

#include <ipfacts/plugin.hpp>

#include <algorithm>

namespace ipfacts::ssl {
namespace {

// OpenSSL's verification outcomes that say an issuer was not found.
bool issuerNotFound(int code) {
    return code == X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT || code == X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY ||
           code == X509_V_ERR_UNABLE_TO_VERIFY_LEAF_SIGNATURE;
}

ChainEntry entryOf(X509* cert) {
    const CertificateFacts f = readCertificate(cert);
    ChainEntry e;
    e.subject = f.subject;
    e.issuer = f.issuer;
    e.notBefore = f.notBefore;
    e.notAfter = f.notAfter;
    e.fingerprintSha256 = f.fingerprintSha256;
    e.isCertificateAuthority = f.isCertificateAuthority;
    e.selfSigned = f.selfSigned;
    return e;
}

std::string position(size_t i) {
    return "certificate " + std::to_string(i) + " (" + (i == 0 ? "the leaf" : "sent after the leaf") + ")";
}

// The issuing path from the leaf through the presented certificates: each
// next index is a certificate (not yet on the path) that issued the previous.
std::vector<size_t> issuingPath(const std::vector<X509Ptr>& certs, const std::vector<ChainEntry>& entries) {
    std::vector<size_t> path{0};
    while (!entries[path.back()].selfSigned) {
        X509* current = certs[path.back()].get();
        size_t next = certs.size();
        for (size_t j = 0; j < certs.size() && next == certs.size(); ++j)
            if (certs[j] && std::find(path.begin(), path.end(), j) == path.end() &&
                X509_check_issued(certs[j].get(), current) == X509_V_OK)
                next = j;
        if (next == certs.size()) break;
        path.push_back(next);
    }
    return path;
}

std::string orderText(const std::vector<size_t>& path) {
    std::string text;
    for (size_t i = 0; i < path.size(); ++i) text += (i ? ", " : "") + std::to_string(path[i]);
    return text;
}

class Diagnosis {
public:
    Diagnosis(const std::vector<X509Ptr>& certs, ChainDiagnosis& d, int verifyCode, int64_t now)
        : certs_(certs), d_(d), code_(verifyCode), now_(now) {}

    void run() {
        const auto& entries = d_.certificates;
        for (size_t i = 0; i < entries.size(); ++i)
            if (!entries[i].readable)
                add(kUnreadableCertificate, "certificate " + std::to_string(i) + " is not a DER X.509 certificate");
        if (!entries[0].readable) return requireReason();
        const std::vector<size_t> path = issuingPath(certs_, entries);
        checkLeaf(entries[0], path);
        checkOrder(path);
        checkEnd(path);
        checkDates(path);
        requireReason();
    }

private:
    void add(std::string_view problem, std::string detail, std::optional<std::string> url = std::nullopt) {
        d_.problems.push_back(ChainProblem{std::string(problem), std::move(detail), std::move(url)});
    }

    void checkLeaf(const ChainEntry& leaf, const std::vector<size_t>& path) {
        if (path.size() == 1 && leaf.selfSigned)
            add(kSelfSigned, "the server's certificate (" + leaf.subject + ") is self-signed: no CA vouches for it");
    }

    void checkOrder(const std::vector<size_t>& path) {
        for (size_t k = 0; k < path.size(); ++k)
            if (path[k] != k) {
                add(kWrongOrder,
                    "the certificates are not sent leaf first, then each one's issuer; the issuing order of the "
                    "positions sent is " +
                        orderText(path));
                break;
            }
        for (size_t i = 1; i < d_.certificates.size(); ++i)
            if (d_.certificates[i].readable && std::find(path.begin(), path.end(), i) == path.end())
                add(kUnrelatedCertificate, "certificate " + std::to_string(i) + " (" + d_.certificates[i].subject +
                                               ") is not on the leaf's issuing path");
    }

    void checkEnd(const std::vector<size_t>& path) {
        const size_t last = path.back();
        const ChainEntry& end = d_.certificates[last];
        if (!end.selfSigned) {
            if (d_.trusted || !issuerNotFound(code_)) return;
            const CertificateFacts f = readCertificate(certs_[last].get());
            std::string detail = "the server did not send the certificate of " + end.issuer + ", which issued " +
                                 position(last) + " (" + end.subject + ")";
            if (f.caIssuers.empty())
                return add(kMissingIntermediate,
                           detail + "; the certificate names no URL to fetch it from (no AIA caIssuers)");
            return add(kMissingIntermediate, detail + "; it can be fetched from " + f.caIssuers.front(),
                       f.caIssuers.front());
        }
        if (path.size() > 1 && !d_.trusted && code_ == X509_V_ERR_SELF_SIGNED_CERT_IN_CHAIN)
            add(kUntrustedRoot, "the chain ends at " + end.subject + ", a self-signed root the CA store does not hold");
    }

    void checkDates(const std::vector<size_t>& path) {
        const ChainEntry& leaf = d_.certificates[0];
        if (leaf.notAfter < now_)
            add(kExpiredLeaf, "the server's certificate expired at " + isoUtc(leaf.notAfter * 1000));
        for (size_t k = 1; k < path.size(); ++k) {
            const ChainEntry& e = d_.certificates[path[k]];
            if (e.notAfter < now_)
                add(kExpiredIntermediate,
                    position(path[k]) + " (" + e.subject + ") expired at " + isoUtc(e.notAfter * 1000));
            else if (e.notBefore > now_)
                add(kExpiredIntermediate,
                    position(path[k]) + " (" + e.subject + ") is not valid before " + isoUtc(e.notBefore * 1000));
        }
    }

    // An untrusted chain always says why, if only in OpenSSL's words.
    void requireReason() {
        if (d_.trusted) return;
        for (const ChainProblem& p : d_.problems)
            if (p.problem != kWrongOrder && p.problem != kUnrelatedCertificate) return;
        add(kNotTrusted, "verification failed: " + d_.verifyResult);
    }

    const std::vector<X509Ptr>& certs_;
    ChainDiagnosis& d_;
    int code_;
    int64_t now_;
};

}  // namespace

ChainDiagnosis diagnoseChain(const std::vector<std::string>& chain, int verifyCode, std::string_view verifyText,
                             int64_t now) {
    ChainDiagnosis d;
    d.trusted = verifyCode == X509_V_OK;
    d.verifyResult = verifyText.empty() ? (d.trusted ? "ok" : "not verified") : std::string(verifyText);
    std::vector<X509Ptr> certs;
    for (const std::string& der : chain) {
        certs.push_back(parseDer(der));
        ChainEntry e = certs.back() ? entryOf(certs.back().get()) : ChainEntry{};
        e.readable = certs.back() != nullptr;
        d.certificates.push_back(std::move(e));
    }
    if (!certs.empty()) Diagnosis(certs, d, verifyCode, now).run();
    return d;
}

}  // namespace ipfacts::ssl
