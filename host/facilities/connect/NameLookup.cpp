#include "host/facilities/connect/NameLookup.h"

#include "host/facilities/connect/UniqueFd.h"

#include <netdb.h>
#include <sys/eventfd.h>
#include <sys/socket.h>

#include <algorithm>
#include <cerrno>
#include <mutex>
#include <optional>
#include <system_error>
#include <thread>

namespace ipfacts::facilities::connect {

/// What the caller and the helper thread share; the last of them to let go frees it.
struct NameLookup::Shared {
    UniqueFd event;
    mutable std::mutex mutex;
    bool done = false;
    std::vector<net::IpAddress> addresses;
    std::string error;
};

namespace {

struct AddrInfoFree {
    void operator()(addrinfo* a) const { freeaddrinfo(a); }
};

/// getaddrinfo's answer as addresses, in its order, without repeats.
std::vector<net::IpAddress> resolve(const std::string& name) {
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    addrinfo* raw = nullptr;
    if (getaddrinfo(name.c_str(), nullptr, &hints, &raw) != 0) return {};
    std::unique_ptr<addrinfo, AddrInfoFree> list(raw);
    std::vector<net::IpAddress> out;
    for (const addrinfo* a = list.get(); a; a = a->ai_next) {
        // As written: an IPv4-mapped answer stays IPv6, so the guard judges what a connect would reach.
        std::optional<net::IpAddress> ip;
        if (a->ai_family == AF_INET || a->ai_family == AF_INET6) {
            char text[INET6_ADDRSTRLEN] = {};
            if (getnameinfo(a->ai_addr, a->ai_addrlen, text, sizeof text, nullptr, 0, NI_NUMERICHOST) == 0)
                ip = net::IpAddress::parse(text);
        }
        if (ip && std::find(out.begin(), out.end(), *ip) == out.end()) out.push_back(*ip);
    }
    return out;
}

}  // namespace

NameLookup::NameLookup(const std::string& name) : shared_(std::make_shared<Shared>()) {
    shared_->event.reset(eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK));
    if (!shared_->event) throw std::system_error(errno, std::generic_category(), "eventfd");
    std::thread([shared = shared_, name] {
        std::vector<net::IpAddress> found = resolve(name);
        std::lock_guard<std::mutex> lock(shared->mutex);
        shared->addresses = std::move(found);
        if (shared->addresses.empty()) shared->error = "cannot resolve the host name";
        shared->done = true;
        uint64_t one = 1;
        [[maybe_unused]] ssize_t n = ::write(shared->event.get(), &one, sizeof one);
    }).detach();
}

int NameLookup::fd() const { return shared_->event.get(); }

bool NameLookup::done() const {
    std::lock_guard<std::mutex> lock(shared_->mutex);
    return shared_->done;
}

std::vector<net::IpAddress> NameLookup::addresses() const {
    std::lock_guard<std::mutex> lock(shared_->mutex);
    return shared_->addresses;
}

std::string NameLookup::error() const {
    std::lock_guard<std::mutex> lock(shared_->mutex);
    return shared_->error;
}

}  // namespace ipfacts::facilities::connect
