#include "host/pipeline/AccessLog.h"

#include "host/pipeline/HttpText.h"
#include "host/pipeline/RouteTable.h"
#include "host/pipeline/TextCursor.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <ctime>
#include <stdexcept>

namespace ipfacts::pipeline {
namespace {

constexpr size_t kFlushBytes = 64 * 1024;

struct ThreadBuffer {
    std::string text;
    int64_t last_flush_s = 0;
    std::time_t stamp_second = 0;
    char stamp[24] = {0};  // "2026-11-22T19:06:15" of stamp_second
    size_t stamp_len = 0;
};

ThreadBuffer& buffer() {
    thread_local ThreadBuffer b;
    return b;
}

void writeAll(int fd, const std::string& text) {
    size_t off = 0;
    while (off < text.size()) {
        ssize_t n = ::write(fd, text.data() + off, text.size() - off);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return;  // a full disk must not stop the service
        off += static_cast<size_t>(n);
    }
}

}  // namespace

AccessLog::AccessLog(const std::string& where) {
    if (where == "off") return;
    if (where == "-") {
        fd_ = STDOUT_FILENO;
        return;
    }
    fd_ = ::open(where.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0640);
    if (fd_ < 0) throw std::runtime_error("access log " + where + ": " + std::strerror(errno));
    owns_fd_ = true;
}

AccessLog::~AccessLog() {
    flushThread();
    if (owns_fd_) ::close(fd_);
}

void AccessLog::write(const Exchange& ex, int64_t duration_us) const {
    if (fd_ < 0) return;
    ThreadBuffer& b = buffer();
    auto now = std::chrono::system_clock::now();
    auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count();
    std::time_t sec = static_cast<std::time_t>(ms / 1000);
    if (sec != b.stamp_second) {
        std::tm tm{};
        gmtime_r(&sec, &tm);
        b.stamp_len = std::strftime(b.stamp, sizeof b.stamp, "%Y-%m-%dT%H:%M:%S", &tm);
        b.stamp_second = sec;
    }
    std::string_view target = ex.request.target;
    std::string redacted;
    if (size_t q = target.find('?'); q != std::string_view::npos && hasKeyParam(target.substr(q + 1))) {
        redacted = redactKeyParam(target, "[redacted]");
        target = redacted;
    }
    // "<stamp>.<ms>Z <client> <method> <target> <status> <bytes> <us>us route=<path> plugin=<plugin> key=<id>"
    // through a cursor: fmt parsing its format string per request cost more than the line.
    const std::string_view route = ex.route ? std::string_view(ex.route->spec.path) : "-";
    const std::string_view plugin = ex.route ? std::string_view(ex.route->spec.plugin) : "-";
    const std::string_view key = ex.key_id.empty() ? std::string_view("-") : std::string_view(ex.key_id);
    {
        TextCursor line(b.text, 128 + ex.client_address.size() + ex.request.method.size() + target.size() +
                                    route.size() + plugin.size() + key.size());
        line.text(std::string_view(b.stamp, b.stamp_len)).text('.');
        line.zeroPadded(static_cast<uint32_t>(ms % 1000), 3).text("Z ");
        line.text(ex.client_address).text(' ').text(ex.request.method).text(' ').text(target).text(' ');
        line.decimal(ex.response.status).text(' ').decimal(static_cast<int64_t>(ex.response.body.size())).text(' ');
        line.decimal(duration_us).text("us route=").text(route).text(" plugin=").text(plugin).text(" key=").text(key);
        line.text('\n');
    }
    if (b.text.size() >= kFlushBytes || sec - b.last_flush_s >= 1) flushThread();
}

void AccessLog::flushThread() const {
    ThreadBuffer& b = buffer();
    b.last_flush_s = static_cast<int64_t>(std::time(nullptr));
    if (fd_ < 0 || b.text.empty()) return;
    writeAll(fd_, b.text);
    b.text.clear();
}

}  // namespace ipfacts::pipeline
