// MmdbData: values of an mmdb data section read in place, on hand-made bytes
// for every encoding the MaxMind DB format 2.0 defines for them (pointer
// sizes, extended types, the long size forms, nesting) and for malformed
// data, which reads as absent rather than past the end.
#include "host/facilities/netdb/MmdbData.h"

#include <cppunit/extensions/HelperMacros.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

using ipfacts::facilities::netdb::MmdbData;
using ipfacts::facilities::netdb::MmdbValue;

namespace {

using Bytes = std::vector<uint8_t>;

Bytes str(const std::string& s) {  // a string of fewer than 29 bytes
    Bytes b(1 + s.size());
    b[0] = static_cast<uint8_t>(0x40 | s.size());
    std::copy(s.begin(), s.end(), b.begin() + 1);
    return b;
}

Bytes floatValue(float f) {  // extended type 15, size 4, big-endian
    uint32_t bits;
    std::memcpy(&bits, &f, 4);
    return {0x04, 0x08, uint8_t(bits >> 24), uint8_t(bits >> 16), uint8_t(bits >> 8), uint8_t(bits)};
}

Bytes doubleValue(double d) {  // type 3, size 8, big-endian
    uint64_t bits;
    std::memcpy(&bits, &d, 8);
    Bytes b{0x68};
    for (int i = 7; i >= 0; --i) b.push_back(uint8_t(bits >> (8 * i)));
    return b;
}

Bytes cat(std::initializer_list<Bytes> parts) {
    Bytes out;
    for (const auto& p : parts) out.insert(out.end(), p.begin(), p.end());
    return out;
}

std::string textAt(const Bytes& b, uint32_t offset, uint32_t* after = nullptr) {
    MmdbData d(b.data(), static_cast<uint32_t>(b.size()));
    uint32_t past = 0;
    auto v = d.read(offset, &past);
    if (after) *after = past;
    if (!v || v->type != MmdbValue::kString) return "(none)";
    return std::string(d.text(*v));
}

}  // namespace

class MmdbDataTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(MmdbDataTest);
    CPPUNIT_TEST(flatMapMembersInOrder);
    CPPUNIT_TEST(numbersAreBigEndian);
    CPPUNIT_TEST(pointersOfEverySize);
    CPPUNIT_TEST(longSizeForms);
    CPPUNIT_TEST(nestedValuesAreSteppedOver);
    CPPUNIT_TEST(malformedDataReadsAsAbsent);
    CPPUNIT_TEST_SUITE_END();

