#include "HostParameter.h"

#include <ipfacts/address.hpp>
#include <ipfacts/dns_name.hpp>

#include <algorithm>

namespace ipfacts::ssl {
namespace {

HostError refused(const char* token, std::string message) { return HostError{token, std::move(message)}; }

bool allDigits(std::string_view s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

bool startsWithCaseless(std::string_view s, std::string_view prefix) {
    if (s.size() < prefix.size()) return false;
    for (size_t i = 0; i < prefix.size(); ++i) {
        char c = s[i];
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
        if (c != prefix[i]) return false;
    }
    return true;
}

bool hasScheme(std::string_view v) {
    return v.find("://") != std::string_view::npos || startsWithCaseless(v, "https:") || startsWithCaseless(v, "http:");
}

// An address literal, bare or bracketed, with or without a port.
bool isAddressLiteral(std::string_view v) {
    if (parseAddress(v)) return true;
    if (!v.empty() && v.front() == '[') {
        const size_t close = v.find(']');
        return close != std::string_view::npos && parseAddress(v.substr(1, close - 1));
    }
    const size_t colon = v.rfind(':');
    return colon != std::string_view::npos && v.find(':') == colon && parseAddress(v.substr(0, colon));
}

const char* kExample = "; give a host name alone, such as example.com";

}  // namespace

std::variant<HostName, HostError> checkHostValue(std::string_view v) {
    if (hasScheme(v))
        return refused(kSchemeNotAllowed, "host is a host name, not a URL: drop the scheme" + std::string(kExample));
    if (v.find_first_of("/?#") != std::string_view::npos)
        return refused(kPathNotAllowed, "host takes no path, query or fragment" + std::string(kExample));
    if (isAddressLiteral(v))
        return refused(kAddressNotAllowed,
                       "host must be a host name: address literals are not accepted, since a certificate is checked "
                       "for a name" +
                           std::string(kExample));
    const size_t colon = v.find(':');
    if (colon != std::string_view::npos && v.find(':', colon + 1) == std::string_view::npos &&
        allDigits(v.substr(colon + 1)))
        return refused(kPortNotAllowed,
                       "host takes no port: the check always connects to port 443" + std::string(kExample));
    NameCheck check = normaliseName(v, NameRules::publicHostName());
    if (!check.ok()) return refused(kInvalidHost, "host is not a public host name: " + check.error);
    return HostName{std::string(v), std::move(check.ascii)};
}

std::variant<HostName, HostError> readHostParameter(const Request& req) {
    const size_t count = req.queryCount("host");
    if (count > 1) return refused(kInvalidParameter, "the host parameter may be given only once");
    const std::string_view value = count ? req.query("host").value_or(std::string_view()) : std::string_view();
    if (value.empty()) return refused(kInvalidParameter, "the host parameter is required, e.g. ?host=example.com");
    if (value.size() > kMaxHostParameterBytes)
        return refused(kInvalidParameter,
                       "the host parameter is longer than " + std::to_string(kMaxHostParameterBytes) + " bytes");
    return checkHostValue(value);
}

}  // namespace ipfacts::ssl
