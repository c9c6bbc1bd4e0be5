#include "TxtText.h"

namespace ipfacts::mail {
namespace {

bool isDigit(char c) { return c >= '0' && c <= '9'; }

// Decodes the escape at data[i] (a backslash) into out; returns the index
// after it.
size_t decodeEscape(std::string_view data, size_t i, std::string& out) {
    if (i + 3 < data.size() && isDigit(data[i + 1]) && isDigit(data[i + 2]) && isDigit(data[i + 3])) {
        const int value = (data[i + 1] - '0') * 100 + (data[i + 2] - '0') * 10 + (data[i + 3] - '0');
        if (value <= 255) {
            out += static_cast<char>(value);
            return i + 4;
        }
    }
    if (i + 1 < data.size()) {
        out += data[i + 1];
        return i + 2;
    }
    out += '\\';  // a lone backslash at the end: kept
    return i + 1;
}

// Walks the strings of data, calling take(text) for each.
template <class Take>
void eachString(std::string_view data, Take take) {
    size_t i = 0;
    while (i < data.size()) {
        while (i < data.size() && (data[i] == ' ' || data[i] == '\t')) ++i;
        if (i >= data.size()) break;
        std::string text;
        if (data[i] == '"') {
            ++i;
            while (i < data.size() && data[i] != '"')
                i = data[i] == '\\' ? decodeEscape(data, i, text) : (text += data[i], i + 1);
            ++i;  // the closing quote (or past the end)
        } else {
            while (i < data.size() && data[i] != ' ' && data[i] != '\t')
                i = data[i] == '\\' ? decodeEscape(data, i, text) : (text += data[i], i + 1);
        }
        take(text);
    }
}

}  // namespace

std::string joinTxtStrings(std::string_view data) {
    std::string joined;
    eachString(data, [&](const std::string& s) { joined += s; });
    return joined;
}

size_t txtStringCount(std::string_view data) {
    size_t n = 0;
    eachString(data, [&](const std::string&) { ++n; });
    return n;
}

}  // namespace ipfacts::mail
