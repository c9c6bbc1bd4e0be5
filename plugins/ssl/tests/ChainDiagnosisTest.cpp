// Chain diagnosis over chains of certificates the openssl CLI made, with the
// verification codes OpenSSL gives for them: a good chain, a missing
// intermediate (with and without an AIA URL), the wrong order, an expired
// intermediate, a self-signed leaf, an untrusted root, extra certificates.
#include "ChainDiagnosis.h"
#include "TestCertificates.h"

#include <openssl/x509_vfy.h>

#include <cppunit/extensions/HelperMacros.h>

#include <ctime>

namespace ipfacts::ssl {
namespace {

using testing::TestCertificates;

std::vector<std::string> ders(std::initializer_list<const char*> names) {
    std::vector<std::string> out;
    for (const char* n : names) out.push_back(TestCertificates::get().bytes(std::string(n) + ".der"));
    return out;
}

int64_t now() { return static_cast<int64_t>(std::time(nullptr)); }

std::vector<std::string> problems(const ChainDiagnosis& d) {
    std::vector<std::string> out;
    for (const ChainProblem& p : d.problems) out.push_back(p.problem);
    return out;
}

const ChainProblem& only(const ChainDiagnosis& d) {
    CPPUNIT_ASSERT_EQUAL(size_t(1), d.problems.size());
    return d.problems.front();
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

}  // namespace

class ChainDiagnosisTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(ChainDiagnosisTest);
    CPPUNIT_TEST(trustedChainHasNoProblems);
    CPPUNIT_TEST(missingIntermediateNamesTheAiaUrl);
    CPPUNIT_TEST(missingIntermediateWithoutAia);
    CPPUNIT_TEST(wrongOrderIsReportedEvenWhenTrusted);
    CPPUNIT_TEST(expiredIntermediate);
    CPPUNIT_TEST(selfSignedLeaf);
    CPPUNIT_TEST(expiredLeaf);
    CPPUNIT_TEST(unrelatedAndUnreadableCertificates);
    CPPUNIT_TEST(otherFailuresKeepOpensslsWords);
    CPPUNIT_TEST_SUITE_END();

public:
    void trustedChainHasNoProblems() {
        const ChainDiagnosis d = diagnoseChain(ders({"site", "intermediate", "root"}), X509_V_OK, "ok", now());
        CPPUNIT_ASSERT(d.trusted);
        CPPUNIT_ASSERT(d.problems.empty());
        CPPUNIT_ASSERT_EQUAL(std::string("ok"), d.verifyResult);
        CPPUNIT_ASSERT_EQUAL(size_t(3), d.certificates.size());
        CPPUNIT_ASSERT_EQUAL(std::string("CN=www.ssl.example.test,O=ipfacts tests,C=DE"), d.certificates[0].subject);
        CPPUNIT_ASSERT_EQUAL(std::string("CN=ipfacts test intermediate"), d.certificates[1].subject);
        CPPUNIT_ASSERT_EQUAL(std::string("CN=ipfacts test root"), d.certificates[1].issuer);
        CPPUNIT_ASSERT(d.certificates[1].isCertificateAuthority && !d.certificates[1].selfSigned);
        CPPUNIT_ASSERT(d.certificates[2].selfSigned);
    }

    void missingIntermediateNamesTheAiaUrl() {
        const ChainDiagnosis d = diagnoseChain(ders({"site"}), X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY,
                                               "unable to get local issuer certificate", now());
        CPPUNIT_ASSERT(!d.trusted);
        const ChainProblem& p = only(d);
        CPPUNIT_ASSERT_EQUAL(std::string(kMissingIntermediate), p.problem);
        CPPUNIT_ASSERT_EQUAL(std::string("http://ca.ipfacts.test/intermediate.der"), p.url.value_or(""));
        CPPUNIT_ASSERT_MESSAGE(p.detail, contains(p.detail, "CN=ipfacts test intermediate"));
        // Sent without the root but verified from the store: nothing is missing.
        CPPUNIT_ASSERT(diagnoseChain(ders({"site", "intermediate"}), X509_V_OK, "ok", now()).problems.empty());
    }

