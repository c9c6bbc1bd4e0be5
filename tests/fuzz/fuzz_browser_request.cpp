// Fuzz target: what the account pages read from a browser's request
// (host/account/BrowserRequest.cpp: the form body, the Cookie header, the
// cross-site rule, e-mail addresses) and the escaping of every value they show
// (host/html/HtmlText.cpp). The input is split on '\n' into: Content-Type,
// body, Cookie, Origin, Sec-Fetch-Site, Host, an e-mail address as typed; an
// empty field is a header not sent.
#include "host/account/BrowserRequest.h"
#include "host/html/HtmlText.h"

#include "tests/fuzz/FuzzCheck.h"

#include <cctype>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

using namespace ipfacts::account;
using ipfacts::pipeline::HttpRequest;

namespace {

constexpr size_t kFields = 7;

std::vector<std::string> splitFields(std::string_view in) {
    std::vector<std::string> out;
    while (out.size() + 1 < kFields) {
        size_t nl = in.find('\n');
        if (nl == std::string_view::npos) break;
        out.emplace_back(in.substr(0, nl));
        in.remove_prefix(nl + 1);
    }
    out.emplace_back(in);
    out.resize(kFields);
    return out;
}

bool startsWithNoCase(std::string_view s, std::string_view p) {
    if (s.size() < p.size()) return false;
    for (size_t i = 0; i < p.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(s[i])) != p[i]) return false;
    return true;
}

void checkEmail(std::string_view text) {
    auto a = emailAddress(text);
    if (!a) return;
    FUZZ_CHECK(a->size() >= 3 && a->size() <= 254);
    FUZZ_CHECK(a->find('@') != std::string::npos && a->find('@') == a->rfind('@'));
    for (char c : *a) FUZZ_CHECK(static_cast<unsigned char>(c) > 0x20 && c != 0x7f && c != '<' && c != '>');
    auto again = emailAddress(*a);
    FUZZ_CHECK(again && *again == *a);  // idempotent
}

void checkEscape(std::string_view text) {
    const std::string e = ipfacts::html::escape(text);
    FUZZ_CHECK(e.size() >= text.size());
    for (char c : e) FUZZ_CHECK(c != '<' && c != '>' && c != '"' && c != '\'');
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const auto f = splitFields(std::string_view(reinterpret_cast<const char*>(data), size));
    HttpRequest r;
    r.method = "POST";
    r.body = f[1];
    const char* names[] = {"Content-Type", nullptr, "Cookie", "Origin", "Sec-Fetch-Site", "Host"};
    for (size_t i = 0; i < 6; ++i)
        if (names[i] && !f[i].empty()) r.headers.push_back({names[i], f[i]});

    if (auto form = formOf(r)) {
        std::string_view type = f[0];
        while (!type.empty() && (type.front() == ' ' || type.front() == '\t')) type.remove_prefix(1);
        FUZZ_CHECK(startsWithNoCase(type, "application/x-www-form-urlencoded"));
    }
    if (auto c = cookieOf(r, "ipf_session")) {
        FUZZ_CHECK(c->find(';') == std::string::npos);
        FUZZ_CHECK(f[2].find(*c) != std::string::npos);
    }
    const bool same = sameOriginPost(r);
    if (f[4] == "cross-site" || f[4] == "same-site") FUZZ_CHECK(!same);
    if (f[4].empty() && f[3].empty()) FUZZ_CHECK(same);  // no browser page sent it: a script
    checkEmail(f[6]);
    checkEscape(f[6]);
    return 0;
}
