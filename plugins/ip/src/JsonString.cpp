#include "JsonString.h"

#include <array>
#include <cstdint>
#include <cstring>

namespace ipfacts::ip {
namespace {

// What a byte needs: 0 nothing (copied in a run), 1 an escape, 2 a UTF-8 check.
constexpr std::array<uint8_t, 256> kClass = [] {
    std::array<uint8_t, 256> t{};
    for (int c = 0; c < 256; ++c) t[c] = c < 0x20 || c == 0x7f || c == '"' || c == '\\' ? 1 : c >= 0x80 ? 2 : 0;
    return t;
}();

constexpr uint64_t kOnes = 0x0101010101010101ull, kHighs = 0x8080808080808080ull;

/// The high bit of each byte of `v` that is zero (the usual bit trick;
/// exact as a yes/no answer).
constexpr uint64_t zeroBytes(uint64_t v) { return (v - kOnes) & ~v & kHighs; }

/// True when one of the 8 bytes in `x` is not copied as it is (a byte of
/// class 1 or 2 above): at or above 0x80, below 0x20, '"', '\\' or DEL.
constexpr bool needsCare(uint64_t x) {
    return ((x & kHighs) | ((x - kOnes * 0x20) & ~x & kHighs) | zeroBytes(x ^ (kOnes * '"')) |
            zeroBytes(x ^ (kOnes * '\\')) | zeroBytes(x ^ (kOnes * 0x7f))) != 0;
}

uint64_t load8(const char* p) {
    uint64_t x;
    std::memcpy(&x, p, 8);
    return x;
}

void store8(char* p, uint64_t x) { std::memcpy(p, &x, 8); }

/// Copies `s` to `p` eight bytes at a time while checking them, as most
/// values (codes, names, times) need nothing else; false as soon as a word
/// needs care (then what was copied is written again by the slow path).
/// Shorter strings are read without a loop: 4 to 7 bytes as two 4-byte
/// words that overlap, 1 to 3 as their first, middle and last byte (which are
/// all of them) in a word padded with 'a', stored whole: the room
/// jsonStringBound leaves holds the overrun.
bool copyPlain(char* p, const char* d, size_t n) {
    if (n < 8) {
        if (n >= 4) {
            uint32_t lo, hi;
            std::memcpy(&lo, d, 4);
            std::memcpy(&hi, d + n - 4, 4);
            if (needsCare(uint64_t{lo} | uint64_t{hi} << 32)) return false;
            std::memcpy(p, &lo, 4);
            std::memcpy(p + n - 4, &hi, 4);
            return true;
        }
        uint64_t x = kOnes * 'a';
        if (n) {
            auto byte = [&](size_t i) { return uint64_t{static_cast<unsigned char>(d[i])}; };
            x = (x & ~uint64_t{0xffffff}) | byte(0) | byte(n / 2) << 8 | byte(n - 1) << 16;
        }
        if (needsCare(x)) return false;
        store8(p, x);
        return true;
    }
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        const uint64_t x = load8(d + i);
        if (needsCare(x)) return false;
        store8(p + i, x);
    }
    if (i < n) {  // the last 8 bytes, overlapping what was checked already
        const uint64_t x = load8(d + n - 8);
        if (needsCare(x)) return false;
        store8(p + n - 8, x);
    }
    return true;
}

char* writeEscape(char* p, unsigned char c) {
    static constexpr char kHex[] = "0123456789abcdef";
    *p++ = '\\';
    switch (c) {
        case '"':
            *p++ = '"';
            return p;
        case '\\':
            *p++ = '\\';
            return p;
        case '\n':
            *p++ = 'n';
            return p;
        case '\r':
            *p++ = 'r';
            return p;
        case '\t':
            *p++ = 't';
            return p;
        case '\b':
            *p++ = 'b';
            return p;
        case '\f':
            *p++ = 'f';
            return p;
        default:
            std::memcpy(p, "u00", 3);
            p[3] = kHex[c >> 4];
            p[4] = kHex[c & 0xf];
            return p + 5;
    }
}

/// Length of the valid UTF-8 sequence starting with the non-ASCII byte at
/// s[i], or 0 when it is not one (JsonWriter's rule).
size_t utf8Length(std::string_view s, size_t i) {
    auto b = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned char c = b(i);
    const size_t n = (c >= 0xC2 && c <= 0xDF) ? 2 : (c >= 0xE0 && c <= 0xEF) ? 3 : (c >= 0xF0 && c <= 0xF4) ? 4 : 0;
    if (n == 0 || i + n > s.size()) return 0;
    for (size_t k = 1; k < n; ++k)
        if ((b(i + k) & 0xC0) != 0x80) return 0;
    if (c == 0xE0 && b(i + 1) < 0xA0) return 0;  // overlong
    if (c == 0xED && b(i + 1) > 0x9F) return 0;  // surrogates
    if (c == 0xF0 && b(i + 1) < 0x90) return 0;  // overlong
    if (c == 0xF4 && b(i + 1) > 0x8F) return 0;  // > U+10FFFF
    return n;
}

}  // namespace

char* writeJsonString(char* p, std::string_view s) {
    const char* d = s.data();
    const size_t n = s.size();
    *p++ = '"';
    if (copyPlain(p, d, n)) {
        p += n;
        *p++ = '"';
        return p;
    }
    size_t run = 0;  // start of the bytes copied as they are, not yet written
    size_t i = 0;
    while (i < n) {
        if (n - i >= 8 && !needsCare(load8(d + i))) {  // eight plain bytes at a time
            i += 8;
            continue;
        }
        const unsigned char c = static_cast<unsigned char>(d[i]);
        const uint8_t kind = kClass[c];
        if (kind == 0) {
            ++i;
            continue;
        }
        if (kind == 2) {
            const size_t len = utf8Length(s, i);
            if (len) {  // valid: stays in the run
                i += len;
                continue;
            }
        }
        std::memcpy(p, d + run, i - run);
        p += i - run;
        if (kind == 1) {
            p = writeEscape(p, c);
        } else {
            std::memcpy(p, "\xEF\xBF\xBD", 3);  // U+FFFD
            p += 3;
        }
        run = ++i;
    }
    if (n > run) {  // (an empty view may hold no pointer at all)
        std::memcpy(p, d + run, n - run);
        p += n - run;
    }
    *p++ = '"';
    return p;
}

void appendJsonString(std::string& out, std::string_view s) {
    const size_t start = out.size();
    out.resize(start + jsonStringBound(s.size()));
    char* end = writeJsonString(out.data() + start, s);
    out.resize(static_cast<size_t>(end - out.data()));
}

}  // namespace ipfacts::ip
