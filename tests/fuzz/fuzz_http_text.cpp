// Fuzz target: the HTTP text routines of host/pipeline/HttpText.cpp, which see
// every request target as the client sent it. The whole input is a request
// target ("/path?query"); percentDecode (both modes), parseQuery,
// redactSecretParams, removeKeyParam and iequals run on it, with their invariants.
#include "host/pipeline/HttpText.h"

#include "tests/fuzz/FuzzCheck.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

using namespace ipfacts::pipeline;

namespace {

constexpr std::string_view kReplacement = "REDACTED";

char lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c + 32) : c; }

int hexDigit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    c = lower(c);
    return (c >= 'a' && c <= 'f') ? c - 'a' + 10 : -1;
}

/// The key-parameter rule of HttpText.h, written again independently: the
/// name (up to the first '='), percent-decoded ('+' is a space, a bad escape
/// or %00 makes it no key), is "key" in any letter case.
bool isKeyParam(std::string_view p) {
    std::string_view name = p.substr(0, p.find('='));
    std::string decoded;
    for (size_t i = 0; i < name.size(); ++i) {
        char c = name[i];
        if (c == '%') {
            if (i + 2 >= name.size()) return false;
            int hi = hexDigit(name[i + 1]), lo = hexDigit(name[i + 2]);
            if (hi < 0 || lo < 0 || (hi == 0 && lo == 0)) return false;
            c = static_cast<char>(hi * 16 + lo);
            i += 2;
        } else if (c == '+') {
            c = ' ';
        }
        decoded += lower(c);
    }
    return decoded == "key";
}

/// The query parameters of a target, split on '&' and ';' after the first
/// '?' (as the rewriting routines split them); empty when there is no '?'.
std::vector<std::string_view> paramsOf(std::string_view target) {
    std::vector<std::string_view> out;
    size_t q = target.find('?');
    if (q == std::string_view::npos) return out;
    std::string_view query = target.substr(q + 1);
    while (true) {
        size_t end = query.find_first_of("&;");
        out.push_back(query.substr(0, end));
        if (end == std::string_view::npos) break;
        query.remove_prefix(end + 1);
    }
    return out;
}

std::string percentEncodeAll(std::string_view s) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string out;
    for (unsigned char c : s) {
        out += '%';
        out += kHex[c >> 4];
        out += kHex[c & 0x0f];
    }
    return out;
}

void checkPercentDecode(std::string_view in, bool plus_is_space) {
    auto out = percentDecode(in, plus_is_space);
    if (!out) return;
    FUZZ_CHECK(out->size() <= in.size());
    FUZZ_CHECK(out->find('\0') == std::string::npos);
    if (in.find('%') == std::string_view::npos && (!plus_is_space || in.find('+') == std::string_view::npos))
        FUZZ_CHECK(*out == in);
}

void checkQuery(std::string_view query) {
    auto pairs = parseQuery(query);
    if (!pairs) return;
    size_t params = 1;
    for (char c : query) params += c == '&';
    FUZZ_CHECK(pairs->size() <= params);
    for (const auto& [name, value] : *pairs) {
        FUZZ_CHECK(name.find('\0') == std::string::npos);
        FUZZ_CHECK(value.find('\0') == std::string::npos);
    }
}

void checkRemove(std::string_view target) {
    std::string out = removeKeyParam(target);
    FUZZ_CHECK(out.size() <= target.size());
    FUZZ_CHECK(out.substr(0, out.find('?')) == target.substr(0, target.find('?')));
    for (std::string_view p : paramsOf(out)) FUZZ_CHECK(!isKeyParam(p));
    // Every parameter that is not a key survives, in order.
    std::vector<std::string_view> kept;
    for (std::string_view p : paramsOf(target))
        if (!isKeyParam(p)) kept.push_back(p);
    FUZZ_CHECK(paramsOf(out) == kept || (kept.empty() && out.find('?') == std::string::npos));
    FUZZ_CHECK(removeKeyParam(out) == out);
}

void checkRedact(std::string_view target) {
    std::string out = redactSecretParams(target, kReplacement);
    size_t q = target.find('?');
    FUZZ_CHECK(out.substr(0, out.find('?')) == target.substr(0, q));
    std::vector<std::string_view> before = paramsOf(target), after = paramsOf(out);
    FUZZ_CHECK(before.size() == after.size());
    const std::string redacted = "key=" + std::string(kReplacement);
    const std::string redacted_token = "token=" + std::string(kReplacement);
    for (size_t i = 0; i < before.size(); ++i) {
        if (isKeyParam(before[i]))
            FUZZ_CHECK(after[i] == redacted);
        else if (hasSecretParam(before[i]))
            FUZZ_CHECK(after[i] == redacted_token);  // a sign-in token
        else
            FUZZ_CHECK(after[i] == before[i]);
    }
    // The key's value is gone: where it still occurs, it occurs in what was
    // kept anyway (the path, another parameter) or in the replacement text.
    // A value holds no '&' or ';', so any occurrence lies inside one segment
    // of `out`: a kept parameter (also in `rest`) or "key=REDACTED", possibly
    // preceded by "path?" when it is the first.
    const std::string rest = removeKeyParam(target);
    const std::string first = std::string(target.substr(0, q)) + "?" + redacted;
    for (std::string_view p : before) {
        const size_t eq = p.find('=');
        if (!isKeyParam(p) || eq == std::string_view::npos || eq + 1 == p.size()) continue;
        std::string_view value = p.substr(eq + 1);
        if (out.find(value) == std::string::npos) continue;
        FUZZ_CHECK(rest.find(value) != std::string::npos || first.find(value) != std::string::npos ||
                   redacted_token.find(value) != std::string::npos);
    }
}

void checkIequals(std::string_view a, std::string_view b) {
    bool eq = iequals(a, b);
    FUZZ_CHECK(eq == iequals(b, a));
    FUZZ_CHECK(iequals(a, a));
    bool expected = a.size() == b.size();
    for (size_t i = 0; expected && i < a.size(); ++i) expected = lower(a[i]) == lower(b[i]);
    FUZZ_CHECK(eq == expected);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    // A view of libFuzzer's own buffer, which ends exactly where the input does,
    // so ASan sees a read one byte too far.
    const std::string_view in(reinterpret_cast<const char*>(data), size);

    checkPercentDecode(in, true);
    checkPercentDecode(in, false);
    // Encoding every byte and decoding it again gives the bytes back, NUL aside.
    if (in.size() <= 256) {
        auto back = percentDecode(percentEncodeAll(in), false);
        FUZZ_CHECK(back.has_value() == (in.find('\0') == std::string_view::npos));
        if (back) FUZZ_CHECK(*back == in);
    }

    size_t q = in.find('?');
    checkQuery(q == std::string_view::npos ? in : in.substr(q + 1));
    checkRemove(in);
    checkRedact(in);

    size_t half = in.size() / 2;
    checkIequals(in.substr(0, half), in.substr(half));
    return 0;
}
