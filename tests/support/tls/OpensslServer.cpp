#include "tests/support/tls/OpensslServer.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <stdexcept>

namespace ipfacts::testing {

OpensslServer::OpensslServer(const std::vector<std::string>& args, const std::string& workDir) {
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) throw std::runtime_error("pipe2 failed");
    std::vector<std::string> argv{"openssl", "s_server", "-accept", "127.0.0.1:0", "-www"};
    argv.insert(argv.end(), args.begin(), args.end());
    pid_ = fork();
    if (pid_ == 0) {
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        dup2(fds[1], 1);
        dup2(fds[1], 2);
        int null = open("/dev/null", O_RDONLY);
        dup2(null, 0);
        if (!workDir.empty() && chdir(workDir.c_str()) != 0) _exit(126);
        std::vector<char*> cargs;
        for (auto& a : argv) cargs.push_back(a.data());
        cargs.push_back(nullptr);
        execvp("openssl", cargs.data());
        _exit(127);
    }
    close(fds[1]);
    out_ = fds[0];
    if (pid_ < 0) {
        close(out_);
        throw std::runtime_error("fork failed");
    }
    try {
        readUntilListening();
    } catch (...) {
        kill(pid_, SIGKILL);
        waitpid(pid_, nullptr, 0);
        close(out_);
        throw;
    }
    drain_ = std::thread([this] {
        char buf[4096];
        for (ssize_t n; (n = read(out_, buf, sizeof buf)) > 0;) {
            std::lock_guard<std::mutex> lock(mutex_);
            output_.append(buf, static_cast<size_t>(n));
        }
    });
}

OpensslServer::~OpensslServer() {
    kill(pid_, SIGTERM);
    waitpid(pid_, nullptr, 0);
    if (drain_.joinable()) drain_.join();  // the pipe reaches EOF once s_server is gone
    close(out_);
}

std::string OpensslServer::output() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return output_;
}

void OpensslServer::readUntilListening() {
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    std::string seen;
    while (std::chrono::steady_clock::now() < until) {
        pollfd p{out_, POLLIN, 0};
        if (poll(&p, 1, 200) <= 0) continue;
        char buf[1024];
        ssize_t n = read(out_, buf, sizeof buf);
        if (n <= 0) break;  // s_server exited
        seen.append(buf, static_cast<size_t>(n));
        // "ACCEPT 127.0.0.1:41593" once it listens.
        size_t at = seen.find("ACCEPT 127.0.0.1:");
        if (at != std::string::npos && seen.find('\n', at) != std::string::npos) {
            port_ = std::stoi(seen.substr(at + 17));
            output_ = seen;
            return;
        }
    }
    throw std::runtime_error("openssl s_server did not start:\n" + seen);
}

}  // namespace ipfacts::testing
