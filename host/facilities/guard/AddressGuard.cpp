#include "host/facilities/guard/AddressGuard.h"

#include "host/facilities/guard/EmbeddedIpv4.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <spdlog/spdlog.h>
#include <sys/socket.h>

#include <stdexcept>

namespace ipfacts::facilities::guard {
namespace {

GuardVerdict verdict(bool allowed, GuardVerdict::Why why, const net::IpAddress& a, const SpecialBlock* block) {
    GuardVerdict v;
    v.allowed = allowed;
    v.why = why;
    v.address = a;
    v.block = block;
    return v;
}

}  // namespace

AddressGuard::AddressGuard(std::shared_ptr<const netdb::SpecialPurposeRegistry> registry, GuardConfig config)
    : registry_(std::move(registry)), config_(std::move(config)) {
    if (!registry_) throw std::invalid_argument("AddressGuard: no special-purpose registry");
}

AddressGuard::AddressGuard(const std::string& special_purpose, GuardConfig config)
    : AddressGuard(std::make_shared<const netdb::SpecialPurposeRegistry>(special_purpose), std::move(config)) {}

bool AddressGuard::allowListed(const net::IpAddress& a) const {
    for (const auto& range : config_.allow)
        if (range.contains(a)) return true;
    return false;
}

GuardVerdict AddressGuard::check(const net::IpAddress& a) const {
    using Why = GuardVerdict::Why;
    if (allowListed(a)) return verdict(true, Why::AllowListed, a, nullptr);
    const SpecialBlock* block = registry_->find(a);
    if (!a.isV4()) return judgeIpv6(a, block);
    if (!block) return verdict(true, Why::Public, a, nullptr);
    return verdict(false, Why::Block, a, block);
}

GuardVerdict AddressGuard::judgeIpv6(const net::IpAddress& a, const SpecialBlock* block) const {
    using Why = GuardVerdict::Why;
    const EmbeddedIpv4 e = EmbeddedIpv4::of(a);
    // A registry block inside the form (::1/128 inside ::/96) describes the
    // address better than the form does.
    if (!e.form || (block && block->length > e.length)) {
        if (!block) return verdict(true, Why::Public, a, nullptr);
        return verdict(false, Why::Block, a, block);
    }
    for (size_t i = 0; i < e.count; ++i) {
        const net::IpAddress& inner = e.addresses[i];
        if (const SpecialBlock* inner_block = registry_->find(inner)) {
            GuardVerdict v = verdict(false, Why::Embeds, a, inner_block);
            v.embedded = inner;
            return v;
        }
    }
    if (e.passes_when_embedded_passes) return verdict(true, Why::Translated, a, nullptr);
    return verdict(false, Why::Block, a, block);
}

GuardVerdict AddressGuard::check(const sockaddr* sa) const {
    // Read the bytes as written: fromSockaddr would unmap ::ffff:a.b.c.d, and
    // the reason should name the address libcurl was about to connect to.
    char text[INET6_ADDRSTRLEN] = {0};
    const void* raw = nullptr;
    if (sa && sa->sa_family == AF_INET) raw = &reinterpret_cast<const sockaddr_in*>(sa)->sin_addr;
    if (sa && sa->sa_family == AF_INET6) raw = &reinterpret_cast<const sockaddr_in6*>(sa)->sin6_addr;
    std::optional<net::IpAddress> a;
    if (raw && inet_ntop(sa->sa_family, raw, text, sizeof text)) a = net::IpAddress::parse(text);
    if (!a) return verdict(false, GuardVerdict::Why::Block, net::IpAddress{}, nullptr);
    return check(*a);
}

std::optional<std::string> AddressGuard::allowListWarning() const {
    if (config_.allow_text.empty()) return std::nullopt;
    std::string list;
    for (const auto& t : config_.allow_text) list += (list.empty() ? "" : ", ") + t;
    return "guard.allow lets outbound HTTP reach " + list +
           ", which the address guard would refuse; use this only in test deployments";
}

void AddressGuard::logAllowListWarning() const {
    if (auto w = allowListWarning()) spdlog::warn("{}", *w);
}

}  // namespace ipfacts::facilities::guard
