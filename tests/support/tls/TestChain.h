// TestChain: the certificates of make-chain.sh (beside this file), made in a
// temporary folder for one test run and removed with it: a root, an
// intermediate, a leaf for 127.0.0.1 signed by the intermediate, the chain a
// server sends after the leaf, a self-signed certificate and an OCSP response.
#pragma once

#include <string>

namespace ipfacts::testing {

class TestChain {
public:
    /// Runs `script` (a file beside this one: make-chain.sh, or make-certificates.sh for
    /// the TLS family's wider set). Throws std::runtime_error when openssl fails.
    explicit TestChain(const std::string& script = "make-chain.sh");
    ~TestChain();
    TestChain(const TestChain&) = delete;
    TestChain& operator=(const TestChain&) = delete;

    /// The path of a file of make-chain.sh's list ("leaf.pem", "root.pem").
    std::string path(const std::string& file) const { return dir_ + "/" + file; }
    /// The bytes of a file ("leaf.der", "ocsp.der").
    std::string bytes(const std::string& file) const;

private:
    std::string dir_;
};

}  // namespace ipfacts::testing
