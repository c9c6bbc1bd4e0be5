#include "tests/unit/fiber/SystemCallCount.h"

#include <linux/filter.h>
#include <linux/seccomp.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <thread>

namespace ipfacts::testing {
namespace {

constexpr int kNoListener = -1, kRefused = -2;

/// Every call of the calling thread (and of threads it starts) goes to the
/// returned descriptor's reader first. -1 when refused.
int notifyEveryCall() {
    if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return -1;
    sock_filter notify = BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_USER_NOTIF);
    sock_fprog program{1, &notify};
    return static_cast<int>(
        ::syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_NEW_LISTENER, &program));
}

/// The markers around the counted work: a call nothing else here makes.
void mark() { ::syscall(SYS_getppid); }

/// Lets each notified call through, counting those between the two markers,
/// until the filtered thread is gone.
long superviseUntilGone(int listener) {
    long counted = 0;
    bool inside = false;
    while (true) {
        pollfd pfd{listener, POLLIN, 0};
        if (::poll(&pfd, 1, -1) < 0) continue;
        if (!(pfd.revents & POLLIN)) break;  // POLLHUP: no thread under the filter any more
        seccomp_notif call{};
        if (::ioctl(listener, SECCOMP_IOCTL_NOTIF_RECV, &call) != 0) continue;  // the caller died meanwhile
        if (call.data.nr == SYS_getppid)
            inside = !inside;
        else if (inside)
            ++counted;
        seccomp_notif_resp go_on{};
        go_on.id = call.id;
        go_on.flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE;
        ::ioctl(listener, SECCOMP_IOCTL_NOTIF_SEND, &go_on);
    }
    return counted;
}

}  // namespace

long systemCallsOf(const std::function<void()>& work, const std::function<void()>& warm_up) {
    std::atomic<int> listener{kNoListener};
    std::thread measured([&] {
        const int fd = notifyEveryCall();
        // Published without a system call: the supervisor must be serving
        // before this thread's next one.
        listener.store(fd < 0 ? kRefused : fd);
        if (fd < 0) return;
        warm_up();
        mark();
        work();
        mark();
    });
    int fd;
    while ((fd = listener.load()) == kNoListener) std::this_thread::yield();
    long counted = fd == kRefused ? -1 : superviseUntilGone(fd);
    measured.join();
    if (fd >= 0) ::close(fd);
    return counted;
}

}  // namespace ipfacts::testing
