#include "tests/unit/http/NginxServer.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <thread>

namespace ipfacts::testing {
namespace {

/// A port free on 127.0.0.1 right now (the kernel's choice).
int freePort() {
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof a;
    bind(fd, reinterpret_cast<sockaddr*>(&a), len);
    getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len);
    close(fd);
    return ntohs(a.sin_port);
}

bool accepts(int port) {
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = htons(static_cast<uint16_t>(port));
    bool ok = connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0;
    close(fd);
    return ok;
}

}  // namespace

NginxServer::NginxServer() {
    char tmpl[] = "/tmp/ipfacts-http-test-XXXXXX";
    if (!mkdtemp(tmpl)) throw std::runtime_error("mkdtemp failed");
    dir_ = tmpl;
    makeCertificate("trusted");
    makeCertificate("untrusted");
    trusted_port_ = freePort();
    untrusted_port_ = freePort();
    writeConfig();
    start();
}

NginxServer::~NginxServer() {
    if (pid_ > 0) {
        kill(pid_, SIGTERM);
        waitpid(pid_, nullptr, 0);
    }
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
}

void NginxServer::makeCertificate(const std::string& name) const {
    // EC keys: generated in milliseconds, where RSA takes a noticeable while.
    const std::string cmd =
        "openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2"
        " -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1 -keyout " +
        dir_ + "/" + name + ".key -out " + dir_ + "/" + name + ".crt >/dev/null 2>&1";
    if (std::system(cmd.c_str()) != 0) throw std::runtime_error("openssl could not make a certificate");
}

void NginxServer::writeConfig() const {
    std::ofstream conf(dir_ + "/nginx.conf");
    const std::string& d = dir_;
    conf << "worker_processes 1;\nerror_log " << d << "/error.log;\npid " << d << "/nginx.pid;\n"
         << "events { worker_connections 64; }\n"
         << "http {\n  access_log " << d << "/access.log;\n"
         << "  client_body_temp_path " << d << "/body; proxy_temp_path " << d << "/proxy;\n"
         << "  fastcgi_temp_path " << d << "/fastcgi; uwsgi_temp_path " << d << "/uwsgi; scgi_temp_path " << d
         << "/scgi;\n"
         << "  server {\n    listen 127.0.0.1:" << trusted_port_ << " ssl http2;\n"
         << "    ssl_certificate " << d << "/trusted.crt; ssl_certificate_key " << d << "/trusted.key;\n"
         << "    location / { default_type text/plain; return 200 \"hello over $server_protocol\\n\"; }\n"
         << "    location /to-http { return 302 http://127.0.0.1:$server_port/; }\n  }\n"
         << "  server {\n    listen 127.0.0.1:" << untrusted_port_ << " ssl;\n"
         << "    ssl_certificate " << d << "/untrusted.crt; ssl_certificate_key " << d << "/untrusted.key;\n"
         << "    location / { return 200 \"you should not read this\\n\"; }\n  }\n}\n";
}

void NginxServer::start() {
    pid_ = fork();
    if (pid_ == 0) {
        execl("/usr/sbin/nginx", "nginx", "-p", dir_.c_str(), "-c", (dir_ + "/nginx.conf").c_str(), "-e",
              (dir_ + "/error.log").c_str(), "-g", "daemon off;", static_cast<char*>(nullptr));
        _exit(127);
    }
    for (int i = 0; i < 100; ++i) {
        if (accepts(trusted_port_) && accepts(untrusted_port_)) return;
        if (waitpid(pid_, nullptr, WNOHANG) == pid_) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(30));
    }
    if (pid_ > 0) kill(pid_, SIGTERM), waitpid(pid_, nullptr, 0);
    pid_ = -1;
    throw std::runtime_error("nginx did not start; see " + dir_ + "/error.log");
}

}  // namespace ipfacts::testing
