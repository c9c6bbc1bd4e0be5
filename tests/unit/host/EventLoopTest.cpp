// The event loop driven by hand: each connection is one end of a socketpair
// handed to EventLoop::serveSocket, the test turns the loop on its own
// thread, and the loop's time is a manual ServiceClock the test moves. The
// handlers are StandInPipeline's; a worker-bound one waits for the test.
#include "host/fiber/FiberScheduler.h"
#include "host/server/CallerCounter.h"
#include "host/server/ConnectionState.h"
#include "host/server/EventLoop.h"
#include "tests/support/HeldCounters.h"
#include "tests/support/StandInPipeline.h"

#include <stdlib.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cppunit/extensions/HelperMacros.h>

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

using namespace ipfacts;
using server::ConnectionLifecycle;
using server::ConnectionState;

namespace {

struct Answer {
    int status = 0;
    std::string head;
    std::string body;
};

class LoopRig {
public:
    testing::StandInPipeline stand_in;
    manifest::ServerSpec spec;
    ratelimit::ServiceClock clock{true};
    fiber::FiberScheduler workers{fiber::FiberScheduler::Options{1, 16, 256 * 1024}};
    server::CallerCounter per_address{0, 64, {}};
    server::CallerCounter slow_per_caller;
    server::EventLoop loop;

    explicit LoopRig(unsigned slow_limit = 16)
        : slow_per_caller(slow_limit, 64, {}),
          loop(spec, *stand_in.pipeline, workers, per_address, slow_per_caller, &clock) {}

    ~LoopRig() {
        // Nothing may still run on a worker when the loop and its connections go.
        stand_in.handlers.gate.open();
        workers.stop();
        for (int fd : clients_) ::close(fd);
    }

    /// A new connection from `peer`: the loop serves one end, the test holds the other.
    int connect(const char* peer = "192.0.2.1") {
        int pair[2];
        CPPUNIT_ASSERT_EQUAL(0, ::socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0, pair));
        loop.serveSocket(pair[0], *net::IpAddress::parse(peer), nullptr);
        server_end_[pair[1]] = pair[0];
        clients_.push_back(pair[1]);
        return pair[1];
    }
    int serverEnd(int client) { return server_end_.at(client); }
    ConnectionState stateOf(int client) { return loop.stateOf(serverEnd(client)); }

    void send(int client, const std::string& bytes) {
        CPPUNIT_ASSERT_EQUAL(static_cast<ssize_t>(bytes.size()), ::send(client, bytes.data(), bytes.size(), 0));
    }

    /// Turns the loop until `count` whole answers arrived on `client` (or 5 s passed).
    std::vector<Answer> answers(int client, size_t count) {
        std::vector<Answer> out;
        const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(5);
        while (out.size() < count && std::chrono::steady_clock::now() < until) {
            loop.turn(10);
            receive(client);
            while (auto a = takeAnswer(client)) out.push_back(*a);
        }
        return out;
    }

    /// Turns the loop until `done` holds (or 5 s passed); the result of `done`.
    bool turnUntil(const std::function<bool()>& done) {
        const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(5);
        while (!done() && std::chrono::steady_clock::now() < until) loop.turn(10);
        return done();
    }

    /// True once the server closed its end (everything sent before was read).
    bool closedByServer(int client) {
        return turnUntil([&] {
            char buf[4096];
            ssize_t n = ::recv(client, buf, sizeof buf, 0);
            if (n > 0) pending_[client].append(buf, static_cast<size_t>(n));
            return n == 0;
        });
    }

    /// Bytes received now but not yet taken as answers.
    const std::string& unread(int client) {
        receive(client);
        return pending_[client];
    }

private:
    void receive(int client) {
        char buf[65536];
        ssize_t n;
        while ((n = ::recv(client, buf, sizeof buf, 0)) > 0) pending_[client].append(buf, static_cast<size_t>(n));
    }

