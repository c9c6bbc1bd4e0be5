#include "host/server/ConnectionState.h"

#include <spdlog/spdlog.h>

#include <array>
#include <atomic>

namespace ipfacts::server {
namespace {

using S = ConnectionState;
constexpr size_t kStates = static_cast<size_t>(S::Closed) + 1;

constexpr size_t index(S s) { return static_cast<size_t>(s); }

/// Every legal move, one row per state it leaves. A hand-off always comes
/// back to Reading (the loop has the request again) before it is answered,
/// so "what follows an answer" starts from one state whatever the hand-off.
constexpr std::array<std::array<bool, kStates>, kStates> kMoves = [] {
    std::array<std::array<bool, kStates>, kStates> t{};
    auto allow = [&t](S from, S to) { t[index(from)][index(to)] = true; };
    for (S to : {S::AwaitingMeter, S::OnWorker, S::Deferred, S::Closing, S::Closed}) allow(S::Reading, to);
    for (S from : {S::AwaitingMeter, S::OnWorker, S::Deferred}) {
        allow(from, S::Reading);
        allow(from, S::Abandoned);
    }
    allow(S::Closing, S::Closed);
    return t;
}();

std::atomic<uint64_t> g_refused{0};

}  // namespace

std::string_view nameOf(ConnectionState s) {
    switch (s) {
        case S::Reading:
            return "reading";
        case S::AwaitingMeter:
            return "awaiting-meter";
        case S::OnWorker:
            return "on-worker";
        case S::Deferred:
            return "deferred";
        case S::Closing:
            return "closing";
        case S::Abandoned:
            return "abandoned";
        case S::Closed:
            return "closed";
    }
    return "unknown";
}

bool allowedMove(ConnectionState from, ConnectionState to) { return kMoves[index(from)][index(to)]; }

bool handedOff(ConnectionState s) { return s == S::AwaitingMeter || s == S::OnWorker || s == S::Deferred; }

bool ConnectionLifecycle::move(ConnectionState to) {
    if (!allowedMove(state_, to)) {
        g_refused.fetch_add(1, std::memory_order_relaxed);
        spdlog::error("connection: refused move from {} to {} (a bug in the event loop)", nameOf(state_), nameOf(to));
        return false;
    }
    state_ = to;
    return true;
}

uint64_t ConnectionLifecycle::refusedMoves() { return g_refused.load(std::memory_order_relaxed); }

}  // namespace ipfacts::server
