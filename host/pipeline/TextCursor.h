// TextCursor: appends text and decimal numbers to a string through a
// pointer into its spare room, instead of one std::string::append per piece.
// The access log line, the quota headers and the response head are each a
// dozen or more pieces written on every request; appended piece by piece
// (and formatted with snprintf or fmt) they cost more than the rest of
// their stage. The string grows when the room runs short, so the size given
// at the start is a hint, never a limit; when the cursor goes, the string
// is trimmed to what was written.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace ipfacts::pipeline {

class TextCursor {
public:
    /// Writes after the current end of `out`, which gets room for `expected`
    /// more bytes now.
    TextCursor(std::string& out, size_t expected);
    ~TextCursor();
    TextCursor(const TextCursor&) = delete;
    TextCursor& operator=(const TextCursor&) = delete;

    // Defined here: called a dozen times per line, a call each cost as much as the copy.
    TextCursor& text(std::string_view s) {
        if (!s.empty()) std::memcpy(room(s.size()), s.data(), s.size());
        at_ += s.size();
        return *this;
    }
    TextCursor& text(char c) {
        *room(1) = c;
        ++at_;
        return *this;
    }
    /// `v` in decimal: "-42", "0", "9223372036854775807".
    TextCursor& decimal(int64_t v);
    /// `v` zero-padded to at least `width` digits ("007" for 7, 3); a value
    /// with more digits is written whole.
    TextCursor& zeroPadded(uint32_t v, uint32_t width);

private:
    /// A pointer to at least `n` bytes of room.
    char* room(size_t n) {
        if (static_cast<size_t>(end_ - at_) < n) grow(n);
        return at_;
    }
    void grow(size_t n);

    std::string& out_;
    char* at_;   // next byte to write
    char* end_;  // end of the room (out_'s current size)
};

}  // namespace ipfacts::pipeline
