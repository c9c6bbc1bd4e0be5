// TestCertificates: the certificates of tests/support/tls/make-certificates.sh,
// made once per test run in a temporary folder (removed at exit), and what
// the openssl CLI prints about each: the reference the reader is compared with.
#pragma once

#include <string>

namespace ipfacts::ssl::testing {

class TestCertificates {
public:
    /// The run's certificates; made on first use. Throws std::runtime_error when openssl fails.
    static const TestCertificates& get();

    /// The bytes of a file of make-certificates.sh's list ("site.der").
    std::string bytes(const std::string& file) const;
    /// The path of such a file.
    std::string path(const std::string& file) const { return dir_ + "/" + file; }
    /// What `openssl x509 -in <name>.pem -noout <options>` prints.
    std::string openssl(const std::string& name, const std::string& options) const;

    ~TestCertificates();

private:
    TestCertificates();
    std::string dir_;
};

/// The value after "<key>=" on its line of `text` ("serial=0A1B" gives "0A1B"); empty when absent.
std::string lineValue(const std::string& text, const std::string& key);

/// Unix seconds of an `openssl x509 -dates` time ("Nov 23 15:00:00 2026 GMT").
long long opensslTime(const std::string& text);

}  // namespace ipfacts::ssl::testing
