// CertificateFacts: what one X.509 certificate says, read from its DER bytes
// (`certificate`, plus CRL distribution points and embedded SCTs).
// Facts that depend on the time of the check (days_remaining, expiry_band,
// lifetime_policy) are Validity.h's.
#ifndef IPFACTS_PLUGINS_SSL_CERTIFICATEFACTS_H
#define IPFACTS_PLUGINS_SSL_CERTIFICATEFACTS_H

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ipfacts::ssl {

/// The subject public key.
struct PublicKeyFacts {
    std::string algorithm;             ///< "RSA", "EC", "Ed25519", "Ed448", "RSA-PSS", "DSA", or OpenSSL's name
    int bits = 0;                      ///< key size (EC: the curve's order bits)
    std::optional<std::string> curve;  ///< EC only: the NIST name ("P-256") or OpenSSL's short name
};

struct CertificateFacts {
    std::string subject;                           ///< RFC 4514 string, most specific RDN first, UTF-8
    std::optional<std::string> subjectCommonName;  ///< the last (most specific) CN, when there is one
    std::string issuer;                            ///< RFC 4514 string
    std::optional<std::string> issuerCommonName;
    std::optional<std::string> issuerOrganization;
    std::string serial;               ///< upper-case hex of the serial's bytes, as `openssl x509 -serial` prints it
    int version = 0;                  ///< 1, 2 or 3
    int64_t notBefore = 0;            ///< Unix seconds
    int64_t notAfter = 0;             ///< Unix seconds
    std::vector<std::string> sans;    ///< subjectAltName dNSName entries, as written
    std::vector<std::string> sanIps;  ///< subjectAltName iPAddress entries, canonical text
    PublicKeyFacts key;
    std::string signatureAlgorithm;             ///< OpenSSL's name: "ecdsa-with-SHA256", "sha256WithRSAEncryption"
    bool isCertificateAuthority = false;        ///< basicConstraints cA is true
    bool selfIssued = false;                    ///< subject equals issuer (RFC 5280 6.1)
    bool selfSigned = false;                    ///< self-issued and its signature verifies with its own key
    std::vector<std::string> extendedKeyUsage;  ///< short names: "serverAuth"; an OID without a name as dotted text
    std::vector<std::string> ocspResponders;    ///< AIA id-ad-ocsp URIs
    std::vector<std::string> caIssuers;         ///< AIA id-ad-caIssuers URIs
    std::vector<std::string> crlDistributionPoints;  ///< full-name URIs of the CRL distribution points
    int embeddedSctCount = 0;                        ///< SCTs in the certificate's SCT list extension
    std::string fingerprintSha256;  ///< upper-case hex bytes joined by ':', as `openssl x509 -fingerprint -sha256`
};

}  // namespace ipfacts::ssl

#endif
