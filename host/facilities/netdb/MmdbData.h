// MmdbData: reads values of an mmdb file's data section where they lie (the
// "Data Section" of the MaxMind DB File Format Specification 2.0), with no
// allocation. libmaxminddb's MMDB_get_entry_data_list decodes a record into a
// list it callocs node by node, which was the largest single cost of a /json
// request; a flat record needs no list: its members are read in one pass.
// Every read is bounds-checked; a malformed value reads as absent.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <type_traits>

namespace ipfacts::facilities::netdb {

/// One decoded value: its type, its size field and where its payload starts.
struct MmdbValue {
    enum Type : uint8_t {
        kPointer = 1,
        kString = 2,
        kDouble = 3,
        kBytes = 4,
        kUint16 = 5,
        kUint32 = 6,
        kMap = 7,
        kInt32 = 8,
        kUint64 = 9,
        kUint128 = 10,
        kArray = 11,
        kContainer = 12,
        kEndMarker = 13,
        kBoolean = 14,
        kFloat = 15,
    };
    uint8_t type = 0;
    uint32_t size = 0;     // bytes of payload; members of a map, elements of an array; a boolean's value
    uint32_t payload = 0;  // offset of the payload in the data section
};

class MmdbData {
public:
    /// `base` and `size`: MMDB_s::data_section and data_section_size.
    MmdbData(const uint8_t* base, uint32_t size) : base_(base), size_(size) {}

    /// The value at `offset`, a pointer followed to what it points at; `*after`
    /// is set to the offset just past it where it was read (past the pointer,
    /// not its target). nullopt when it runs past the end or is malformed.
    std::optional<MmdbValue> read(uint32_t offset, uint32_t* after) const;

    /// The offset just past the whole value at `offset` (a map's or array's
    /// members included, a pointer's target not); nullopt when malformed.
    std::optional<uint32_t> skip(uint32_t offset) const;

    /// Calls `fn(context, key, value)` for each member of the map at `offset`
    /// whose key is a string, in file order. False when it is no map or is
    /// malformed (members already visited stay visited).
    using MemberFn = void (*)(void* context, std::string_view key, const MmdbValue& value);
    bool forEachMember(uint32_t offset, MemberFn fn, void* context) const;

    /// The same with any callable `f(key, value)`.
    template <class F>
    bool forEachMember(uint32_t offset, F&& f) const {
        using Fn = std::remove_reference_t<F>;
        auto call = [](void* c, std::string_view key, const MmdbValue& v) { (*static_cast<Fn*>(c))(key, v); };
        return forEachMember(offset, +call, const_cast<void*>(static_cast<const void*>(&f)));
    }

    /// The bytes of a string value (read() checked they are in bounds).
    std::string_view text(const MmdbValue& v) const {
        return std::string_view(reinterpret_cast<const char*>(base_ + v.payload), v.size);
    }
    /// A double or float value as double; nullopt for any other type.
    std::optional<double> number(const MmdbValue& v) const;

private:
    /// Decodes the control byte(s) at `offset` into `v`, not following a
    /// pointer; `after` is the offset past the bytes read. False when malformed.
    bool decode(uint32_t offset, MmdbValue& v, uint32_t& after) const;
    /// decode(), then a pointer followed to its target.
    bool resolve(uint32_t offset, MmdbValue& v, uint32_t& after) const;
    /// The rare forms decode() hands on: extended types and long sizes.
    bool decodeLong(uint8_t ctrl, uint32_t offset, MmdbValue& v, uint32_t& after) const;
    bool skipDepth(uint32_t offset, int depth, uint32_t& after) const;
    /// `n` big-endian bytes at `offset` as an unsigned number (n <= 4).
    uint32_t bigEndian(uint32_t offset, uint32_t n) const;

    const uint8_t* base_;
    uint32_t size_;
};

}  // namespace ipfacts::facilities::netdb
