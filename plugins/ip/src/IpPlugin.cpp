#include "IpPlugin.h"

#include <array>
#include <cstring>
#include <string>
#include <string_view>

namespace ipfacts::ip {
namespace {

constexpr std::string_view kPlainText = "text/plain; charset=utf-8";

// Longest textual IPv6 address (45, IPv4-mapped) plus a zone id (IFNAMSIZ)
// and the newline, rounded up: every address the host hands us fits.
constexpr size_t kAddressLineCapacity = 80;

}  // namespace

IpPlugin::IpPlugin(Host&) {}

void IpPlugin::address(Request& req, Response& resp) {
    const std::string_view ip = req.clientAddress();
    if (ip.size() >= kAddressLineCapacity) {
        // Cannot happen for a real address; stay correct rather than truncate.
        resp.body(kPlainText, std::string(ip) + '\n');
        return;
    }
    // The host copies the body, so a stack buffer spares a heap allocation.
    std::array<char, kAddressLineCapacity> line;
    std::memcpy(line.data(), ip.data(), ip.size());
    line[ip.size()] = '\n';
    resp.body(kPlainText, std::string_view(line.data(), ip.size() + 1));
}

}  // namespace ipfacts::ip

IPFACTS_PLUGIN(ipfacts::ip::IpPlugin, "ip", "1.0.0", "The caller's address", ipfacts::kOpenApiFragment,
               IPFACTS_HANDLER(ipfacts::ip::IpPlugin, address, IPF_HANDLER_NONBLOCKING));
