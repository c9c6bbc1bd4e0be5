#include "host/facilities/connect/GuardedDial.h"

#include <poll.h>

namespace ipfacts::facilities::connect {

GuardedDial::GuardedDial(const guard::AddressGuard& guard, std::string target, uint16_t port)
    : guard_(guard), target_(std::move(target)), port_(port) {}

Wait GuardedDial::advance(short revents) {
    if (done_) return Wait::none();
    if (connect_) {
        Wait w = connect_->advance(revents);
        if (!w.finished()) return w;
        done_ = true;
        if (!connect_->connected()) error_ = connect_->error();
        return Wait::none();
    }
    if (!lookup_) {
        if (auto a = net::IpAddress::parse(target_)) return connectTo({*a});
        lookup_ = std::make_unique<NameLookup>(target_);
    }
    if (!lookup_->done()) return Wait{lookup_->fd(), POLLIN};
    if (!lookup_->error().empty()) {
        done_ = true;
        error_ = lookup_->error();
        return Wait::none();
    }
    auto addresses = lookup_->addresses();
    lookup_.reset();
    return connectTo(std::move(addresses));
}

Wait GuardedDial::connectTo(std::vector<net::IpAddress> addresses) {
    connect_.emplace(guard_, std::move(addresses), port_);
    return advance(0);
}

}  // namespace ipfacts::facilities::connect
