// minifiedJson: JSON text with its layout taken out (the whitespace outside
// strings), strings kept byte for byte: what compares a pretty answer with a
// compact one (FrontDoorTest, fuzz_front_door).
#pragma once

#include <string>
#include <string_view>

namespace ipfacts::testing {

inline std::string minifiedJson(std::string_view s) {
    std::string out;
    bool in_string = false;
    for (size_t i = 0; i < s.size(); ++i) {
        const char c = s[i];
        if (in_string) {
            out += c;
            if (c == '\\' && i + 1 < s.size())
                out += s[++i];
            else if (c == '"')
                in_string = false;
        } else if (c == '"') {
            in_string = true;
            out += c;
        } else if (c != ' ' && c != '\n' && c != '\t' && c != '\r') {
            out += c;
        }
    }
    return out;
}

}  // namespace ipfacts::testing