    std::optional<Answer> takeAnswer(int client) {
        std::string& in = pending_[client];
        size_t end = in.find("\r\n\r\n");
        if (end == std::string::npos) return std::nullopt;
        Answer a;
        a.head = in.substr(0, end + 2);
        a.status = std::stoi(in.substr(9, 3));
        size_t length = 0;
        size_t at = a.head.find("Content-Length: ");
        if (at != std::string::npos) length = std::stoul(a.head.substr(at + 16));
        if (in.size() < end + 4 + length) return std::nullopt;
        a.body = in.substr(end + 4, length);
        in.erase(0, end + 4 + length);
        return a;
    }

    std::vector<int> clients_;
    std::map<int, int> server_end_;
    std::map<int, std::string> pending_;
};

std::string get(const std::string& target) { return "GET " + target + " HTTP/1.1\r\nHost: test\r\n\r\n"; }

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

class EventLoopTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(EventLoopTest);
    CPPUNIT_TEST(keepAliveServesOneRequestAfterAnother);
    CPPUNIT_TEST(connectionCloseIsHonoured);
    CPPUNIT_TEST(pipelinedRequestsAreAnsweredInOrder);
    CPPUNIT_TEST(headerTimeOutFollowsTheClock);
    CPPUNIT_TEST(idleConnectionClosesAfterKeepAlive);
    CPPUNIT_TEST(malformedRequestIsAnsweredAndClosed);
    CPPUNIT_TEST(hangUpWhileOnAWorkerClosesOnceAnswered);
    CPPUNIT_TEST(deferredHandlerRunsAgainOnAWorker);
    CPPUNIT_TEST(requestParkedForItsCountResumes);
    CPPUNIT_TEST(hangUpWhileParkedClosesOnceCounted);
    CPPUNIT_TEST(queuedPastItsBudgetIsAnswered503);
    CPPUNIT_TEST(slowRequestsPerCallerAreLimited);
    CPPUNIT_TEST(shutdownClosesIdleAndAnswersWhatIsAway);
    CPPUNIT_TEST(socketEpollRefusesIsClosed);
    CPPUNIT_TEST_SUITE_END();

    uint64_t refused_before_ = 0;

