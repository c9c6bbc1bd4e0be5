// LoopbackUrl: whether an operator's URL points at this machine. Used where
// something may only go to the node itself: the status prober's self-probe
// token, and the development mailer's links (accounts.mailer: log).
#pragma once

#include <string_view>

namespace ipfacts::net {

/// True when `url`'s host is this machine: an IPv4 literal in 127/8, [::1] or
/// localhost (never a name that merely starts so, nor a URL with userinfo).
bool urlOnLoopback(std::string_view url);

}  // namespace ipfacts::net
