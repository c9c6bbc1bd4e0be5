// main() of the suites that aim the http core at non-loopback addresses
// (10.0.0.1, 169.254.169.254, NAT64 forms ...) to prove the guard refuses them.
// A guard bug must fail a test, never send a packet off the machine, so this
// binary runs only inside a network namespace that has nothing but loopback
// (ctest starts it under `unshare -n`) and checks that before any test.
// It also gives itself a private mount namespace with its own /etc/hosts, so
// the DNS-rebinding test can change what a name resolves to.
#include "tests/support/RunSuites.h"

#include <net/if.h>
#include <sched.h>
#include <sys/mount.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>

namespace {

/// True when every network interface of this namespace is `lo`.
bool onlyLoopback() {
    struct if_nameindex* list = if_nameindex();
    if (!list) return false;
    bool only = true;
    for (struct if_nameindex* i = list; i->if_index != 0; ++i)
        if (std::strcmp(i->if_name, "lo") != 0) only = false;
    if_freenameindex(list);
    return only;
}

/// Bind-mounts a file of ours over /etc/hosts, in a mount namespace of our own.
bool privateHostsFile() {
    static char path[] = "/tmp/ipfacts-hosts-XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0) return false;
    close(fd);
    std::ofstream(path) << "127.0.0.1 localhost\n";
    if (unshare(CLONE_NEWNS) != 0) return false;
    if (mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0) return false;
    if (mount(path, "/etc/hosts", nullptr, MS_BIND, nullptr) != 0) return false;
    setenv("IPFACTS_TEST_HOSTS", path, 1);
    return true;
}

}  // namespace

int main() {
    if (!onlyLoopback()) {
        std::fprintf(stderr,
                     "refusing to run: this namespace has interfaces besides lo. Run me as\n"
                     "  unshare -n sh -c 'ip link set lo up && exec <this binary>'\n");
        return 1;
    }
    if (!privateHostsFile()) {
        std::perror("cannot set up a private /etc/hosts (needs root)");
        return 1;
    }
    const bool passed = ipfacts::testing::runRegisteredSuites();
    unlink(std::getenv("IPFACTS_TEST_HOSTS"));  // the bind mount ends with the namespace
    return passed ? 0 : 1;
}
