#include "host/facilities/connect/RequestCheck.h"

#include "host/net/IpAddress.h"

#include <openssl/ssl.h>

#include <cstdio>

namespace ipfacts::facilities::connect {
namespace {

bool knownVersion(uint16_t v) { return v >= TLS1_VERSION && v <= TLS1_3_VERSION; }

}  // namespace

/// Letters, digits, '-', '_' and dots between labels of 1-63 bytes, at most
/// 253 bytes with an optional final dot: what getaddrinfo and SNI may see.
bool isHostName(const std::string& name) {
    std::string n = !name.empty() && name.back() == '.' ? name.substr(0, name.size() - 1) : name;
    if (n.empty() || n.size() > 253) return false;
    size_t label = 0;
    for (char c : n) {
        if (c == '.') {
            if (label == 0) return false;
            label = 0;
            continue;
        }
        bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
        if (!ok || ++label > 63) return false;
    }
    return label > 0;
}

std::string tlsVersionName(uint16_t code) {
    switch (code) {
        case TLS1_VERSION:
            return "TLS 1.0";
        case TLS1_1_VERSION:
            return "TLS 1.1";
        case TLS1_2_VERSION:
            return "TLS 1.2";
        case TLS1_3_VERSION:
            return "TLS 1.3";
        default:
            break;
    }
    char buf[8];
    std::snprintf(buf, sizeof buf, "0x%04x", code);
    return buf;
}

std::string requestProblem(const TlsProbeRequest& r) {
    if (r.port == 0) return "port is required (1-65535)";
    if (r.server_name.empty() && r.address.empty()) return "a server name or an address is required";
    if (!r.address.empty() && !net::IpAddress::parse(r.address))
        return "address '" + r.address + "' is not an IP address literal";
    if (!r.server_name.empty() && !net::IpAddress::parse(r.server_name) && !isHostName(r.server_name))
        return "server name '" + r.server_name + "' is not a host name";
    if (!knownVersion(r.min_version))
        return "minimum TLS version " + tlsVersionName(r.min_version) + " is not TLS 1.0-1.3";
    if (!knownVersion(r.max_version))
        return "maximum TLS version " + tlsVersionName(r.max_version) + " is not TLS 1.0-1.3";
    if (r.min_version > r.max_version)
        return "minimum TLS version " + tlsVersionName(r.min_version) + " is above the maximum " +
               tlsVersionName(r.max_version);
    for (const auto& p : r.alpn)
        if (p.empty() || p.size() > 255) return "ALPN protocol names are 1-255 bytes";
    return "";
}

}  // namespace ipfacts::facilities::connect
