// ChainDiagnosis: the certificates a server presented, in the order sent,
// whether they build to a trusted root, and when they do not (or are sent
// badly), why: a missing intermediate (with the AIA URL that would fetch
// it), the wrong order, an expired intermediate, a self-signed leaf, a root
// nobody trusts. Trust itself is the connect facility's verdict (OpenSSL's
// verification against the host's CA store, the system's unless the
// manifest's connect.ca_file says otherwise); the rest is read here from
// the certificates alone. Pure: no I/O.
#ifndef IPFACTS_PLUGINS_SSL_CHAINDIAGNOSIS_H
#define IPFACTS_PLUGINS_SSL_CHAINDIAGNOSIS_H

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ipfacts::ssl {

/// One presented certificate.
struct ChainEntry {
    std::string subject;  ///< RFC 4514
    std::string issuer;   ///< RFC 4514
    int64_t notBefore = 0;
    int64_t notAfter = 0;
    std::string fingerprintSha256;
    bool isCertificateAuthority = false;
    bool selfSigned = false;
    bool readable = true;  ///< false: the bytes are not a certificate (the other fields are empty)
};

/// The problem tokens (documented in README.md and openapi.json).
inline constexpr std::string_view kSelfSigned = "self_signed";
inline constexpr std::string_view kMissingIntermediate = "missing_intermediate";
inline constexpr std::string_view kWrongOrder = "wrong_order";
inline constexpr std::string_view kExpiredIntermediate = "expired_intermediate";
inline constexpr std::string_view kUntrustedRoot = "untrusted_root";
inline constexpr std::string_view kExpiredLeaf = "expired_leaf";
inline constexpr std::string_view kUnrelatedCertificate = "unrelated_certificate";
inline constexpr std::string_view kUnreadableCertificate = "unreadable_certificate";
inline constexpr std::string_view kNotTrusted = "not_trusted";

struct ChainProblem {
    std::string problem;  ///< one of the tokens above
    std::string detail;   ///< an English sentence naming the certificates concerned
    std::optional<std::string>
        url;  ///< missing_intermediate: the AIA caIssuers URL of the certificate whose issuer is missing
};

struct ChainDiagnosis {
    std::vector<ChainEntry> certificates;  ///< as presented, leaf first
    bool trusted = false;                  ///< the connect facility verified the chain (verify code 0)
    std::string
        verifyResult;  ///< OpenSSL's words for the verification ("ok", "unable to get local issuer certificate")
    std::vector<ChainProblem> problems;  ///< never empty when !trusted; may hold warnings (wrong_order) when trusted
};

/// Diagnoses `chain` (DER, in the order presented, leaf first; not empty)
/// given the connect facility's verification outcome (`verifyCode` 0 when
/// it built to a trusted root, OpenSSL's X509_V_ERR_* otherwise) at `now`
/// (Unix seconds). Thread-safe.
ChainDiagnosis diagnoseChain(const std::vector<std::string>& chain, int verifyCode, std::string_view verifyText,
                             int64_t now);

}  // namespace ipfacts::ssl

#endif
