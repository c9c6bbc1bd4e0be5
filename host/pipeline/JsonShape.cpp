#include "host/pipeline/JsonShape.h"

#include <algorithm>
#include <cstring>

namespace ipfacts::pipeline {
namespace {

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/// The end of the string starting at `at` (a '"'), just past its closing quote; npos when unterminated.
size_t stringEnd(std::string_view s, size_t at) {
    for (size_t i = at + 1; i < s.size(); ++i) {
        if (s[i] == '\\')
            ++i;
        else if (s[i] == '"')
            return i + 1;
    }
    return std::string_view::npos;
}

/// A byte of a number, true, false or null.
bool isScalarByte(char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-' || c == '+' ||
           c == '.';
}

/// The end of the scalar (number, true, false, null) starting at `at`.
size_t scalarEnd(std::string_view s, size_t at) {
    size_t i = at;
    while (i < s.size() && isScalarByte(s[i])) ++i;
    return i;
}

size_t skipSpace(std::string_view s, size_t i) {
    while (i < s.size() && isSpace(s[i])) ++i;
    return i;
}

/// The end of the value starting at `at` (after any space), matching brackets
/// outside strings; npos when the value does not end.
size_t valueEnd(std::string_view s, size_t at) {
    at = skipSpace(s, at);
    if (at >= s.size()) return std::string_view::npos;
    if (s[at] == '"') return stringEnd(s, at);
    if (s[at] != '{' && s[at] != '[') return scalarEnd(s, at) == at ? std::string_view::npos : scalarEnd(s, at);
    int depth = 0;
    for (size_t i = at; i < s.size(); ++i) {
        const char c = s[i];
        if (c == '"') {
            i = stringEnd(s, i);
            if (i == std::string_view::npos) return i;
            --i;
        } else if (c == '{' || c == '[') {
            ++depth;
        } else if (c == '}' || c == ']') {
            if (--depth == 0) return i + 1;
        }
    }
    return std::string_view::npos;
}

/// The output of prettyJson: written through a pointer into a buffer grown
/// by doubling (appending to a std::string piece by piece cost a pretty
/// /json twice its compact bytes in instructions).
class Writer {
public:
    explicit Writer(size_t expected) : buf_(expected, '\0') {}
    void put(char c) { *room(1) = c, ++n_; }
    void put(std::string_view s) {
        std::memcpy(room(s.size()), s.data(), s.size());
        n_ += s.size();
    }
    void newline(int depth) {
        const size_t k = 1 + size_t(depth) * 2;
        char* p = room(k);
        *p = '\n';
        std::memset(p + 1, ' ', k - 1);
        n_ += k;
    }
    size_t size() const { return n_; }
    std::string take() {
        buf_.resize(n_);
        return std::move(buf_);
    }

private:
    char* room(size_t k) {
        if (n_ + k > buf_.size()) buf_.resize(std::max(buf_.size() * 2, n_ + k));
        return &buf_[n_];
    }
    std::string buf_;
    size_t n_ = 0;
};

}  // namespace

std::string prettyJson(std::string_view json) {
    Writer out(json.size() * 2 + 64);
    // Indentation costs 1 + 2 x depth bytes an element: a deep body of tiny
    // elements (a hostile upstream's raw RDAP) would grow a hundredfold. Past
    // this bound the answer goes out compact, as it came.
    const size_t limit = json.size() * kMaxPrettyGrowth + 4096;
    int depth = 0;
    for (size_t i = 0; i < json.size(); ++i) {
        const char c = json[i];
        if (isSpace(c)) continue;
        if (c == '"') {
            const size_t end = stringEnd(json, i);
            if (end == std::string_view::npos) return std::string(json);
            out.put(json.substr(i, end - i));
            i = end - 1;
        } else if (c == '{' || c == '[') {
            const size_t next = skipSpace(json, i + 1);
            const char close = c == '{' ? '}' : ']';
            if (next < json.size() && json[next] == close) {  // {} and [] stay on one line
                out.put(c);
                out.put(close);
                i = next;
                continue;
            }
            out.put(c);
            out.newline(++depth);
        } else if (c == '}' || c == ']') {
            if (depth == 0) return std::string(json);
            out.newline(--depth);
            out.put(c);
        } else if (c == ',') {
            out.put(',');
            out.newline(depth);
            if (out.size() > limit) return std::string(json);
        } else if (c == ':') {
            out.put(": ");
        } else if (isScalarByte(c)) {
            const size_t end = scalarEnd(json, i);
            out.put(json.substr(i, end - i));
            i = end - 1;
        } else {
            return std::string(json);  // not JSON: left as it came
        }
    }
    if (depth != 0) return std::string(json);
    out.put('\n');
    return out.take();
}

std::string selectMembers(std::string_view json, const std::vector<std::string>& names) {
    size_t i = skipSpace(json, 0);
    if (i >= json.size() || json[i] != '{') return std::string(json);
    std::string out = "{";
    ++i;
    while (true) {
        i = skipSpace(json, i);
        if (i >= json.size()) return std::string(json);
        if (json[i] == '}') break;
        if (json[i] != '"') return std::string(json);
        const size_t name_end = stringEnd(json, i);
        if (name_end == std::string_view::npos) return std::string(json);
        // Member names the host writes need no escapes; a name with one is never selected.
        const std::string_view name = json.substr(i + 1, name_end - i - 2);
        size_t colon = skipSpace(json, name_end);
        if (colon >= json.size() || json[colon] != ':') return std::string(json);
        const size_t value_start = skipSpace(json, colon + 1);
        const size_t value_end = valueEnd(json, value_start);
        if (value_end == std::string_view::npos) return std::string(json);
        if (std::find(names.begin(), names.end(), name) != names.end()) {
            if (out.size() > 1) out += ',';
            out.append(json.substr(i, name_end - i))
                .append(1, ':')
                .append(json.substr(value_start, value_end - value_start));
        }
        i = skipSpace(json, value_end);
        if (i < json.size() && json[i] == ',')
            ++i;
        else if (i >= json.size() || json[i] != '}')
            return std::string(json);
    }
    out += '}';
    return out;
}

}  // namespace ipfacts::pipeline
