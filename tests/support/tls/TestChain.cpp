#include "tests/support/tls/TestChain.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>

namespace ipfacts::testing {

TestChain::TestChain(const std::string& script) {
    char tmpl[] = "/tmp/ipfacts-tls-chain-XXXXXX";
    if (!mkdtemp(tmpl)) throw std::runtime_error("mkdtemp failed");
    dir_ = tmpl;
    const std::string cmd =
        std::string(IPFACTS_TLS_SUPPORT_DIR) + "/" + script + " " + dir_ + " >" + dir_ + "/make.log 2>&1";
    if (std::system(cmd.c_str()) != 0) throw std::runtime_error(script + " failed; see " + dir_ + "/make.log");
}

TestChain::~TestChain() {
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
}

std::string TestChain::bytes(const std::string& file) const {
    std::ifstream in(path(file), std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + path(file));
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

}  // namespace ipfacts::testing