public:
    void flatMapMembersInOrder() {
        const Bytes b = cat({{0xE3}, str("city"), str("Berlin"), str("n"), floatValue(1.5f), str("e"), str("")});
        MmdbData d(b.data(), static_cast<uint32_t>(b.size()));
        std::string seen;
        CPPUNIT_ASSERT(d.forEachMember(0, [&](std::string_view key, const MmdbValue& v) {
            seen += std::string(key) + "=";
            if (v.type == MmdbValue::kString)
                seen += "'" + std::string(d.text(v)) + "' ";
            else
                seen += std::to_string(d.number(v).value_or(-1)) + " ";
        }));
        CPPUNIT_ASSERT_EQUAL(std::string("city='Berlin' n=1.500000 e='' "), seen);
        CPPUNIT_ASSERT(!d.forEachMember(1, [](std::string_view, const MmdbValue&) {}));  // a string is no map
    }
    void numbersAreBigEndian() {
        const Bytes b = cat({doubleValue(-122.0775), floatValue(37.4056f), str("x")});
        MmdbData d(b.data(), static_cast<uint32_t>(b.size()));
        uint32_t at = 0;
        auto dbl = d.read(0, &at);
        CPPUNIT_ASSERT(dbl && dbl->type == MmdbValue::kDouble);
        CPPUNIT_ASSERT_EQUAL(-122.0775, d.number(*dbl).value());
        CPPUNIT_ASSERT_EQUAL(9u, at);
        auto flt = d.read(at, &at);
        CPPUNIT_ASSERT(flt && flt->type == MmdbValue::kFloat);
        CPPUNIT_ASSERT_EQUAL(static_cast<double>(37.4056f), d.number(*flt).value());
        auto s = d.read(at, &at);
        CPPUNIT_ASSERT(s && !d.number(*s));  // a string is no number
    }
    void pointersOfEverySize() {
        // Targets at offsets that need each pointer size: 1+1 bytes (with the
        // 3 high bits), 1+2 (+2048), 1+3 (+526336) and 1+4 (absolute).
        Bytes b(600000, 0);
        auto put = [&](size_t at, const Bytes& v) { std::copy(v.begin(), v.end(), b.begin() + at); };
        put(300, str("eleven-bit"));  // (1 << 8) | 44
        put(2048 + 0x0102, str("nineteen-bit"));
        put(526336 + 0x010203, str("twenty-seven"));
        put(70000, str("thirty-two"));
        put(0, {0x21, 44});                      // ss=0, vvv=1
        put(2, {0x28, 0x01, 0x02});              // ss=1
        put(5, {0x30, 0x01, 0x02, 0x03});        // ss=2
        put(9, {0x38, 0x00, 0x01, 0x11, 0x70});  // ss=3: 0x00011170 = 70000
        uint32_t after = 0;
        CPPUNIT_ASSERT_EQUAL(std::string("eleven-bit"), textAt(b, 0, &after));
        CPPUNIT_ASSERT_EQUAL(2u, after);  // past the pointer, not its target
        CPPUNIT_ASSERT_EQUAL(std::string("nineteen-bit"), textAt(b, 2, &after));
        CPPUNIT_ASSERT_EQUAL(5u, after);
        CPPUNIT_ASSERT_EQUAL(std::string("twenty-seven"), textAt(b, 5, &after));
        CPPUNIT_ASSERT_EQUAL(9u, after);
        CPPUNIT_ASSERT_EQUAL(std::string("thirty-two"), textAt(b, 9, &after));
        CPPUNIT_ASSERT_EQUAL(14u, after);
        MmdbData d(b.data(), static_cast<uint32_t>(b.size()));
        CPPUNIT_ASSERT_EQUAL(2u, d.skip(0).value());  // skipping a pointer skips the pointer only
        // The same pointer in a section that ends before its target.
        const Bytes shorter(b.begin(), b.begin() + 526336 + 0x010203);
        CPPUNIT_ASSERT_EQUAL(std::string("(none)"), textAt(shorter, 5));
    }
    void longSizeForms() {
        for (size_t n : {size_t(28), size_t(29), size_t(284), size_t(285), size_t(300), size_t(65820), size_t(65821),
                         size_t(70000)}) {
            Bytes b;
            if (n < 29)
                b = {uint8_t(0x40 | n)};
            else if (n < 285)
                b = {0x5D, uint8_t(n - 29)};
            else if (n < 65821)
                b = {0x5E, uint8_t((n - 285) >> 8), uint8_t(n - 285)};
            else
                b = {0x5F, uint8_t((n - 65821) >> 16), uint8_t((n - 65821) >> 8), uint8_t(n - 65821)};
            const size_t head = b.size();
            b.resize(head + n, 'a');
            uint32_t after = 0;
            CPPUNIT_ASSERT_EQUAL_MESSAGE(std::to_string(n), std::string(n, 'a'), textAt(b, 0, &after));
            CPPUNIT_ASSERT_EQUAL(static_cast<uint32_t>(head + n), after);
            b.pop_back();  // one byte short: refused
            CPPUNIT_ASSERT_EQUAL(std::string("(none)"), textAt(b, 0));
        }
    }
    void nestedValuesAreSteppedOver() {
        // {"m": {"x": [uint16 1, uint32 2], "y": true, "u": uint64 0}, "z": "ok"}
        const Bytes inner = cat(
            {{0xE3}, str("x"), {0x02, 0x04, 0xA1, 0x01, 0xC1, 0x02}, str("y"), {0x01, 0x07}, str("u"), {0x00, 0x02}});
        const Bytes b = cat({{0xE2}, str("m"), inner, str("z"), str("ok")});
        MmdbData d(b.data(), static_cast<uint32_t>(b.size()));
        std::string seen;
        CPPUNIT_ASSERT(d.forEachMember(0, [&](std::string_view key, const MmdbValue& v) {
            seen += std::string(key) + ":" + std::to_string(v.type) + ":" + std::to_string(v.size) + " ";
        }));
        CPPUNIT_ASSERT_EQUAL(std::string("m:7:3 z:2:2 "), seen);
        CPPUNIT_ASSERT_EQUAL(static_cast<uint32_t>(b.size()), d.skip(0).value());
        CPPUNIT_ASSERT_EQUAL(static_cast<uint32_t>(3 + inner.size()), d.skip(3).value());  // the inner map alone
        // A map value reached through a pointer is stepped over as the pointer.
        const Bytes viaPointer = cat({{0xE2}, str("m"), {0x20, 0x0A}, str("z"), str("ok"), inner});  // inner at 10
        MmdbData p(viaPointer.data(), static_cast<uint32_t>(viaPointer.size()));
        seen.clear();
        CPPUNIT_ASSERT(p.forEachMember(0, [&](std::string_view key, const MmdbValue& v) {
            seen += std::string(key) + ":" + std::to_string(v.type) + " ";
        }));
        CPPUNIT_ASSERT_EQUAL(std::string("m:7 z:2 "), seen);
    }
    void malformedDataReadsAsAbsent() {
        auto none = [](const Bytes& b) {
            MmdbData d(b.data(), static_cast<uint32_t>(b.size()));
            uint32_t at = 0;
            return !d.read(0, &at);
        };
        CPPUNIT_ASSERT(none({}));                                 // nothing at all
        CPPUNIT_ASSERT(none({0x45, 'a', 'b'}));                   // string past the end
        CPPUNIT_ASSERT(none({0x20, 0x02, 0x20, 0x00}));           // pointer to a pointer
        CPPUNIT_ASSERT(none({0x20, 0x09}));                       // pointer past the end
        CPPUNIT_ASSERT(none({0x64, 0, 0, 0, 0}));                 // double of 4 bytes
        CPPUNIT_ASSERT(none({0x08, 0x08, 0, 0, 0, 0, 0, 0, 0}));  // float of 8 bytes
        CPPUNIT_ASSERT(none({0x00, 0x00}));                       // extended type 7 is not extended
        CPPUNIT_ASSERT(none({0x00, 0x09}));                       // extended type 16 does not exist
        CPPUNIT_ASSERT(none({0x00}));                             // extended type byte missing
        CPPUNIT_ASSERT(none({0x5E, 0x00}));                       // size bytes missing
        MmdbData d(nullptr, 0);
        uint32_t at = 0;
        CPPUNIT_ASSERT(!d.read(5, &at));
        // A map whose members run past the end, and nesting past any real file.
        const Bytes truncated = cat({{0xE2}, str("a"), str("b"), str("c")});
        MmdbData t(truncated.data(), static_cast<uint32_t>(truncated.size()));
        int calls = 0;
        CPPUNIT_ASSERT(!t.forEachMember(0, [&](std::string_view, const MmdbValue&) { ++calls; }));
        CPPUNIT_ASSERT_EQUAL(1, calls);
        Bytes nested;  // 40 nested one-element arrays (extended type 11)
        for (int i = 0; i < 40; ++i) nested.insert(nested.end(), {0x01, 0x04});
        nested.push_back(0x41), nested.push_back('x');
        MmdbData n(nested.data(), static_cast<uint32_t>(nested.size()));
        CPPUNIT_ASSERT(!n.skip(0));
    }
};
CPPUNIT_TEST_SUITE_REGISTRATION(MmdbDataTest);
