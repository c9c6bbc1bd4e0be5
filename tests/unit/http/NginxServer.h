// NginxServer: nginx-light on two loopback TLS ports, for what the C++ test
// server cannot do: HTTP/2 (ALPN h2) and real certificate checks. Port
// `trusted()` serves a certificate whose self-signed issuer is in caFile();
// port `untrusted()` serves another self-signed certificate that is not.
// Everything (certificates, config, logs) lives in a temporary folder.
#pragma once

#include <sys/types.h>
#include <string>

namespace ipfacts::testing {

class NginxServer {
public:
    NginxServer();  // throws std::runtime_error when nginx or openssl fails
    ~NginxServer();
    NginxServer(const NginxServer&) = delete;
    NginxServer& operator=(const NginxServer&) = delete;

    std::string trusted() const { return "https://127.0.0.1:" + std::to_string(trusted_port_); }
    std::string untrusted() const { return "https://127.0.0.1:" + std::to_string(untrusted_port_); }
    std::string caFile() const { return dir_ + "/trusted.crt"; }

private:
    void makeCertificate(const std::string& name) const;
    void writeConfig() const;
    void start();

    std::string dir_;
    int trusted_port_ = 0, untrusted_port_ = 0;
    pid_t pid_ = -1;
};

}  // namespace ipfacts::testing
