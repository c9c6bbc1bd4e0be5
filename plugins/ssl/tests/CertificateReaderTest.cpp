// The certificate reader against certificates the openssl CLI made
// (tests/support/tls/make-certificates.sh), field by field against what
// `openssl x509` prints for the same file: serial, dates, subject, issuer,
// SANs, key, signature algorithm, fingerprint, version, CA flag, SCTs.
#include "CertificateReader.h"
#include "TestCertificates.h"

#include <ipfacts/address.hpp>

#include <cppunit/extensions/HelperMacros.h>

#include <sstream>

namespace ipfacts::ssl {
namespace {

using testing::lineValue;
using testing::opensslTime;
using testing::TestCertificates;

const char* const kEveryCertificate[] = {
    "site",      "rsa",  "rsa-self",     "cn-only", "ip-only", "expired", "long-lived", "old-intermediate",
    "under-old", "leaf", "intermediate", "root",    "self"};

CertificateFacts read(const std::string& name) {
    std::optional<CertificateFacts> f = readCertificate(TestCertificates::get().bytes(name + ".der"));
    CPPUNIT_ASSERT_MESSAGE(name + " does not read", f.has_value());
    return *f;
}

std::string text(const std::string& name) { return TestCertificates::get().openssl(name, "-text"); }

// The text after `label` on its line of `openssl x509 -text`, trimmed.
std::string afterLabel(const std::string& text, const std::string& label) {
    const size_t at = text.find(label);
    if (at == std::string::npos) return {};
    const size_t start = text.find_first_not_of(' ', at + label.size());
    return text.substr(start, text.find('\n', start) - start);
}

size_t occurrences(const std::string& text, const std::string& part) {
    size_t n = 0;
    for (size_t at = 0; (at = text.find(part, at)) != std::string::npos; at += part.size()) ++n;
    return n;
}

// `-ext subjectAltName` as two lists: DNS names as printed, IP addresses canonical.
std::pair<std::vector<std::string>, std::vector<std::string>> printedSans(const std::string& name) {
    const std::string out = TestCertificates::get().openssl(name, "-ext subjectAltName");
    std::vector<std::string> dns, ips;
    const size_t line = out.find('\n');
    if (out.find("Subject Alternative Name") == std::string::npos || line == std::string::npos) return {dns, ips};
    std::stringstream items(out.substr(line + 1));
    for (std::string item; std::getline(items, item, ',');) {
        item.erase(0, item.find_first_not_of(" \n"));
        item.erase(item.find_last_not_of(" \n") + 1);
        if (item.rfind("DNS:", 0) == 0) dns.push_back(item.substr(4));
        if (item.rfind("IP Address:", 0) == 0) ips.push_back(parseAddress(item.substr(11)).value().text());
    }
    return {dns, ips};
}

}  // namespace

class CertificateReaderTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(CertificateReaderTest);
    CPPUNIT_TEST(serialDatesAndFingerprintMatchOpenssl);
    CPPUNIT_TEST(namesMatchOpensslRfc2253);
    CPPUNIT_TEST(altNamesMatchOpenssl);
    CPPUNIT_TEST(keyAndSignatureMatchOpenssl);
    CPPUNIT_TEST(caFlagAndVersionMatchOpenssl);
    CPPUNIT_TEST(siteExtensionsAreRead);
    CPPUNIT_TEST(commonNamesAndOrganization);
    CPPUNIT_TEST(selfSignedAndSelfIssued);
    CPPUNIT_TEST(withoutExtensionsListsAreEmpty);
    CPPUNIT_TEST(garbageIsNotACertificate);
    CPPUNIT_TEST_SUITE_END();

public:
    void serialDatesAndFingerprintMatchOpenssl() {
        for (const char* name : kEveryCertificate) {
            const CertificateFacts f = read(name);
            const std::string printed = TestCertificates::get().openssl(name, "-serial -dates -fingerprint -sha256");
            CPPUNIT_ASSERT_EQUAL_MESSAGE(name, lineValue(printed, "serial"), f.serial);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(name, opensslTime(lineValue(printed, "notBefore")),
                                         static_cast<long long>(f.notBefore));
            CPPUNIT_ASSERT_EQUAL_MESSAGE(name, opensslTime(lineValue(printed, "notAfter")),
                                         static_cast<long long>(f.notAfter));
            CPPUNIT_ASSERT_EQUAL_MESSAGE(name, lineValue(printed, "sha256 Fingerprint"), f.fingerprintSha256);
        }
    }

    void namesMatchOpensslRfc2253() {
        for (const char* name : kEveryCertificate) {
            const CertificateFacts f = read(name);
            const std::string printed = TestCertificates::get().openssl(name, "-subject -issuer -nameopt RFC2253");
            CPPUNIT_ASSERT_EQUAL_MESSAGE(name, lineValue(printed, "subject"), f.subject);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(name, lineValue(printed, "issuer"), f.issuer);
        }
        CPPUNIT_ASSERT_EQUAL(std::string("CN=www.ssl.example.test,O=ipfacts tests,C=DE"), read("site").subject);
    }

    void altNamesMatchOpenssl() {
        for (const char* name : kEveryCertificate) {
            const CertificateFacts f = read(name);
            const auto [dns, ips] = printedSans(name);
            CPPUNIT_ASSERT_MESSAGE(name, dns == f.sans);
            CPPUNIT_ASSERT_MESSAGE(name, ips == f.sanIps);
        }
        CPPUNIT_ASSERT(read("site").sans == (std::vector<std::string>{"www.ssl.example.test", "*.ssl.example.test"}));
        CPPUNIT_ASSERT(read("ip-only").sanIps == (std::vector<std::string>{"192.0.2.1", "2001:db8::1"}));
    }

