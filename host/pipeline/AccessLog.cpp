#include "host/pipeline/AccessLog.h"

#include "host/pipeline/HttpText.h"
#include "host/pipeline/RouteTable.h"
#include "host/pipeline/TextCursor.h"

#include <ipfacts/json.hpp>

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

std::string_view userAgentOf(const Exchange& ex) {
    for (const Header& h : ex.request.headers)
        if (iequals(h.name, "user-agent")) return h.value;
    return {};
}

/// The User-Agent as one quoted token: `"`, `\` and bytes outside printable
/// ASCII as \xHH (as nginx escapes), so a client cannot forge a field or a line.
void quoted(TextCursor& line, std::string_view ua) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    line.text('"');
    for (unsigned char c : ua) {
        if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') {
            line.text(static_cast<char>(c));
        } else {
            const char esc[4] = {'\\', 'x', kHex[c >> 4], kHex[c & 15]};
            line.text(std::string_view(esc, 4));
        }
    }
    line.text('"');
}

}  // namespace

AccessLog::AccessLog(const std::string& where, Format format) : path_(where), format_(format) {
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
    if (size_t q = target.find('?'); q != std::string_view::npos && hasSecretParam(target.substr(q + 1))) {
        redacted = redactSecretParams(target, "[redacted]");
        target = redacted;
    }
    if (ex.log_target) target = *ex.log_target;
    const std::string_view stamp(b.stamp, b.stamp_len);
    if (format_ == Format::Json)
        writeJson(ex, duration_us, stamp, ms, target);
    else
        writeText(ex, duration_us, stamp, ms, target);
    if (b.text.size() >= kFlushBytes || sec - b.last_flush_s >= 1) flushThread();
}

void AccessLog::writeText(const Exchange& ex, int64_t duration_us, std::string_view stamp, int64_t ms,
                          std::string_view target) const {
    // "<stamp>.<ms>Z <client> <method> <target> <status> <bytes> <us>us route=<path> plugin=<plugin> key=<id>
    //  handler=<plugin.handler> ua="<user agent>"" through a cursor: fmt parsing its format string per
    // request cost more than the line.
    const std::string_view route = ex.route ? std::string_view(ex.route->spec.path) : "-";
    const std::string_view plugin = ex.route ? std::string_view(ex.route->spec.plugin) : "-";
    const std::string_view handler = ex.route ? std::string_view(ex.route->spec.handler) : "";
    const std::string_view key = ex.key_id.empty() ? std::string_view("-") : std::string_view(ex.key_id);
    const std::string_view ua = userAgentOf(ex);
    TextCursor line(buffer().text, 160 + ex.client_address.size() + ex.request.method.size() + target.size() +
                                       2 * route.size() + 2 * plugin.size() + handler.size() + key.size() +
                                       4 * ua.size());
    line.text(stamp).text('.');
    line.zeroPadded(static_cast<uint32_t>(ms % 1000), 3).text("Z ");
    line.text(ex.client_address).text(' ').text(ex.request.method).text(' ').text(target).text(' ');
    line.decimal(ex.response.status).text(' ').decimal(static_cast<int64_t>(ex.response.body.size())).text(' ');
    line.decimal(duration_us).text("us route=").text(route).text(" plugin=").text(plugin).text(" key=").text(key);
    line.text(" handler=");
    if (ex.route)
        line.text(plugin).text('.').text(handler);
    else
        line.text('-');
    line.text(" ua=");
    quoted(line, ua);
    line.text('\n');
}

void AccessLog::writeJson(const Exchange& ex, int64_t duration_us, std::string_view stamp, int64_t ms,
                          std::string_view target) const {
    // Opt-in (access_log_format: json): the SDK writer escapes every string once.
    char when[32];
    const int n = std::snprintf(when, sizeof when, "%.*s.%03dZ", static_cast<int>(stamp.size()), stamp.data(),
                                static_cast<int>(ms % 1000));
    ipfacts::JsonWriter w;
    w.beginObject();
    w.field("time", std::string_view(when, n > 0 ? static_cast<size_t>(n) : 0));
    w.field("client", ex.client_address).field("method", ex.request.method).field("target", target);
    w.field("status", static_cast<int64_t>(ex.response.status));
    w.field("bytes", static_cast<int64_t>(ex.response.body.size())).field("duration_us", duration_us);
    if (ex.route) {
        w.field("route", ex.route->spec.path).field("plugin", ex.route->spec.plugin);
        w.field("handler", ex.route->spec.plugin + "." + ex.route->spec.handler);
    } else {
        w.key("route").null().key("plugin").null().key("handler").null();
    }
    if (ex.key_id.empty())
        w.key("key").null();
    else
        w.field("key", ex.key_id);
    const std::string_view ua = userAgentOf(ex);
    if (ua.data())
        w.field("user_agent", ua);
    else
        w.key("user_agent").null();
    w.endObject();
    buffer().text.append(w.str()).append(1, '\n');
}

std::string AccessLog::reopen() {
    if (!owns_fd_) return "";
    int fd = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0640);
    if (fd < 0) return "access log " + path_ + ": " + std::strerror(errno);
    // dup2 swaps the file behind fd_ in one step: a writer on another thread
    // writes to the old file or the new one, never to a closed descriptor.
    int rc = ::dup3(fd, fd_, O_CLOEXEC);
    int err = errno;
    ::close(fd);
    return rc < 0 ? "access log " + path_ + ": " + std::strerror(err) : "";
}

void AccessLog::flushThread() const {
    ThreadBuffer& b = buffer();
    b.last_flush_s = static_cast<int64_t>(std::time(nullptr));
    if (fd_ < 0 || b.text.empty()) return;
    writeAll(fd_, b.text);
    b.text.clear();
}

}  // namespace ipfacts::pipeline
