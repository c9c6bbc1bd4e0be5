#include "TestCertificates.h"

#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>

namespace ipfacts::ssl::testing {

const TestCertificates& TestCertificates::get() {
    static const TestCertificates certificates;
    return certificates;
}

TestCertificates::TestCertificates() {
    char tmpl[] = "/tmp/ipfacts-ssl-certs-XXXXXX";
    if (!mkdtemp(tmpl)) throw std::runtime_error("mkdtemp failed");
    dir_ = tmpl;
    const std::string cmd =
        std::string(IPFACTS_TLS_SUPPORT_DIR) + "/make-certificates.sh " + dir_ + " >" + dir_ + "/make.log 2>&1";
    if (std::system(cmd.c_str()) != 0)
        throw std::runtime_error("make-certificates.sh failed; see " + dir_ + "/make.log");
}

TestCertificates::~TestCertificates() {
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
}

std::string TestCertificates::bytes(const std::string& file) const {
    std::ifstream in(path(file), std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + path(file));
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::string TestCertificates::openssl(const std::string& name, const std::string& options) const {
    const std::string cmd = "openssl x509 -in " + path(name + ".pem") + " -noout " + options + " 2>&1";
    FILE* p = popen(cmd.c_str(), "r");
    if (!p) throw std::runtime_error("cannot run " + cmd);
    std::string out;
    char buf[4096];
    for (size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) out.append(buf, n);
    pclose(p);
    return out;
}

std::string lineValue(const std::string& text, const std::string& key) {
    const std::string marker = key + "=";
    size_t at = text.rfind("\n" + marker);
    at = at == std::string::npos ? (text.compare(0, marker.size(), marker) == 0 ? 0 : std::string::npos) : at + 1;
    if (at == std::string::npos) return {};
    const size_t start = at + marker.size();
    return text.substr(start, text.find('\n', start) - start);
}

long long opensslTime(const std::string& text) {
    std::tm tm{};
    if (!strptime(text.c_str(), "%b %d %H:%M:%S %Y GMT", &tm)) throw std::runtime_error("not an openssl time: " + text);
    return static_cast<long long>(timegm(&tm));
}

}  // namespace ipfacts::ssl::testing
