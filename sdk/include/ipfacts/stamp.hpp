// ipfacts/stamp.hpp — the response stamp: the `checked_at` + `source` pair
// that ends every JSON body except the error envelope. `checked_at`
// says when the facts were true (ISO 8601 UTC to the second), `source` who
// checked them (the service host). Header-only, C++17.
//
//   const ResponseStamp stamp = ResponseStamp::now(host_);  // after the facts were gathered
//   w.beginObject().field("ip", ip);
//   stamp.writeTo(w).endObject();  // ...,"checked_at":"2026-11-22T18:51:11Z","source":"ipfacts.example"}
#ifndef IPFACTS_STAMP_HPP
#define IPFACTS_STAMP_HPP

#include <ipfacts/json.hpp>
#include <ipfacts/plugin.hpp>

#include <cstdint>
#include <cstring>
#include <ctime>
#include <string_view>

namespace ipfacts {

/// A value (no heap): the time text lives inside it, the source is the
/// host's, which stays valid until shutdown.
class ResponseStamp {
public:
    ResponseStamp() = default;
    /// These values, as written (tests; writers handed a stamp). checked_at
    /// keeps at most 31 bytes, more than any ISO 8601 second of an int64 clock.
    ResponseStamp(std::string_view checkedAt, std::string_view source) : source_(source) {
        length_ = checkedAt.size() < sizeof text_ ? checkedAt.size() : sizeof text_ - 1;
        std::memcpy(text_, checkedAt.data(), length_);
    }

    /// The stamp for a body written now, by the host's clock: the same text as
    /// Host::checkedAt(), formatted once a second per thread instead of per
    /// call. Take it after the facts were gathered: it says when they were true.
    static ResponseStamp now(const Host& host) {
        thread_local int64_t second = INT64_MIN;
        thread_local char text[sizeof text_] = {0};
        thread_local size_t length = 0;
        const int64_t ms = host.nowMs();
        if (ms / 1000 != second) {
            const std::time_t t = static_cast<std::time_t>(ms / 1000);
            std::tm tm{};
            gmtime_r(&t, &tm);
            length = std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &tm);
            second = ms / 1000;
        }
        return ResponseStamp(std::string_view(text, length), host.serviceHost());
    }

    std::string_view checkedAt() const { return std::string_view(text_, length_); }
    std::string_view source() const { return source_; }

    /// Writes "checked_at" then "source" as the next members of the object
    /// `w` is in; returns `w` to close it.
    JsonWriter& writeTo(JsonWriter& w) const { return w.field("checked_at", checkedAt()).field("source", source()); }

private:
    char text_[32] = {0};
    size_t length_ = 0;
    std::string_view source_;
};

}  // namespace ipfacts

#endif
