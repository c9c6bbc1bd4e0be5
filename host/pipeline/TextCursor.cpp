#include "host/pipeline/TextCursor.h"

#include <algorithm>
#include <charconv>
#include <cstring>

namespace ipfacts::pipeline {

TextCursor::TextCursor(std::string& out, size_t expected) : out_(out) {
    const size_t used = out.size();
    out.resize(used + expected);
    at_ = out.data() + used;
    end_ = out.data() + out.size();
}

TextCursor::~TextCursor() { out_.resize(static_cast<size_t>(at_ - out_.data())); }

void TextCursor::grow(size_t n) {
    const size_t used = static_cast<size_t>(at_ - out_.data());
    out_.resize(std::max(used + n, 2 * out_.size()));
    at_ = out_.data() + used;
    end_ = out_.data() + out_.size();
}

TextCursor& TextCursor::decimal(int64_t v) {
    char* p = room(20);  // a sign and 19 digits hold every int64_t
    at_ = std::to_chars(p, p + 20, v).ptr;
    return *this;
}

TextCursor& TextCursor::zeroPadded(uint32_t v, uint32_t width) {
    char digits[10];  // every uint32_t
    const auto n = static_cast<uint32_t>(std::to_chars(digits, digits + sizeof digits, v).ptr - digits);
    char* p = room(std::max(n, width));
    if (n < width) p = std::fill_n(p, width - n, '0');
    std::memcpy(p, digits, n);
    at_ = p + n;
    return *this;
}

}  // namespace ipfacts::pipeline
