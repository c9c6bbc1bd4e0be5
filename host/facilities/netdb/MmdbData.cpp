#include "host/facilities/netdb/MmdbData.h"

#include <cstring>

namespace ipfacts::facilities::netdb {
namespace {

// Maps and arrays nest; a file that nests deeper than this is not one we read.
constexpr int kMaxDepth = 32;

}  // namespace

uint32_t MmdbData::bigEndian(uint32_t offset, uint32_t n) const {
    uint32_t v = 0;
    for (uint32_t i = 0; i < n; ++i) v = (v << 8) | base_[offset + i];
    return v;
}

// The common forms (a pointer, a string, a map, a double) are decoded here,
// small enough to be inlined into the loops below; the rest in decodeLong.
inline bool MmdbData::decode(uint32_t offset, MmdbValue& v, uint32_t& after) const {
    if (offset >= size_) return false;
    const uint8_t ctrl = base_[offset++];
    const uint8_t type = ctrl >> 5;
    if (type == MmdbValue::kPointer) {
        // Bits 3-4 give 1 to 4 more bytes, bits 0-2 the value's high bits.
        const uint32_t ss = (ctrl >> 3) & 3u;
        if (ss + 1 > size_ - offset) return false;
        const uint8_t* b = base_ + offset;
        const uint32_t high = ctrl & 7u;
        switch (ss) {
            case 0:
                v.payload = (high << 8) | b[0];
                break;
            case 1:
                v.payload = ((high << 16) | (uint32_t{b[0]} << 8) | b[1]) + 2048;
                break;
            case 2:
                v.payload = ((high << 24) | (uint32_t{b[0]} << 16) | (uint32_t{b[1]} << 8) | b[2]) + 526336;
                break;
            default:
                v.payload = bigEndian(offset, 4);
                break;
        }
        v.type = type, v.size = 0;
        after = offset + ss + 1;
        return true;
    }
    if (type == 0 || (ctrl & 31u) >= 29) return decodeLong(ctrl, offset, v, after);
    const uint32_t size = ctrl & 31u;
    // Of the types a control byte names by itself, only a map (which counts
    // members) has no payload bytes of its own; a double has exactly 8.
    const uint32_t bytes = type == MmdbValue::kMap ? 0 : size;
    if ((type == MmdbValue::kDouble && size != 8) || bytes > size_ - offset) return false;
    v.type = type, v.size = size, v.payload = offset;
    after = offset + bytes;
    return true;
}

bool MmdbData::decodeLong(uint8_t ctrl, uint32_t offset, MmdbValue& v, uint32_t& after) const {
    uint32_t type = ctrl >> 5;
    if (type == 0) {  // extended type: the next byte is the type minus 7
        if (offset >= size_) return false;
        type = 7u + base_[offset++];
        if (type < MmdbValue::kInt32 || type > MmdbValue::kFloat) return false;
    }
    uint32_t size = ctrl & 31u;
    if (size >= 29) {
        const uint32_t extra = size - 28;  // 29: one more byte, 30: two, 31: three
        if (extra > size_ - offset) return false;
        static constexpr uint32_t kBase[4] = {0, 29, 285, 65821};
        size = kBase[extra] + bigEndian(offset, extra);
        offset += extra;
    }
    uint32_t bytes = size;  // of payload
    switch (type) {
        // Maps and arrays count members, booleans hold their value in the
        // size, markers have none.
        case MmdbValue::kMap:
        case MmdbValue::kArray:
        case MmdbValue::kBoolean:
        case MmdbValue::kContainer:
        case MmdbValue::kEndMarker:
            bytes = 0;
            break;
        case MmdbValue::kDouble:
            if (size != 8) return false;
            break;
        case MmdbValue::kFloat:
            if (size != 4) return false;
            break;
        default:
            break;
    }
    if (bytes > size_ - offset) return false;
    v.type = static_cast<uint8_t>(type), v.size = size, v.payload = offset;
    after = offset + bytes;
    return true;
}

inline bool MmdbData::resolve(uint32_t offset, MmdbValue& v, uint32_t& after) const {
    if (!decode(offset, v, after)) return false;
    if (v.type != MmdbValue::kPointer) return true;
    uint32_t ignored = 0;
    // The format allows no pointer to a pointer.
    return decode(v.payload, v, ignored) && v.type != MmdbValue::kPointer;
}

std::optional<MmdbValue> MmdbData::read(uint32_t offset, uint32_t* after) const {
    MmdbValue v;
    uint32_t past = 0;
    if (!resolve(offset, v, past)) return std::nullopt;
    if (after) *after = past;
    return v;
}

std::optional<uint32_t> MmdbData::skip(uint32_t offset) const {
    uint32_t after = 0;
    if (!skipDepth(offset, 0, after)) return std::nullopt;
    return after;
}

bool MmdbData::skipDepth(uint32_t offset, int depth, uint32_t& after) const {
    if (depth > kMaxDepth) return false;
    MmdbValue v;
    if (!decode(offset, v, after)) return false;
    if (v.type != MmdbValue::kMap && v.type != MmdbValue::kArray) return true;
    const uint32_t items = v.type == MmdbValue::kMap ? 2 * v.size : v.size;
    for (uint32_t i = 0; i < items; ++i)
        if (!skipDepth(after, depth + 1, after)) return false;
    return true;
}

bool MmdbData::forEachMember(uint32_t offset, MemberFn fn, void* context) const {
    MmdbValue map, key, value;
    uint32_t at = 0;
    if (!resolve(offset, map, at) || map.type != MmdbValue::kMap) return false;
    for (uint32_t i = 0; i < map.size; ++i) {
        if (!resolve(at, key, at)) return false;
        uint32_t next = 0;
        if (!resolve(at, value, next)) return false;
        // resolve() stepped over a pointer or a scalar; a map or an array
        // written in place has members to step over too.
        const bool in_place = base_[at] >> 5 != MmdbValue::kPointer;
        if (in_place && (value.type == MmdbValue::kMap || value.type == MmdbValue::kArray) && !skipDepth(at, 0, next))
            return false;
        if (key.type == MmdbValue::kString) fn(context, text(key), value);
        at = next;
    }
    return true;
}

std::optional<double> MmdbData::number(const MmdbValue& v) const {
    // Big-endian IEEE 754 (read() checked the payload's size and bounds).
    if (v.type == MmdbValue::kDouble) {
        const uint64_t bits = (uint64_t{bigEndian(v.payload, 4)} << 32) | bigEndian(v.payload + 4, 4);
        double d;
        std::memcpy(&d, &bits, sizeof d);
        return d;
    }
    if (v.type == MmdbValue::kFloat) {
        const uint32_t bits = bigEndian(v.payload, 4);
        float f;
        std::memcpy(&f, &bits, sizeof f);
        return static_cast<double>(f);
    }
    return std::nullopt;
}

}  // namespace ipfacts::facilities::netdb
