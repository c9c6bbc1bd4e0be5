// CEntry: a host function a plugin calls through a C table (ipf_host_api and
// each facility's group), behind a wall no exception crosses. A plugin may be
// written in C, whose frames an exception cannot unwind through
// (std::terminate ends the daemon), and a C++ plugin's caller expects the C
// convention, not an exception. So every table holds cEntry<&fn>, never fn:
// whatever fn throws (an allocation failure, an out-of-range index, a bug) is
// logged and becomes the C answer of its return type, the one a failed call
// gives anyway: IPF_ERROR for a status, an empty ipf_str, 0, a null pointer,
// nothing for void.
#pragma once

#include <ipfacts/plugin.h>

#include <spdlog/spdlog.h>

#include <cstdio>
#include <exception>
#include <type_traits>

namespace ipfacts::facilities {

namespace centry {

/// Logs what an entry point threw. Never throws itself: with the heap
/// exhausted the log may fail too, and then a fixed line goes to stderr.
inline void logThrown(const char* what) noexcept {
    try {
        spdlog::error("a C entry point failed and answered with the C error convention: {}", what);
    } catch (...) {
        std::fputs("ipfactsd: a C entry point failed, and so did logging it\n", stderr);
    }
}

/// What an entry point returning R answers when its body threw.
template <class R>
R failedAnswer() noexcept {
    if constexpr (std::is_same_v<R, ipf_status>)
        return IPF_ERROR;
    else if constexpr (!std::is_void_v<R>)
        return R{};
}

template <auto Fn, class Signature>
struct Wall;

template <auto Fn, class R, class... Args>
struct Wall<Fn, R (*)(Args...)> {
    static R call(Args... args) noexcept {
        try {
            return Fn(args...);
        } catch (const std::exception& e) {
            logThrown(e.what());
        } catch (...) {
            logThrown("a non-standard exception");
        }
        return failedAnswer<R>();
    }
};

/// A function already noexcept needs no wall: it is its own entry.
template <auto Fn, class R, class... Args>
struct Wall<Fn, R (*)(Args...) noexcept> {
    static R call(Args... args) noexcept { return Fn(args...); }
};

}  // namespace centry

/// The entry point a C table holds for `Fn`: the same signature, noexcept,
/// every exception turned into the C error convention.
template <auto Fn>
inline constexpr auto cEntry = &centry::Wall<Fn, decltype(Fn)>::call;

}  // namespace ipfacts::facilities
