#include "host/account/BrowserRequest.h"

#include "host/pipeline/HttpText.h"

#include <algorithm>
#include <cctype>

namespace ipfacts::account {
namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n'))
        s.remove_suffix(1);
    return s;
}

bool startsWithNoCase(std::string_view s, std::string_view prefix) {
    return s.size() >= prefix.size() && pipeline::iequals(s.substr(0, prefix.size()), prefix);
}

}  // namespace

std::optional<std::string_view> headerOf(const pipeline::HttpRequest& r, std::string_view name) {
    for (const auto& h : r.headers)
        if (pipeline::iequals(h.name, name)) return h.value;
    return std::nullopt;
}

std::optional<std::map<std::string, std::string>> formOf(const pipeline::HttpRequest& r) {
    auto type = headerOf(r, "Content-Type");
    if (!type || !startsWithNoCase(trim(*type), "application/x-www-form-urlencoded")) return std::nullopt;
    auto pairs = pipeline::parseQuery(r.body);
    if (!pairs) return std::nullopt;
    std::map<std::string, std::string> out;
    for (auto& [k, v] : *pairs) out[k] = std::move(v);
    return out;
}

std::optional<std::string> cookieOf(const pipeline::HttpRequest& r, std::string_view name) {
    for (const auto& h : r.headers) {
        if (!pipeline::iequals(h.name, "Cookie")) continue;
        std::string_view rest = h.value;
        while (!rest.empty()) {
            size_t semi = rest.find(';');
            std::string_view pair = trim(rest.substr(0, semi));
            size_t eq = pair.find('=');
            if (eq != std::string_view::npos && pair.substr(0, eq) == name) return std::string(pair.substr(eq + 1));
            if (semi == std::string_view::npos) break;
            rest.remove_prefix(semi + 1);
        }
    }
    return std::nullopt;
}

bool wantsHtml(const pipeline::HttpRequest& r) {
    auto accept = headerOf(r, "Accept");
    return accept && accept->find("text/html") != std::string_view::npos;
}

bool sameOriginPost(const pipeline::HttpRequest& r) {
    // Fetch metadata first: browsers send it and pages cannot forge it. It also
    // covers "Origin: null", which a strict referrer policy makes browsers send.
    if (auto site = headerOf(r, "Sec-Fetch-Site")) {
        std::string_view s = trim(*site);
        return s == "same-origin" || s == "none";
    }
    // Browsers without it: the Origin, when sent, must be this host.
    auto origin = headerOf(r, "Origin");
    if (!origin) return true;
    std::string_view o = trim(*origin);
    size_t scheme = o.find("://");
    auto host = headerOf(r, "Host");
    // "null" (a sandboxed or privacy-sensitive context) names no origin we can trust.
    if (scheme == std::string_view::npos || !host) return false;
    // Scheme aside: TLS may end at a proxy in front of the service.
    return pipeline::iequals(o.substr(scheme + 3), trim(*host));
}

/// Well-formed UTF-8 (no stray continuation byte, no cut sequence, no overlong
/// form or surrogate): what a mail server and a log can carry.
bool validUtf8(std::string_view s) {
    for (size_t i = 0; i < s.size();) {
        const auto b = static_cast<unsigned char>(s[i]);
        const size_t n = b < 0x80 ? 1 : (b >> 5) == 0x6 ? 2 : (b >> 4) == 0xE ? 3 : (b >> 3) == 0x1E ? 4 : 0;
        if (n == 0 || i + n > s.size()) return false;
        uint32_t cp = n == 1 ? b : b & (0xFF >> (n + 1));
        for (size_t k = 1; k < n; ++k) {
            const auto c = static_cast<unsigned char>(s[i + k]);
            if ((c & 0xC0) != 0x80) return false;
            cp = (cp << 6) | (c & 0x3F);
        }
        static constexpr uint32_t kLeast[] = {0, 0, 0x80, 0x800, 0x10000};
        if (cp < kLeast[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
        i += n;
    }
    return true;
}

std::optional<std::string> emailAddress(std::string_view text) {
    std::string_view a = trim(text);
    if (a.size() < 3 || a.size() > 254) return std::nullopt;
    size_t at = a.find('@');
    if (at == 0 || at == std::string_view::npos || at > 64 || a.find('@', at + 1) != std::string_view::npos)
        return std::nullopt;
    std::string_view domain = a.substr(at + 1);
    size_t dot = domain.find('.');
    if (dot == 0 || dot == std::string_view::npos || domain.back() == '.' ||
        domain.find("..") != std::string_view::npos)
        return std::nullopt;
    const bool clean = std::all_of(a.begin(), a.end(), [](char c) {
        auto u = static_cast<unsigned char>(c);
        return u > 0x20 && u != 0x7f && std::string_view("<>()[]\\,;:\"").find(c) == std::string_view::npos;
    });
    if (!clean || !validUtf8(a)) return std::nullopt;
    return std::string(a);
}

}  // namespace ipfacts::account
