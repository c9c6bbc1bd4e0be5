// ipfacts::JsonWriter — a small, allocation-light JSON writer that produces
// exactly the shapes the API documents: keys in the order written, compact,
// UTF-8 passed through, control characters escaped. Header-only; used by
// plugins and by the host alike so every body is written one way.
#ifndef IPFACTS_JSON_HPP
#define IPFACTS_JSON_HPP

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ipfacts {

/// Streams JSON into a string. Not thread-safe; one writer per body.
/// Misuse (a value where a key is due) is not checked: the shapes are fixed
/// in code and covered by the OpenAPI validation of every test body.
class JsonWriter {
public:
    JsonWriter() { out_.reserve(512); }

    JsonWriter& beginObject() {
        value_prefix();
        out_ += '{';
        first_.push_back(true);
        return *this;
    }
    JsonWriter& endObject() {
        out_ += '}';
        first_.pop_back();
        return *this;
    }
    JsonWriter& beginArray() {
        value_prefix();
        out_ += '[';
        first_.push_back(true);
        return *this;
    }
    JsonWriter& endArray() {
        out_ += ']';
        first_.pop_back();
        return *this;
    }

    /// Writes a key; the next call writes its value.
    JsonWriter& key(std::string_view k) {
        comma();
        append_string(k);
        out_ += ':';
        after_key_ = true;
        return *this;
    }

    JsonWriter& value(std::string_view s) {
        value_prefix();
        append_string(s);
        return *this;
    }
    JsonWriter& value(const char* s) { return s ? value(std::string_view(s)) : null(); }
    JsonWriter& value(const std::string& s) { return value(std::string_view(s)); }
    JsonWriter& value(bool b) {
        value_prefix();
        out_ += b ? "true" : "false";
        return *this;
    }
    JsonWriter& value(int v) { return integer(v); }
    JsonWriter& value(long v) { return integer(v); }
    JsonWriter& value(long long v) { return integer(v); }
    JsonWriter& value(unsigned v) { return integer(static_cast<long long>(v)); }
    JsonWriter& value(unsigned long v) { return integer(static_cast<long long>(v)); }
    JsonWriter& value(unsigned long long v) { return integer(static_cast<long long>(v)); }
    JsonWriter& integer(long long v) {
        value_prefix();
        char buf[24];
        int n = std::snprintf(buf, sizeof buf, "%lld", v);
        out_.append(buf, static_cast<size_t>(n));
        return *this;
    }
    /// Doubles are written with up to `digits` significant digits; NaN and
    /// infinities, which JSON cannot hold, become null.
    JsonWriter& value(double v, int digits = 15) {
        if (!std::isfinite(v)) return null();
        value_prefix();
        char buf[40];
        int n = std::snprintf(buf, sizeof buf, "%.*g", digits, v);
        out_.append(buf, static_cast<size_t>(n));
        return *this;
    }
    JsonWriter& null() {
        value_prefix();
        out_ += "null";
        return *this;
    }

    /// A string, or null when absent.
    JsonWriter& value(const std::optional<std::string>& s) { return s ? value(*s) : null(); }

    /// Inserts already-serialised JSON as a value. The caller vouches for it.
    JsonWriter& raw(std::string_view json) {
        value_prefix();
        out_.append(json);
        return *this;
    }

    template <class T>
    JsonWriter& field(std::string_view k, const T& v) {
        key(k);
        return value(v);
    }
    JsonWriter& fieldNull(std::string_view k) {
        key(k);
        return null();
    }

    const std::string& str() const { return out_; }
    std::string take() { return std::move(out_); }

    /// Appends `s` to `out` as a quoted JSON string.
    static void appendQuoted(std::string& out, std::string_view s) {
        static const char* hex = "0123456789abcdef";
        out += '"';
        for (unsigned char c : s) {
            switch (c) {
                case '"':
                    out += "\\\"";
                    break;
                case '\\':
                    out += "\\\\";
                    break;
                case '\n':
                    out += "\\n";
                    break;
                case '\r':
                    out += "\\r";
                    break;
                case '\t':
                    out += "\\t";
                    break;
                case '\b':
                    out += "\\b";
                    break;
                case '\f':
                    out += "\\f";
                    break;
                default:
                    if (c < 0x20 || c == 0x7f) {
                        out += "\\u00";
                        out += hex[c >> 4];
                        out += hex[c & 0xf];
                    } else {
                        out += static_cast<char>(c);
                    }
            }
        }
        out += '"';
    }

private:
    void comma() {
        if (first_.empty()) return;
        if (first_.back())
            first_.back() = false;
        else
            out_ += ',';
    }
    void value_prefix() {
        if (after_key_) {
            after_key_ = false;
            return;
        }
        comma();
    }
    void append_string(std::string_view s) { appendQuoted(out_, sanitizeUtf8(s)); }

    /// Invalid UTF-8 would make the whole body invalid JSON; replace bad
    /// bytes with U+FFFD instead of passing them through.
    static std::string_view sanitizeUtf8(std::string_view s) {
        if (validUtf8(s)) return s;
        thread_local std::string fixed;
        fixed.clear();
        size_t i = 0;
        while (i < s.size()) {
            size_t n = utf8Length(s, i);
            if (n == 0) {
                fixed += "\xEF\xBF\xBD";
                ++i;
            } else {
                fixed.append(s.substr(i, n));
                i += n;
            }
        }
        return fixed;
    }
    static bool validUtf8(std::string_view s) {
        for (size_t i = 0; i < s.size();) {
            size_t n = utf8Length(s, i);
            if (n == 0) return false;
            i += n;
        }
        return true;
    }
    /// Length of the valid UTF-8 sequence at s[i], or 0 if it is not valid.
    static size_t utf8Length(std::string_view s, size_t i) {
        auto b = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
        unsigned char c = b(i);
        if (c < 0x80) return 1;
        size_t n = (c >= 0xC2 && c <= 0xDF) ? 2 : (c >= 0xE0 && c <= 0xEF) ? 3 : (c >= 0xF0 && c <= 0xF4) ? 4 : 0;
        if (n == 0 || i + n > s.size()) return 0;
        for (size_t k = 1; k < n; ++k)
            if ((b(i + k) & 0xC0) != 0x80) return 0;
        if (c == 0xE0 && b(i + 1) < 0xA0) return 0;  // overlong
        if (c == 0xED && b(i + 1) > 0x9F) return 0;  // surrogates
        if (c == 0xF0 && b(i + 1) < 0x90) return 0;  // overlong
        if (c == 0xF4 && b(i + 1) > 0x8F) return 0;  // > U+10FFFF
        return n;
    }

    std::string out_;
    std::vector<bool> first_;
    bool after_key_ = false;
};

}  // namespace ipfacts

#endif
