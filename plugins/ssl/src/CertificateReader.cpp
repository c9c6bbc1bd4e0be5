#include "CertificateReader.h"

#include "OpensslHandles.h"

#include <openssl/bio.h>
#include <openssl/ct.h>
#include <openssl/evp.h>
#include <openssl/objects.h>

#include <arpa/inet.h>

#include <ctime>
#include <memory>

namespace ipfacts::ssl {
namespace {

std::string asn1Text(const ASN1_STRING* s) {
    unsigned char* utf8 = nullptr;
    const int n = ASN1_STRING_to_UTF8(&utf8, s);
    if (n < 0) return {};
    std::string out(reinterpret_cast<char*>(utf8), static_cast<size_t>(n));
    OPENSSL_free(utf8);
    return out;
}

std::string bytesOf(const ASN1_STRING* s) {
    return std::string(reinterpret_cast<const char*>(ASN1_STRING_get0_data(s)),
                       static_cast<size_t>(ASN1_STRING_length(s)));
}

// The last (most specific) value of attribute `nid` in `name`.
std::optional<std::string> lastAttribute(const X509_NAME* name, int nid) {
    int found = -1;
    for (int at = -1; (at = X509_NAME_get_index_by_NID(name, nid, at)) >= 0;) found = at;
    if (found < 0) return std::nullopt;
    return asn1Text(X509_NAME_ENTRY_get_data(X509_NAME_get_entry(name, found)));
}

std::string objectText(const ASN1_OBJECT* obj, bool preferShortName) {
    const int nid = OBJ_obj2nid(obj);
    if (preferShortName && nid != NID_undef) return OBJ_nid2sn(nid);
    char buf[128];
    const int n = OBJ_obj2txt(buf, sizeof buf, obj, 0);
    return n > 0 ? std::string(buf, static_cast<size_t>(n) < sizeof buf ? static_cast<size_t>(n) : sizeof buf - 1) : "";
}

std::string hexBytes(const unsigned char* p, size_t n, const char* separator) {
    static const char digits[] = "0123456789ABCDEF";
    std::string out;
    for (size_t i = 0; i < n; ++i) {
        if (i) out += separator;
        out += digits[p[i] >> 4];
        out += digits[p[i] & 15];
    }
    return out;
}

// As i2a_ASN1_INTEGER writes it (openssl x509 -serial): every byte as two
// upper-case digits, "00" for zero, '-' before a negative one.
std::string serialHex(const ASN1_INTEGER* serial) {
    const std::string bytes = bytesOf(serial);
    const std::string hex =
        bytes.empty() ? "00" : hexBytes(reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size(), "");
    return ASN1_STRING_type(serial) == V_ASN1_NEG_INTEGER ? "-" + hex : hex;
}

int64_t unixSeconds(const ASN1_TIME* t) {
    std::tm tm{};
    if (!t || ASN1_TIME_to_tm(t, &tm) != 1) return 0;
    return static_cast<int64_t>(timegm(&tm));
}

std::optional<std::string> ipText(const ASN1_OCTET_STRING* raw) {
    const std::string bytes = bytesOf(raw);
    char buf[INET6_ADDRSTRLEN];
    const int family = bytes.size() == 4 ? AF_INET : bytes.size() == 16 ? AF_INET6 : 0;
    if (!family || !inet_ntop(family, bytes.data(), buf, sizeof buf)) return std::nullopt;
    return std::string(buf);
}

void readAltNames(const X509* cert, CertificateFacts& f) {
    auto names = extension<GENERAL_NAMES>(cert, NID_subject_alt_name, GENERAL_NAMES_free);
    for (int i = 0; names && i < sk_GENERAL_NAME_num(names.get()); ++i) {
        const GENERAL_NAME* n = sk_GENERAL_NAME_value(names.get(), i);
        if (n->type == GEN_DNS) f.sans.push_back(bytesOf(n->d.dNSName));
        if (n->type == GEN_IPADD)
            if (std::optional<std::string> ip = ipText(n->d.iPAddress)) f.sanIps.push_back(*ip);
    }
}

std::string keyAlgorithm(const EVP_PKEY* key) {
    switch (EVP_PKEY_get_base_id(key)) {
        case EVP_PKEY_RSA:
            return "RSA";
        case EVP_PKEY_RSA_PSS:
            return "RSA-PSS";
        case EVP_PKEY_EC:
            return "EC";
        case EVP_PKEY_ED25519:
            return "Ed25519";
        case EVP_PKEY_ED448:
            return "Ed448";
        case EVP_PKEY_DSA:
            return "DSA";
        default: {
            const char* name = EVP_PKEY_get0_type_name(key);
            return name ? name : "unknown";
        }
    }
}

PublicKeyFacts readKey(X509* cert) {
    PublicKeyFacts k;
    const EVP_PKEY* key = X509_get0_pubkey(cert);
    if (!key) return PublicKeyFacts{"unknown", 0, std::nullopt};
    k.algorithm = keyAlgorithm(key);
    k.bits = EVP_PKEY_get_bits(key);
    char group[80];
    size_t length = 0;
    if (EVP_PKEY_get_base_id(key) == EVP_PKEY_EC && EVP_PKEY_get_group_name(key, group, sizeof group, &length) == 1) {
        const char* nist = EC_curve_nid2nist(OBJ_txt2nid(group));
        k.curve = nist ? nist : std::string(group, length);
    }
    return k;
}

std::string signatureAlgorithm(const X509* cert) {
    const X509_ALGOR* alg = nullptr;
    X509_get0_signature(nullptr, &alg, cert);
    const ASN1_OBJECT* obj = nullptr;
    X509_ALGOR_get0(&obj, nullptr, nullptr, alg);
    return obj ? objectText(obj, false) : "unknown";
}

bool isCertificateAuthority(const X509* cert) {
    auto bc = extension<BASIC_CONSTRAINTS>(cert, NID_basic_constraints, BASIC_CONSTRAINTS_free);
    return bc && bc->ca;
}

void readExtendedKeyUsage(const X509* cert, CertificateFacts& f) {
    auto eku = extension<EXTENDED_KEY_USAGE>(cert, NID_ext_key_usage, EXTENDED_KEY_USAGE_free);
    for (int i = 0; eku && i < sk_ASN1_OBJECT_num(eku.get()); ++i)
        f.extendedKeyUsage.push_back(objectText(sk_ASN1_OBJECT_value(eku.get(), i), true));
}

void readAuthorityInfoAccess(const X509* cert, CertificateFacts& f) {
    auto aia = extension<AUTHORITY_INFO_ACCESS>(cert, NID_info_access, AUTHORITY_INFO_ACCESS_free);
    for (int i = 0; aia && i < sk_ACCESS_DESCRIPTION_num(aia.get()); ++i) {
        const ACCESS_DESCRIPTION* ad = sk_ACCESS_DESCRIPTION_value(aia.get(), i);
        if (ad->location->type != GEN_URI) continue;
        const std::string uri = bytesOf(ad->location->d.uniformResourceIdentifier);
        const int method = OBJ_obj2nid(ad->method);
        if (method == NID_ad_OCSP) f.ocspResponders.push_back(uri);
        if (method == NID_ad_ca_issuers) f.caIssuers.push_back(uri);
    }
}

void readCrlDistributionPoints(const X509* cert, CertificateFacts& f) {
    auto points = extension<CRL_DIST_POINTS>(cert, NID_crl_distribution_points, CRL_DIST_POINTS_free);
    for (int i = 0; points && i < sk_DIST_POINT_num(points.get()); ++i) {
        const DIST_POINT* dp = sk_DIST_POINT_value(points.get(), i);
        if (!dp->distpoint || dp->distpoint->type != 0) continue;  // 0: fullName; 1 (relative to the issuer) has no URI
        const GENERAL_NAMES* names = dp->distpoint->name.fullname;
        for (int j = 0; j < sk_GENERAL_NAME_num(names); ++j) {
            const GENERAL_NAME* n = sk_GENERAL_NAME_value(names, j);
            if (n->type == GEN_URI) f.crlDistributionPoints.push_back(bytesOf(n->d.uniformResourceIdentifier));
        }
    }
}

int embeddedSctCount(const X509* cert) {
    auto scts = extension<STACK_OF(SCT)>(cert, NID_ct_precert_scts, SCT_LIST_free);
    return scts ? sk_SCT_num(scts.get()) : 0;
}

}  // namespace

std::string rfc4514(const X509_NAME* name) {
    std::unique_ptr<BIO, decltype(&BIO_free)> bio(BIO_new(BIO_s_mem()), BIO_free);
    if (!bio) return {};
    // RFC 2253 flags without ESC_MSB: non-ASCII stays UTF-8, as RFC 4514 allows.
    X509_NAME_print_ex(bio.get(), name, 0, XN_FLAG_RFC2253 & ~ASN1_STRFLGS_ESC_MSB);
    char* data = nullptr;
    const long n = BIO_get_mem_data(bio.get(), &data);
    return n > 0 ? std::string(data, static_cast<size_t>(n)) : std::string();
}

std::string sha256Fingerprint(X509* cert) {
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int n = 0;
    if (X509_digest(cert, EVP_sha256(), md, &n) != 1) return {};
    return hexBytes(md, n, ":");
}

CertificateFacts readCertificate(X509* cert) {
    CertificateFacts f;
    const X509_NAME* subject = X509_get_subject_name(cert);
    const X509_NAME* issuer = X509_get_issuer_name(cert);
    f.subject = rfc4514(subject);
    f.subjectCommonName = lastAttribute(subject, NID_commonName);
    f.issuer = rfc4514(issuer);
    f.issuerCommonName = lastAttribute(issuer, NID_commonName);
    f.issuerOrganization = lastAttribute(issuer, NID_organizationName);
    f.serial = serialHex(X509_get0_serialNumber(cert));
    f.version = static_cast<int>(X509_get_version(cert)) + 1;
    f.notBefore = unixSeconds(X509_get0_notBefore(cert));
    f.notAfter = unixSeconds(X509_get0_notAfter(cert));
    readAltNames(cert, f);
    f.key = readKey(cert);
    f.signatureAlgorithm = signatureAlgorithm(cert);
    f.isCertificateAuthority = isCertificateAuthority(cert);
    f.selfIssued = X509_NAME_cmp(subject, issuer) == 0;
    f.selfSigned = f.selfIssued && X509_self_signed(cert, 1) == 1;
    readExtendedKeyUsage(cert, f);
    readAuthorityInfoAccess(cert, f);
    readCrlDistributionPoints(cert, f);
    f.embeddedSctCount = embeddedSctCount(cert);
    f.fingerprintSha256 = sha256Fingerprint(cert);
    return f;
}

std::optional<CertificateFacts> readCertificate(std::string_view der) {
    X509Ptr cert = parseDer(der);
    if (!cert) return std::nullopt;
    return readCertificate(cert.get());
}

}  // namespace ipfacts::ssl