    void keyAndSignatureMatchOpenssl() {
        for (const char* name : kEveryCertificate) {
            const CertificateFacts f = read(name);
            const std::string t = text(name);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(name, afterLabel(t, "Signature Algorithm:"), f.signatureAlgorithm);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(name, "(" + std::to_string(f.key.bits) + " bit)",
                                         afterLabel(t, "Public-Key:"));
            const std::string algorithm = afterLabel(t, "Public Key Algorithm:");
            CPPUNIT_ASSERT_EQUAL_MESSAGE(name, std::string(algorithm == "id-ecPublicKey" ? "EC" : "RSA"),
                                         f.key.algorithm);
            const std::string curve = afterLabel(t, "NIST CURVE:");
            CPPUNIT_ASSERT_EQUAL_MESSAGE(name, curve, f.key.curve.value_or(""));
        }
        const CertificateFacts rsa = read("rsa");
        CPPUNIT_ASSERT_EQUAL(std::string("RSA"), rsa.key.algorithm);
        CPPUNIT_ASSERT_EQUAL(2048, rsa.key.bits);
        CPPUNIT_ASSERT(!rsa.key.curve);
        CPPUNIT_ASSERT_EQUAL(std::string("ecdsa-with-SHA256"), rsa.signatureAlgorithm);  // its issuer's key signs
        CPPUNIT_ASSERT_EQUAL(std::string("sha256WithRSAEncryption"), read("rsa-self").signatureAlgorithm);
        CPPUNIT_ASSERT_EQUAL(std::string("P-256"), read("site").key.curve.value_or(""));
        CPPUNIT_ASSERT_EQUAL(std::string("ecdsa-with-SHA256"), read("site").signatureAlgorithm);
    }

    void caFlagAndVersionMatchOpenssl() {
        for (const char* name : kEveryCertificate) {
            const CertificateFacts f = read(name);
            const std::string t = text(name);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(name, t.find("CA:TRUE") != std::string::npos, f.isCertificateAuthority);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(name, std::to_string(f.version) + " (0x" + std::to_string(f.version - 1) + ")",
                                         afterLabel(t, "Version:"));
        }
        CPPUNIT_ASSERT(read("intermediate").isCertificateAuthority);
        CPPUNIT_ASSERT(!read("site").isCertificateAuthority);
    }

    void siteExtensionsAreRead() {
        const CertificateFacts f = read("site");
        CPPUNIT_ASSERT(f.ocspResponders == std::vector<std::string>{"http://ocsp.ipfacts.test/"});
        CPPUNIT_ASSERT(f.caIssuers == std::vector<std::string>{"http://ca.ipfacts.test/intermediate.der"});
        CPPUNIT_ASSERT(f.crlDistributionPoints == std::vector<std::string>{"http://crl.ipfacts.test/intermediate.crl"});
        CPPUNIT_ASSERT(f.extendedKeyUsage == (std::vector<std::string>{"serverAuth", "clientAuth"}));
        CPPUNIT_ASSERT_EQUAL(static_cast<int>(occurrences(text("site"), "Signed Certificate Timestamp:")),
                             f.embeddedSctCount);
        CPPUNIT_ASSERT_EQUAL(2, f.embeddedSctCount);
    }

    void commonNamesAndOrganization() {
        const CertificateFacts site = read("site");
        CPPUNIT_ASSERT_EQUAL(std::string("www.ssl.example.test"), site.subjectCommonName.value_or(""));
        CPPUNIT_ASSERT_EQUAL(std::string("ipfacts test intermediate"), site.issuerCommonName.value_or(""));
        CPPUNIT_ASSERT(!site.issuerOrganization);
        CPPUNIT_ASSERT_EQUAL(std::string("cn-only.example.test"), read("cn-only").subjectCommonName.value_or(""));
    }

    void selfSignedAndSelfIssued() {
        const CertificateFacts self = read("self"), root = read("root"), site = read("site");
        CPPUNIT_ASSERT(self.selfIssued && self.selfSigned);
        CPPUNIT_ASSERT(root.selfIssued && root.selfSigned);
        CPPUNIT_ASSERT(!site.selfIssued && !site.selfSigned);
    }

    void withoutExtensionsListsAreEmpty() {
        const CertificateFacts f = read("cn-only");
        CPPUNIT_ASSERT(f.sans.empty() && f.sanIps.empty() && f.ocspResponders.empty() && f.caIssuers.empty() &&
                       f.crlDistributionPoints.empty());
        CPPUNIT_ASSERT_EQUAL(0, f.embeddedSctCount);
    }

    void garbageIsNotACertificate() {
        CPPUNIT_ASSERT(!readCertificate(std::string_view("not a certificate")));
        CPPUNIT_ASSERT(!readCertificate(std::string_view()));
        CPPUNIT_ASSERT(!readCertificate(TestCertificates::get().bytes("site.der") + "x"));  // trailing bytes
        const std::string der = TestCertificates::get().bytes("site.der");
        CPPUNIT_ASSERT(!readCertificate(der.substr(0, der.size() - 1)));  // cut short
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(CertificateReaderTest);

}  // namespace ipfacts::ssl
