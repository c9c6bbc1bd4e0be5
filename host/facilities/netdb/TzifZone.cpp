#include "host/facilities/netdb/TzifZone.h"

#include <algorithm>
#include <stdexcept>

namespace ipfacts::facilities::netdb {

namespace {

/// The six counts of a TZif header, in file order.
struct TzifCounts {
    uint32_t isut, isstd, leap, time, type, chars;
};

/// A bounds-checked big-endian reader over the file's bytes.
class ByteReader {
public:
    ByteReader(std::string_view b, const std::string& name) : b_(b), name_(name) {}

    void need(size_t n) const {
        if (b_.size() - i_ < n) throw std::runtime_error("TZif " + name_ + ": truncated");
    }
    uint64_t bigEndian(size_t n) {
        need(n);
        uint64_t v = 0;
        for (size_t k = 0; k < n; ++k) v = (v << 8) | static_cast<uint8_t>(b_[i_++]);
        return v;
    }
    void skip(size_t n) {
        need(n);
        i_ += n;
    }
    std::string_view rest() const { return b_.substr(i_); }
    [[noreturn]] void fail(const std::string& why) const { throw std::runtime_error("TZif " + name_ + ": " + why); }

private:
    std::string_view b_;
    const std::string& name_;
    size_t i_ = 0;
};

/// Reads a 44-byte header; returns its version byte (0, '2', '3', '4').
char readHeader(ByteReader& r, TzifCounts& c) {
    r.need(44);
    if (r.rest().substr(0, 4) != "TZif") r.fail("not a TZif file");
    const char version = r.rest()[4];
    r.skip(20);
    c = {uint32_t(r.bigEndian(4)), uint32_t(r.bigEndian(4)), uint32_t(r.bigEndian(4)),
         uint32_t(r.bigEndian(4)), uint32_t(r.bigEndian(4)), uint32_t(r.bigEndian(4))};
    if (c.type == 0) r.fail("no local time types");
    return version;
}

/// Size of a data block whose times take `t` bytes each.
size_t blockSize(const TzifCounts& c, size_t t) {
    return size_t(c.time) * t + c.time + size_t(c.type) * 6 + c.chars + size_t(c.leap) * (t + 4) + c.isstd + c.isut;
}

int64_t signExtend(uint64_t v, size_t bytes) {
    if (bytes == 4) return static_cast<int32_t>(static_cast<uint32_t>(v));
    return static_cast<int64_t>(v);
}

}  // namespace

TzifZone::TzifZone(std::string_view bytes, const std::string& name) {
    ByteReader r(bytes, name);
    TzifCounts c{};
    const char version = readHeader(r, c);
    size_t time_size = 4;
    if (version != 0) {
        // v2+: skip the 32-bit block; the second header describes 64-bit data.
        r.skip(blockSize(c, 4));
        if (readHeader(r, c) == 0) r.fail("second header has no version");
        time_size = 8;
    }
    r.need(blockSize(c, time_size));
    for (uint32_t i = 0; i < c.time; ++i) times_.push_back(signExtend(r.bigEndian(time_size), time_size));
    for (uint32_t i = 0; i < c.time; ++i) {
        types_.push_back(static_cast<uint8_t>(r.bigEndian(1)));
        if (types_.back() >= c.type) r.fail("transition names a missing local time type");
    }
    for (uint32_t i = 0; i < c.type; ++i) {
        offsets_.push_back(static_cast<int32_t>(static_cast<uint32_t>(r.bigEndian(4))));
        r.skip(2);  // isdst, abbreviation index: not needed for offsets
    }
    if (!std::is_sorted(times_.begin(), times_.end())) r.fail("transitions out of order");
    r.skip(c.chars + size_t(c.leap) * (time_size + 4) + c.isstd + c.isut);
    if (time_size == 8) {
        // The footer is "\n<TZ string>\n"; an empty string means "no rule".
        std::string_view rest = r.rest();
        if (rest.size() < 2 || rest.front() != '\n') r.fail("missing footer");
        const size_t end = rest.find('\n', 1);
        if (end == std::string_view::npos) r.fail("unterminated footer");
        const std::string_view tz = rest.substr(1, end - 1);
        if (!tz.empty() && !(footer_ = PosixTzRule::parse(tz))) r.fail("unsupported footer `" + std::string(tz) + "`");
    }
}

int32_t TzifZone::utcOffsetAt(int64_t unix_s) const {
    if (footer_ && (times_.empty() || unix_s >= times_.back())) return footer_->utcOffsetAt(unix_s);
    // Before the first transition, RFC 8536 says local time type 0 applies.
    auto it = std::upper_bound(times_.begin(), times_.end(), unix_s);
    if (it == times_.begin()) return offsets_[0];
    return offsets_[types_[static_cast<size_t>(it - times_.begin()) - 1]];
}

}  // namespace ipfacts::facilities::netdb
