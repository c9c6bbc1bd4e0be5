// fiber::poll: how host code waits on descriptors. On a request fiber (a
// handler running on a worker, see FiberScheduler.h) it parks that fiber
// alone and the worker thread serves other requests meanwhile; anywhere else
// it is ::poll. Facilities wait only through it (never ::poll, select,
// curl_multi_poll or a blocking socket), so no request holds a thread while an
// upstream is silent.
#pragma once

#include <poll.h>

namespace ipfacts::fiber {

/// Same contract as ::poll(2): fills revents, returns how many descriptors are
/// ready, 0 on time-out (timeout_ms < 0 waits without limit), -1 with errno.
int poll(pollfd* fds, nfds_t count, int timeout_ms);

/// True when the caller runs on a request fiber.
bool onFiber();

/// `wanted_ms`, cut to what is left of the request's time budget when the
/// caller runs on a fiber with one (never below 0). Facilities size their
/// upstream time-outs with it, so an answer comes back inside the budget.
int remainingMs(int wanted_ms);

}  // namespace ipfacts::fiber
