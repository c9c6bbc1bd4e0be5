#include "host/pipeline/HttpText.h"

namespace ipfacts::pipeline {
namespace {

int hexValue(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/// Rebuilds the target, passing each query parameter through `rewrite`
/// (nullopt drops it). Parameters are split at '&' and at ';', so that a key
/// written after a ';' is found too; the separators are kept as written.
template <class F>
std::string rewriteQuery(std::string_view target, F&& rewrite) {
    size_t q = target.find('?');
    if (q == std::string_view::npos) return std::string(target);
    std::string out(target.substr(0, q));
    std::string_view query = target.substr(q + 1);
    char sep = '?';
    bool first = true;
    while (true) {
        size_t end = query.find_first_of("&;");
        std::string_view param = query.substr(0, end);
        std::optional<std::string> kept = rewrite(param);
        if (kept) {
            out += first ? '?' : sep;
            out += *kept;
            first = false;
        }
        if (end == std::string_view::npos) break;
        sep = query[end];
        query.remove_prefix(end + 1);
    }
    return out;
}

}  // namespace

std::optional<std::string> percentDecode(std::string_view in, bool plus_is_space) {
    std::string out;
    out.reserve(in.size());
    for (size_t i = 0; i < in.size(); ++i) {
        char c = in[i];
        if (c == '%') {
            if (i + 2 >= in.size()) return std::nullopt;
            int hi = hexValue(in[i + 1]);
            int lo = hexValue(in[i + 2]);
            if (hi < 0 || lo < 0) return std::nullopt;
            c = static_cast<char>(hi * 16 + lo);
            i += 2;
        } else if (c == '+' && plus_is_space) {
            c = ' ';
        }
        if (c == '\0') return std::nullopt;
        out += c;
    }
    return out;
}

std::optional<std::vector<std::pair<std::string, std::string>>> parseQuery(std::string_view query) {
    std::vector<std::pair<std::string, std::string>> out;
    while (!query.empty()) {
        size_t amp = query.find('&');
        std::string_view param = query.substr(0, amp);
        if (!param.empty()) {
            size_t eq = param.find('=');
            auto name = percentDecode(param.substr(0, eq), true);
            auto value = percentDecode(eq == std::string_view::npos ? std::string_view() : param.substr(eq + 1), true);
            if (!name || !value) return std::nullopt;
            out.emplace_back(std::move(*name), std::move(*value));
        }
        if (amp == std::string_view::npos) break;
        query.remove_prefix(amp + 1);
    }
    return out;
}

namespace {

/// True when `param`'s name, percent-decoded, is `want` in any case.
bool isParamNamed(std::string_view param, std::string_view want) {
    std::string_view name = param.substr(0, param.find('='));
    if (name.size() < want.size() || name.size() > 3 * want.size()) return false;  // "key" .. "%6B%65%79"
    auto decoded = percentDecode(name, true);
    return decoded && iequals(*decoded, want);
}

/// The name a log writes a secret parameter under, or empty when `param` is none.
std::string_view secretParamName(std::string_view param) {
    if (isParamNamed(param, "key")) return "key";
    if (isParamNamed(param, "token")) return "token";
    return {};
}

}  // namespace

bool isKeyParam(std::string_view param) { return isParamNamed(param, "key"); }

bool hasKeyParam(std::string_view query) {
    while (true) {
        size_t end = query.find_first_of("&;");
        if (isKeyParam(query.substr(0, end))) return true;
        if (end == std::string_view::npos) return false;
        query.remove_prefix(end + 1);
    }
}

std::optional<std::string> keyParamValue(std::string_view query) {
    while (true) {
        size_t end = query.find_first_of("&;");
        std::string_view param = query.substr(0, end);
        if (isKeyParam(param)) {
            size_t eq = param.find('=');
            auto v = percentDecode(eq == std::string_view::npos ? std::string_view() : param.substr(eq + 1), true);
            return v ? *v : std::string();
        }
        if (end == std::string_view::npos) return std::nullopt;
        query.remove_prefix(end + 1);
    }
}

bool hasSecretParam(std::string_view query) {
    while (true) {
        size_t end = query.find_first_of("&;");
        if (!secretParamName(query.substr(0, end)).empty()) return true;
        if (end == std::string_view::npos) return false;
        query.remove_prefix(end + 1);
    }
}

std::string redactSecretParams(std::string_view target, std::string_view replacement) {
    return rewriteQuery(target, [&](std::string_view p) -> std::optional<std::string> {
        const std::string_view name = secretParamName(p);
        if (!name.empty()) return std::string(name) + "=" + std::string(replacement);
        return std::string(p);
    });
}

std::string removeKeyParam(std::string_view target) {
    return rewriteQuery(target, [](std::string_view p) -> std::optional<std::string> {
        if (isKeyParam(p)) return std::nullopt;
        return std::string(p);
    });
}

std::string_view reasonPhrase(int status) {
    // Every status RFC 9110 (section 15) and RFC 6585 define: a status the host or a
    // plugin may set never goes out as "Unknown".
    switch (status) {
        case 100:
            return "Continue";
        case 101:
            return "Switching Protocols";
        case 200:
            return "OK";
        case 201:
            return "Created";
        case 202:
            return "Accepted";
        case 203:
            return "Non-Authoritative Information";
        case 204:
            return "No Content";
        case 205:
            return "Reset Content";
        case 206:
            return "Partial Content";
        case 300:
            return "Multiple Choices";
        case 301:
            return "Moved Permanently";
        case 302:
            return "Found";
        case 303:
            return "See Other";
        case 304:
            return "Not Modified";
        case 307:
            return "Temporary Redirect";
        case 308:
            return "Permanent Redirect";
        case 400:
            return "Bad Request";
        case 401:
            return "Unauthorized";
        case 402:
            return "Payment Required";
        case 403:
            return "Forbidden";
        case 404:
            return "Not Found";
        case 405:
            return "Method Not Allowed";
        case 406:
            return "Not Acceptable";
        case 407:
            return "Proxy Authentication Required";
        case 408:
            return "Request Timeout";
        case 409:
            return "Conflict";
        case 410:
            return "Gone";
        case 411:
            return "Length Required";
        case 412:
            return "Precondition Failed";
        case 413:
            return "Content Too Large";
        case 414:
            return "URI Too Long";
        case 415:
            return "Unsupported Media Type";
        case 416:
            return "Range Not Satisfiable";
        case 417:
            return "Expectation Failed";
        case 421:
            return "Misdirected Request";
        case 422:
            return "Unprocessable Content";
        case 426:
            return "Upgrade Required";
        case 428:
            return "Precondition Required";
        case 429:
            return "Too Many Requests";
        case 431:
            return "Request Header Fields Too Large";
        case 500:
            return "Internal Server Error";
        case 501:
            return "Not Implemented";
        case 502:
            return "Bad Gateway";
        case 503:
            return "Service Unavailable";
        case 504:
            return "Gateway Timeout";
        case 505:
            return "HTTP Version Not Supported";
        default:
            return "Unknown";
    }
}

bool iequals(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i) {
        char x = a[i], y = b[i];
        if (x >= 'A' && x <= 'Z') x = static_cast<char>(x + 32);
        if (y >= 'A' && y <= 'Z') y = static_cast<char>(y + 32);
        if (x != y) return false;
    }
    return true;
}

}  // namespace ipfacts::pipeline
