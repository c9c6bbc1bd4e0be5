// AccessLog: one line per request, as text or as JSON lines. Each event-loop
// thread appends to its own buffer and hands it to the kernel in one write()
// of up to 64 KiB (or once a second), so logging costs no lock, no extra
// thread and no syscall per request. Key values never reach it: the target is
// logged with key= redacted, and of the headers only the User-Agent is logged.
#pragma once

#include "host/pipeline/Exchange.h"

#include <string>

namespace ipfacts::pipeline {

class AccessLog {
public:
    enum class Format { Text, Json };

    /// `where`: "-" for standard output, "off", or a file path (appended to).
    explicit AccessLog(const std::string& where, Format format = Format::Text);
    ~AccessLog();
    AccessLog(const AccessLog&) = delete;
    AccessLog& operator=(const AccessLog&) = delete;

    /// Buffers the line for a finished exchange. Thread-safe (per-thread buffers).
    void write(const Exchange& ex, int64_t duration_us) const;

    /// Writes out the calling thread's buffer. Event loops call it once a second
    /// and before they exit.
    void flushThread() const;

    /// Opens the file again under the same descriptor number (after logrotate
    /// moved it away; SIGUSR1). A failure keeps the old file and says why.
    /// Thread-safe: writers never see a closed descriptor.
    std::string reopen();

private:
    void writeText(const Exchange& ex, int64_t duration_us, std::string_view stamp, int64_t ms,
                   std::string_view target) const;
    void writeJson(const Exchange& ex, int64_t duration_us, std::string_view stamp, int64_t ms,
                   std::string_view target) const;

    std::string path_;
    Format format_ = Format::Text;
    int fd_ = -1;
    bool owns_fd_ = false;
};

}  // namespace ipfacts::pipeline