    void missingIntermediateWithoutAia() {
        const ChainDiagnosis d = diagnoseChain(ders({"leaf"}), X509_V_ERR_UNABLE_TO_VERIFY_LEAF_SIGNATURE,
                                               "unable to verify the first certificate", now());
        const ChainProblem& p = only(d);
        CPPUNIT_ASSERT_EQUAL(std::string(kMissingIntermediate), p.problem);
        CPPUNIT_ASSERT(!p.url);
        CPPUNIT_ASSERT_MESSAGE(p.detail, contains(p.detail, "no AIA caIssuers"));
    }

    void wrongOrderIsReportedEvenWhenTrusted() {
        ChainDiagnosis d = diagnoseChain(ders({"site", "root", "intermediate"}), X509_V_OK, "ok", now());
        CPPUNIT_ASSERT(d.trusted);
        CPPUNIT_ASSERT_EQUAL(std::string(kWrongOrder), only(d).problem);
        CPPUNIT_ASSERT_MESSAGE(only(d).detail, contains(only(d).detail, "0, 2, 1"));
        d = diagnoseChain(ders({"site", "root", "intermediate"}), X509_V_ERR_SELF_SIGNED_CERT_IN_CHAIN,
                          "self-signed certificate in certificate chain", now());
        CPPUNIT_ASSERT(!d.trusted);
        CPPUNIT_ASSERT(problems(d) ==
                       (std::vector<std::string>{std::string(kWrongOrder), std::string(kUntrustedRoot)}));
    }

    void expiredIntermediate() {
        const ChainDiagnosis d = diagnoseChain(ders({"under-old", "old-intermediate", "root"}),
                                               X509_V_ERR_CERT_HAS_EXPIRED, "certificate has expired", now());
        const ChainProblem& p = only(d);
        CPPUNIT_ASSERT_EQUAL(std::string(kExpiredIntermediate), p.problem);
        CPPUNIT_ASSERT_MESSAGE(p.detail, contains(p.detail, "CN=ipfacts expired intermediate") &&
                                             contains(p.detail, "2024-03-01T00:00:00Z"));
    }

    void selfSignedLeaf() {
        const ChainDiagnosis d =
            diagnoseChain(ders({"self"}), X509_V_ERR_DEPTH_ZERO_SELF_SIGNED_CERT, "self-signed certificate", now());
        CPPUNIT_ASSERT_EQUAL(std::string(kSelfSigned), only(d).problem);
        CPPUNIT_ASSERT(d.certificates[0].selfSigned);
        CPPUNIT_ASSERT_EQUAL(std::string("self-signed certificate"), d.verifyResult);
    }

    void expiredLeaf() {
        const ChainDiagnosis d = diagnoseChain(ders({"expired", "intermediate", "root"}), X509_V_ERR_CERT_HAS_EXPIRED,
                                               "certificate has expired", now());
        CPPUNIT_ASSERT_EQUAL(std::string(kExpiredLeaf), only(d).problem);
        CPPUNIT_ASSERT_MESSAGE(only(d).detail, contains(only(d).detail, "2024-03-01T00:00:00Z"));
    }

    void unrelatedAndUnreadableCertificates() {
        std::vector<std::string> chain = ders({"site", "intermediate", "rsa"});
        chain.push_back("not DER");
        const ChainDiagnosis d = diagnoseChain(chain, X509_V_OK, "ok", now());
        CPPUNIT_ASSERT(problems(d) == (std::vector<std::string>{std::string(kUnreadableCertificate),
                                                                std::string(kUnrelatedCertificate)}));
        CPPUNIT_ASSERT(!d.certificates[3].readable);
        CPPUNIT_ASSERT_EQUAL(size_t(4), d.certificates.size());
    }

    void otherFailuresKeepOpensslsWords() {
        const ChainDiagnosis d = diagnoseChain(ders({"site", "intermediate", "root"}), X509_V_ERR_INVALID_PURPOSE,
                                               "unsuitable certificate purpose", now());
        CPPUNIT_ASSERT_EQUAL(std::string(kNotTrusted), only(d).problem);
        CPPUNIT_ASSERT_EQUAL(std::string("verification failed: unsuitable certificate purpose"), only(d).detail);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ChainDiagnosisTest);

}  // namespace ipfacts::ssl
