#include "tests/store/PostgresServer.h"

#include "tests/integration/support/Service.h"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <stdexcept>

namespace ipfacts::testing {
namespace fs = std::filesystem;

namespace {

/// The folder of PostgreSQL's server programs: PATH first, then Debian's.
std::string serverBin() {
    auto found = runCommandStatus("command -v initdb");
    if (found.code == 0 && !found.output.empty()) {
        std::string p = found.output.substr(0, found.output.find('\n'));
        return fs::path(p).parent_path().string();
    }
    for (const auto& e : fs::directory_iterator("/usr/lib/postgresql"))
        if (fs::exists(e.path() / "bin" / "initdb")) return (e.path() / "bin").string();
    throw std::runtime_error("no initdb: install postgresql (tools/setup)");
}

}  // namespace

PostgresServer::~PostgresServer() {
    stop();
    if (!dir_.empty()) {
        std::error_code ignored;
        fs::remove_all(dir_, ignored);
    }
}

std::string PostgresServer::as_user(const std::string& cmd) const {
    // Root is refused by initdb and postgres: run them as the postgres user.
    return ::geteuid() == 0 ? "runuser -u postgres -- " + cmd : cmd;
}

std::string PostgresServer::conninfo() const {
    return "host=127.0.0.1 port=" + std::to_string(port_) + " dbname=postgres user=ipfacts connect_timeout=2";
}

void PostgresServer::start() {
    bin_ = serverBin();
    // A fresh folder under /tmp, not the build tree: the postgres user (when the tests run as
    // root) may not be able to enter a checkout under /root, and the server's socket path
    // must stay under the kernel's 107 bytes however deep the build tree is.
    std::string tmpl = "/tmp/ipfacts-" + name_ + "-pg-XXXXXX";
    if (!::mkdtemp(tmpl.data())) throw std::runtime_error("cannot make a folder for postgres under /tmp");
    dir_ = tmpl;
    if (::geteuid() == 0) runCommand("chown postgres " + dir_);
    auto init = runCommandStatus(as_user(bin_ + "/initdb -D " + dir_ +
                                         "/data -U ipfacts --auth=trust -E UTF8 "
                                         "--no-sync --no-instructions > " +
                                         dir_ + "/initdb.log 2>&1"));
    if (init.code != 0) throw std::runtime_error("initdb failed:\n" + runCommand("cat " + dir_ + "/initdb.log"));
    for (int attempt = 0; attempt < 5; ++attempt) {
        port_ = freeLoopbackPort();
        if (launch()) return;
    }
    throw std::runtime_error("postgres did not start:\n" + runCommand("cat " + dir_ + "/server.log"));
}

void PostgresServer::restart() {
    stop();
    if (!launch())
        throw std::runtime_error("postgres did not start again:\n" + runCommand("cat " + dir_ + "/server.log"));
}

bool PostgresServer::launch() {
    // pg_ctl -w: returns once the server accepts connections (or failed).
    auto up = runCommandStatus(as_user(bin_ + "/pg_ctl -D " + dir_ + "/data -l " + dir_ + "/server.log -w -t 30 " +
                                       "-o \"-p " + std::to_string(port_) + " -k " + dir_ +
                                       " -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off"
                                       " -c full_page_writes=off\" start > /dev/null 2>&1"));
    running_ = up.code == 0;
    return running_;
}

void PostgresServer::stop() {
    if (!running_) return;
    runCommandStatus(as_user(bin_ + "/pg_ctl -D " + dir_ + "/data -m fast -w stop > /dev/null 2>&1"));
    running_ = false;
}

}  // namespace ipfacts::testing
