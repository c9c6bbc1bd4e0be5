// ConnectionState: where a client connection is in its life, as one named
// state, and the one table of the moves between states the event loop may
// make. A move the table does not allow is refused and logged: a bug shows
// up in the log and in the tests instead of leaving a connection half in
// two states. docs/architecture.md ("A request") draws the machine.
#pragma once

#include <cstdint>
#include <string_view>

namespace ipfacts::server {

enum class ConnectionState : uint8_t {
    Reading,        // the loop reads, parses and answers requests (idle between them too)
    AwaitingMeter,  // parked for the shared counters' answer (Pipeline::Next::AwaitMeter)
    OnWorker,       // the handler runs, or waits to run, as a fiber on a worker
    Deferred,       // a non-blocking handler said IPF_DEFER: it runs again on a worker
    Closing,        // its last answer is being written; closed once it is out
    Abandoned,      // shutdown grace is over: answered 503 while a worker still holds it
    Closed,         // socket closed; the connection is gone
};

/// The state's name, for logs and test messages.
std::string_view nameOf(ConnectionState s);

/// True when the table allows moving from `from` to `to`.
bool allowedMove(ConnectionState from, ConnectionState to);

/// The request is away from the loop (on a worker or parked for its count):
/// the connection's buffers are lent out and it may not close.
bool handedOff(ConnectionState s);

/// One connection's state, changed only through move().
class ConnectionLifecycle {
public:
    ConnectionState now() const { return state_; }
    bool is(ConnectionState s) const { return state_ == s; }
    bool handedOff() const { return server::handedOff(state_); }

    /// Moves to `to` when the table allows it; otherwise logs the refused
    /// move, counts it (refusedMoves) and stays. False when refused.
    bool move(ConnectionState to);

    /// Moves refused in this process so far; tests expect none.
    static uint64_t refusedMoves();

private:
    ConnectionState state_ = ConnectionState::Reading;
};

}  // namespace ipfacts::server