public:
    void setUp() override { refused_before_ = ConnectionLifecycle::refusedMoves(); }
    // Every scenario keeps to the table: no move was refused.
    void tearDown() override { CPPUNIT_ASSERT_EQUAL(refused_before_, ConnectionLifecycle::refusedMoves()); }

    void keepAliveServesOneRequestAfterAnother() {
        LoopRig rig;
        int c = rig.connect();
        rig.send(c, get("/fast"));
        auto first = rig.answers(c, 1);
        CPPUNIT_ASSERT_EQUAL(size_t(1), first.size());
        CPPUNIT_ASSERT_EQUAL(200, first[0].status);
        CPPUNIT_ASSERT_EQUAL(std::string("{\"path\":\"/fast\",\"call\":1}"), first[0].body);
        CPPUNIT_ASSERT(!has(first[0].head, "Connection: close"));
        CPPUNIT_ASSERT(ConnectionState::Reading == rig.stateOf(c));
        rig.send(c, get("/fast"));
        auto second = rig.answers(c, 1);
        CPPUNIT_ASSERT_EQUAL(size_t(1), second.size());
        CPPUNIT_ASSERT_EQUAL(std::string("{\"path\":\"/fast\",\"call\":2}"), second[0].body);
        CPPUNIT_ASSERT_EQUAL(size_t(1), rig.loop.openConnections());
    }

    void connectionCloseIsHonoured() {
        LoopRig rig;
        int c = rig.connect();
        rig.send(c, "GET /fast HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n");
        auto a = rig.answers(c, 1);
        CPPUNIT_ASSERT_EQUAL(size_t(1), a.size());
        CPPUNIT_ASSERT(has(a[0].head, "Connection: close"));
        CPPUNIT_ASSERT(rig.closedByServer(c));
        CPPUNIT_ASSERT_EQUAL(size_t(0), rig.loop.openConnections());
    }

    void pipelinedRequestsAreAnsweredInOrder() {
        LoopRig rig;
        int c = rig.connect();
        rig.send(c, get("/fast?name=a") + get("/slow") + get("/fast?name=c"));
        // The first is answered; the second is on the worker; the third waits behind it.
        auto before = rig.answers(c, 1);
        CPPUNIT_ASSERT_EQUAL(size_t(1), before.size());
        CPPUNIT_ASSERT(rig.stand_in.handlers.on_worker.waitFor(1));
        CPPUNIT_ASSERT(ConnectionState::OnWorker == rig.stateOf(c));
        rig.loop.turn(10);
        CPPUNIT_ASSERT(rig.unread(c).empty());
        rig.stand_in.handlers.gate.open();
        auto after = rig.answers(c, 2);
        CPPUNIT_ASSERT_EQUAL(size_t(2), after.size());
        CPPUNIT_ASSERT_EQUAL(std::string("{\"path\":\"/fast\",\"call\":1}"), before[0].body);
        CPPUNIT_ASSERT_EQUAL(std::string("{\"path\":\"/slow\",\"call\":2}"), after[0].body);
        CPPUNIT_ASSERT_EQUAL(std::string("{\"path\":\"/fast\",\"call\":3}"), after[1].body);
        CPPUNIT_ASSERT(ConnectionState::Reading == rig.stateOf(c));
    }

    void headerTimeOutFollowsTheClock() {
        LoopRig rig;
        int c = rig.connect();
        rig.send(c, "GET /fast HTTP/1.1\r\nHost: te");
        rig.loop.turn(10);
        // Two seconds short, so a second the real clock ticks meanwhile cannot make it due.
        rig.clock.advance(static_cast<int64_t>(rig.spec.header_timeout_s) - 2);
        rig.loop.turn(10);
        CPPUNIT_ASSERT(rig.unread(c).empty());
        CPPUNIT_ASSERT(ConnectionState::Reading == rig.stateOf(c));
        rig.clock.advance(2);
        auto a = rig.answers(c, 1);
        CPPUNIT_ASSERT_EQUAL(size_t(1), a.size());
        CPPUNIT_ASSERT_EQUAL(408, a[0].status);
        CPPUNIT_ASSERT(has(a[0].body, "request_timeout"));
        CPPUNIT_ASSERT(rig.closedByServer(c));
        CPPUNIT_ASSERT_EQUAL(size_t(0), rig.loop.openConnections());
    }

    void idleConnectionClosesAfterKeepAlive() {
        LoopRig rig;
        int c = rig.connect();
        rig.send(c, get("/fast"));
        CPPUNIT_ASSERT_EQUAL(size_t(1), rig.answers(c, 1).size());
        rig.clock.advance(static_cast<int64_t>(rig.spec.keepalive_timeout_s) - 2);
        rig.loop.turn(10);
        CPPUNIT_ASSERT_EQUAL(size_t(1), rig.loop.openConnections());
        rig.clock.advance(2);
        CPPUNIT_ASSERT(rig.closedByServer(c));
        CPPUNIT_ASSERT_EQUAL(size_t(0), rig.loop.openConnections());
    }

    void malformedRequestIsAnsweredAndClosed() {
        LoopRig rig;
        int c = rig.connect();
        rig.send(c, "GET /fast HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n");
        auto a = rig.answers(c, 1);
        CPPUNIT_ASSERT_EQUAL(size_t(1), a.size());
        CPPUNIT_ASSERT_EQUAL(400, a[0].status);
        CPPUNIT_ASSERT(has(a[0].body, "more than one Host header"));
        CPPUNIT_ASSERT(rig.closedByServer(c));
    }

    void hangUpWhileOnAWorkerClosesOnceAnswered() {
        LoopRig rig;
        int c = rig.connect();
        const int server_end = rig.serverEnd(c);
        rig.send(c, get("/slow"));
        rig.loop.turn(10);
        CPPUNIT_ASSERT(rig.stand_in.handlers.on_worker.waitFor(1));
        CPPUNIT_ASSERT(ConnectionState::OnWorker == rig.loop.stateOf(server_end));
        ::shutdown(c, SHUT_RDWR);  // the client goes away mid-answer
        rig.loop.turn(10);
        CPPUNIT_ASSERT(ConnectionState::OnWorker == rig.loop.stateOf(server_end));  // the worker holds it
        rig.stand_in.handlers.gate.open();
        CPPUNIT_ASSERT(rig.turnUntil([&] { return rig.loop.openConnections() == 0; }));
        CPPUNIT_ASSERT(ConnectionState::Closed == rig.loop.stateOf(server_end));
        CPPUNIT_ASSERT_EQUAL(1, rig.stand_in.handlers.calls.load());
    }

    void deferredHandlerRunsAgainOnAWorker() {
        LoopRig rig;
        int c = rig.connect();
        rig.send(c, get("/defer"));
        rig.loop.turn(10);
        CPPUNIT_ASSERT(rig.stand_in.handlers.on_worker.waitFor(1));
        CPPUNIT_ASSERT(ConnectionState::Deferred == rig.stateOf(c));
        rig.stand_in.handlers.gate.open();
        auto a = rig.answers(c, 1);
        CPPUNIT_ASSERT_EQUAL(size_t(1), a.size());
        CPPUNIT_ASSERT_EQUAL(std::string("{\"path\":\"/defer\",\"call\":1}"), a[0].body);
        CPPUNIT_ASSERT(ConnectionState::Reading == rig.stateOf(c));
    }

    void requestParkedForItsCountResumes() {
        LoopRig rig;
        testing::HeldCounters counters;
        rig.stand_in.pipeline->setSharedCounters(&counters);
        int c = rig.connect();
        rig.send(c, get("/fast") + get("/fast"));
        rig.loop.turn(10);
        CPPUNIT_ASSERT_EQUAL(size_t(1), counters.waiting());  // the second waits behind the first
        CPPUNIT_ASSERT(ConnectionState::AwaitingMeter == rig.stateOf(c));
        rig.loop.turn(10);
        CPPUNIT_ASSERT(rig.unread(c).empty());
        counters.answerAll();
        CPPUNIT_ASSERT(rig.turnUntil([&] { return counters.waiting() == 1; }));
        counters.answerAll();
        auto a = rig.answers(c, 2);
        CPPUNIT_ASSERT_EQUAL(size_t(2), a.size());
        CPPUNIT_ASSERT_EQUAL(std::string("{\"path\":\"/fast\",\"call\":1}"), a[0].body);
        CPPUNIT_ASSERT(has(a[0].head, "X-RateLimit-Remaining: 99"));
        CPPUNIT_ASSERT_EQUAL(std::string("{\"path\":\"/fast\",\"call\":2}"), a[1].body);
        CPPUNIT_ASSERT(ConnectionState::Reading == rig.stateOf(c));
    }

    void hangUpWhileParkedClosesOnceCounted() {
        LoopRig rig;
        testing::HeldCounters counters;
        rig.stand_in.pipeline->setSharedCounters(&counters);
        int c = rig.connect();
        const int server_end = rig.serverEnd(c);
        rig.send(c, get("/fast"));
        rig.loop.turn(10);
        CPPUNIT_ASSERT(ConnectionState::AwaitingMeter == rig.loop.stateOf(server_end));
        ::shutdown(c, SHUT_RDWR);
        rig.loop.turn(10);  // seen: the parked socket stayed in the epoll set
        CPPUNIT_ASSERT(ConnectionState::AwaitingMeter == rig.loop.stateOf(server_end));
        counters.answerAll();
        CPPUNIT_ASSERT(rig.turnUntil([&] { return rig.loop.openConnections() == 0; }));
        CPPUNIT_ASSERT_EQUAL(1, rig.stand_in.handlers.calls.load());  // answered, then closed
    }

    void queuedPastItsBudgetIsAnswered503() {
        LoopRig rig;  // one worker thread: the first /slow holds it
        int first = rig.connect("192.0.2.1");
        int second = rig.connect("192.0.2.2");
        rig.send(first, get("/slow"));
        rig.loop.turn(10);
        CPPUNIT_ASSERT(rig.stand_in.handlers.on_worker.waitFor(1));
        rig.send(second, get("/slow"));
        rig.loop.turn(10);
        CPPUNIT_ASSERT(ConnectionState::OnWorker == rig.stateOf(second));
        rig.clock.advance(9);  // past the route's 8 s budget
        auto a = rig.answers(second, 1);
        CPPUNIT_ASSERT_EQUAL(size_t(1), a.size());
        CPPUNIT_ASSERT_EQUAL(503, a[0].status);
        CPPUNIT_ASSERT(has(a[0].body, "overloaded"));
        CPPUNIT_ASSERT(ConnectionState::Reading == rig.stateOf(second));
        rig.stand_in.handlers.gate.open();
        auto b = rig.answers(first, 1);
        CPPUNIT_ASSERT_EQUAL(size_t(1), b.size());
        CPPUNIT_ASSERT_EQUAL(200, b[0].status);
        CPPUNIT_ASSERT_EQUAL(1, rig.stand_in.handlers.calls.load());  // the expired one never ran
    }

    void slowRequestsPerCallerAreLimited() {
        LoopRig rig(1);
        int first = rig.connect();
        int second = rig.connect();
        rig.send(first, get("/slow"));
        rig.loop.turn(10);
        CPPUNIT_ASSERT(rig.stand_in.handlers.on_worker.waitFor(1));
        rig.send(second, get("/slow"));
        auto refused = rig.answers(second, 1);
        CPPUNIT_ASSERT_EQUAL(size_t(1), refused.size());
        CPPUNIT_ASSERT_EQUAL(429, refused[0].status);
        CPPUNIT_ASSERT(has(refused[0].body, "too_many_concurrent"));
        rig.stand_in.handlers.gate.open();
        CPPUNIT_ASSERT_EQUAL(200, rig.answers(first, 1).at(0).status);
        // The place is given back with the answer: the same caller is served again.
        rig.send(second, get("/slow"));
        CPPUNIT_ASSERT_EQUAL(200, rig.answers(second, 1).at(0).status);
    }

    void shutdownClosesIdleAndAnswersWhatIsAway() {
        LoopRig rig;
        int idle = rig.connect("192.0.2.1");
        int away = rig.connect("192.0.2.2");
        rig.send(idle, get("/fast"));
        CPPUNIT_ASSERT_EQUAL(size_t(1), rig.answers(idle, 1).size());
        rig.send(away, get("/slow"));
        rig.loop.turn(10);
        CPPUNIT_ASSERT(rig.stand_in.handlers.on_worker.waitFor(1));
        // The grace is already over: run() closes the idle one and answers the other 503 at once.
        rig.loop.stop(rig.clock.monotonicMicros() / 1000);
        rig.loop.run();
        char byte;
        CPPUNIT_ASSERT_EQUAL(ssize_t(0), ::recv(idle, &byte, 1, 0));
        const std::string& answer = rig.unread(away);
        CPPUNIT_ASSERT_MESSAGE(answer, has(answer, "HTTP/1.1 503 "));
        CPPUNIT_ASSERT_MESSAGE(answer, has(answer, "shutting_down"));
        CPPUNIT_ASSERT(ConnectionState::Abandoned == rig.stateOf(away));
        CPPUNIT_ASSERT_EQUAL(size_t(1), rig.loop.openConnections());  // kept while the worker holds it
    }

    void socketEpollRefusesIsClosed() {
        LoopRig rig;
        // epoll watches no regular file: the registration fails, is logged, and the connection closes.
        char path[] = "/tmp/ipfacts-eventloop-XXXXXX";
        const int fd = ::mkstemp(path);
        CPPUNIT_ASSERT(fd >= 0);
        ::unlink(path);
        rig.loop.serveSocket(fd, *net::IpAddress::parse("192.0.2.1"), nullptr);
        CPPUNIT_ASSERT_EQUAL(size_t(0), rig.loop.openConnections());
        CPPUNIT_ASSERT(ConnectionState::Closed == rig.loop.stateOf(fd));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(EventLoopTest);
