// AccessLog: one line per request. Each event-loop thread appends to its own
// buffer and hands it to the kernel in one write() of up to 64 KiB (or once a
// second), so logging costs no lock, no extra thread and no syscall per
// request. Key values never reach it: the target is logged with key=
// redacted and headers are not logged at all.
#pragma once

#include "host/pipeline/Exchange.h"

#include <string>

namespace ipfacts::pipeline {

class AccessLog {
public:
    /// `where`: "-" for standard output, "off", or a file path (appended to).
    explicit AccessLog(const std::string& where);
    ~AccessLog();
    AccessLog(const AccessLog&) = delete;
    AccessLog& operator=(const AccessLog&) = delete;

    /// Buffers the line for a finished exchange. Thread-safe (per-thread buffers).
    void write(const Exchange& ex, int64_t duration_us) const;

    /// Writes out the calling thread's buffer. Event loops call it once a second
    /// and before they exit.
    void flushThread() const;

private:
    int fd_ = -1;
    bool owns_fd_ = false;
};

}  // namespace ipfacts::pipeline
