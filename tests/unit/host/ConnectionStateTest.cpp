// The connection's state machine: every move the table allows, every other
// refused (and counted), and which states lend the connection out.
#include "host/server/ConnectionState.h"

#include <cppunit/extensions/HelperMacros.h>

#include <set>
#include <string>
#include <utility>
#include <vector>

using ipfacts::server::allowedMove;
using ipfacts::server::ConnectionLifecycle;
using ipfacts::server::ConnectionState;
using ipfacts::server::handedOff;
using ipfacts::server::nameOf;
using S = ConnectionState;

namespace {

const std::vector<S> kAll = {S::Reading, S::AwaitingMeter, S::OnWorker, S::Deferred,
                             S::Closing, S::Abandoned,     S::Closed};

/// The machine as docs/architecture.md draws it.
const std::set<std::pair<S, S>> kLegal = {
    {S::Reading, S::AwaitingMeter},    // Pipeline::Next::AwaitMeter
    {S::Reading, S::OnWorker},         // Next::HandleOnWorker, handed to a fiber
    {S::Reading, S::Deferred},         // a non-blocking handler said IPF_DEFER
    {S::Reading, S::Closing},          // an answer without keep-alive, 400, 408
    {S::Reading, S::Closed},           // hang-up, idle past keep-alive, shutdown
    {S::AwaitingMeter, S::Reading},    // counted: the loop carries it on
    {S::OnWorker, S::Reading},         // answered by the worker, or 503 past its budget
    {S::Deferred, S::Reading},         // answered by the worker
    {S::AwaitingMeter, S::Abandoned},  // shutdown grace over
    {S::OnWorker, S::Abandoned},      {S::Deferred, S::Abandoned}, {S::Closing, S::Closed},  // the last answer is out
};

/// A lifecycle brought to `s` by legal moves.
ConnectionLifecycle at(S s) {
    ConnectionLifecycle c;
    if (s == S::Reading) return c;
    if (s == S::Abandoned) {
        c.move(S::OnWorker);
        c.move(S::Abandoned);
    } else {
        c.move(s);
    }
    CPPUNIT_ASSERT_MESSAGE(std::string(nameOf(s)), c.is(s));
    return c;
}

}  // namespace

class ConnectionStateTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(ConnectionStateTest);
    CPPUNIT_TEST(aConnectionStartsReading);
    CPPUNIT_TEST(everyLegalMoveIsTaken);
    CPPUNIT_TEST(everyOtherMoveIsRefusedAndCounted);
    CPPUNIT_TEST(theHandOffsLendTheConnectionOut);
    CPPUNIT_TEST(everyStateHasItsOwnName);
    CPPUNIT_TEST_SUITE_END();

public:
    void aConnectionStartsReading() {
        ConnectionLifecycle c;
        CPPUNIT_ASSERT(c.is(S::Reading));
        CPPUNIT_ASSERT(!c.handedOff());
    }

    void everyLegalMoveIsTaken() {
        for (const auto& [from, to] : kLegal) {
            const std::string what = std::string(nameOf(from)) + " -> " + std::string(nameOf(to));
            CPPUNIT_ASSERT_MESSAGE(what, allowedMove(from, to));
            ConnectionLifecycle c = at(from);
            const uint64_t refused = ConnectionLifecycle::refusedMoves();
            CPPUNIT_ASSERT_MESSAGE(what, c.move(to));
            CPPUNIT_ASSERT_MESSAGE(what, c.is(to));
            CPPUNIT_ASSERT_EQUAL(refused, ConnectionLifecycle::refusedMoves());
        }
    }

    void everyOtherMoveIsRefusedAndCounted() {
        int checked = 0;
        for (S from : kAll)
            for (S to : kAll) {
                if (kLegal.count({from, to})) continue;
                const std::string what = std::string(nameOf(from)) + " -> " + std::string(nameOf(to));
                CPPUNIT_ASSERT_MESSAGE(what, !allowedMove(from, to));
                ConnectionLifecycle c = at(from);
                const uint64_t refused = ConnectionLifecycle::refusedMoves();
                CPPUNIT_ASSERT_MESSAGE(what, !c.move(to));
                CPPUNIT_ASSERT_MESSAGE(what, c.is(from));  // stays where it was
                CPPUNIT_ASSERT_EQUAL(refused + 1, ConnectionLifecycle::refusedMoves());
                ++checked;
            }
        CPPUNIT_ASSERT_EQUAL(int(kAll.size() * kAll.size() - kLegal.size()), checked);
    }

    void theHandOffsLendTheConnectionOut() {
        for (S s : kAll) {
            const bool away = s == S::AwaitingMeter || s == S::OnWorker || s == S::Deferred;
            CPPUNIT_ASSERT_EQUAL_MESSAGE(std::string(nameOf(s)), away, handedOff(s));
        }
        // A request away from the loop may not have its connection closed under it.
        ConnectionLifecycle c = at(S::OnWorker);
        CPPUNIT_ASSERT(!c.move(S::Closed));
        CPPUNIT_ASSERT(c.handedOff());
    }

    void everyStateHasItsOwnName() {
        std::set<std::string> names;
        for (S s : kAll) names.insert(std::string(nameOf(s)));
        CPPUNIT_ASSERT_EQUAL(kAll.size(), names.size());
        CPPUNIT_ASSERT(!names.count("unknown"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ConnectionStateTest);
