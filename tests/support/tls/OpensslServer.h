// OpensslServer: one `openssl s_server -www` on 127.0.0.1, on a port the
// kernel chooses (-accept 127.0.0.1:0) and s_server reports on its "ACCEPT"
// line, so no other process can take the port between choosing and binding.
// Stopped (SIGTERM) when the object goes; killed with the test process.
#pragma once

#include <sys/types.h>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace ipfacts::testing {

class OpensslServer {
public:
    /// s_server's arguments after -accept and -www ("-tls1_2", "-cert", path, ...),
    /// run in `workDir` when given (where "-WWW" serves files from).
    /// Throws std::runtime_error, with s_server's output, when it does not listen within 10 s.
    explicit OpensslServer(const std::vector<std::string>& args, const std::string& workDir = "");
    ~OpensslServer();
    OpensslServer(const OpensslServer&) = delete;
    OpensslServer& operator=(const OpensslServer&) = delete;

    int port() const { return port_; }
    /// What s_server printed so far (stdout and stderr), for failure messages.
    std::string output() const;

private:
    void readUntilListening();

    pid_t pid_ = -1;
    int out_ = -1;  // s_server's stdout and stderr
    int port_ = 0;
    mutable std::mutex mutex_;
    std::string output_;
    std::thread drain_;  // keeps reading, so s_server never blocks on a full pipe
};

}  // namespace ipfacts::testing
