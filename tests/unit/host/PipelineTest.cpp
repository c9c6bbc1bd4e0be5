// The pipeline's stages on Exchanges built by hand, as the event loop builds
// them: route, identify, meter, the query check, the response cache, and
// finish — and what begin() says comes next (answer, handle here, on a
// worker, or wait for the shared counters).
#include "host/pipeline/Exchange.h"
#include "host/pipeline/Pipeline.h"
#include "host/pipeline/RequestCounters.h"
#include "tests/support/HeldCounters.h"
#include "tests/support/StandInPipeline.h"

#include <cppunit/extensions/HelperMacros.h>

#include <memory>
#include <string>
#include <vector>

using namespace ipfacts;
using pipeline::Exchange;
using Next = pipeline::Pipeline::Next;

namespace {

/// An exchange as the transport fills it. `target` and the header texts
/// must outlive it (the request holds views).
std::unique_ptr<Exchange> request(std::string_view target, std::string_view method = "GET",
                                  const char* peer = "192.0.2.10", std::vector<pipeline::Header> headers = {}) {
    auto ex = std::make_unique<Exchange>();
    ex->request.method = method;
    ex->request.target = target;
    ex->request.protocol = "HTTP/1.1";
    ex->request.peer = *net::IpAddress::parse(peer);
    ex->request.headers = std::move(headers);
    return ex;
}

std::string headerValue(const std::string& lines, const std::string& name) {
    size_t at = lines.find(name + ": ");
    if (at == std::string::npos) return "<none>";
    at += name.size() + 2;
    return lines.substr(at, lines.find("\r\n", at) - at);
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

/// begin, handle where it says (here: on this thread), finish.
void serve(pipeline::Pipeline& p, Exchange& ex) {
    Next next = p.begin(ex);
    if (next != Next::Respond) {
        ex.on_worker = next == Next::HandleOnWorker;
        p.handle(ex);
    }
    p.finish(ex);
}

}  // namespace

class PipelineTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(PipelineTest);
    CPPUNIT_TEST(routeStageAnswersWhatNoHandlerServes);
    CPPUNIT_TEST(identifyBelievesForwardedAddressesOnlyFromTrustedProxies);
    CPPUNIT_TEST(identifyRefusesAKeyWhenNoneAreIssued);
    CPPUNIT_TEST(meterCountsAndRefusesPastTheLimit);
    CPPUNIT_TEST(unmeteredClassSaysSo);
    CPPUNIT_TEST(nextSaysWhereTheHandlerRuns);
    CPPUNIT_TEST(sharedCountersParkTheRequestUntilAnswered);
    CPPUNIT_TEST(sharedCountersAwayCountOnThisNode);
    CPPUNIT_TEST(queryCheckRefusesUndeclaredParameters);
    CPPUNIT_TEST(responseCacheAnswersARepeatAfterMetering);
    CPPUNIT_TEST(finishShapesLabelsAndCountsTheAnswer);
    CPPUNIT_TEST(rejectUnparsedAnswersAndCloses);
    CPPUNIT_TEST_SUITE_END();

public:
    void routeStageAnswersWhatNoHandlerServes() {
        testing::StandInPipeline rig;
        auto& p = *rig.pipeline;
        auto missing = request("/nope");
        CPPUNIT_ASSERT(Next::Respond == p.begin(*missing));
        CPPUNIT_ASSERT_EQUAL(404, missing->response.status);
        CPPUNIT_ASSERT(has(missing->response.body, "not_found"));
        auto post = request("/fast", "POST");
        CPPUNIT_ASSERT(Next::Respond == p.begin(*post));
        CPPUNIT_ASSERT_EQUAL(405, post->response.status);
        CPPUNIT_ASSERT_EQUAL(std::string("GET, HEAD, OPTIONS"), headerValue(post->response.headers, "Allow"));
        auto options = request("/fast", "OPTIONS");
        CPPUNIT_ASSERT(Next::Respond == p.begin(*options));
        CPPUNIT_ASSERT_EQUAL(204, options->response.status);
        // A browser app may send what the API reads: the key and a challenge's solution.
        CPPUNIT_ASSERT_EQUAL(std::string("Authorization, Content-Type, X-Challenge-Solution"),
                             headerValue(options->response.headers, "Access-Control-Allow-Headers"));
        auto relative = request("fast");
        CPPUNIT_ASSERT(Next::Respond == p.begin(*relative));
        CPPUNIT_ASSERT_EQUAL(400, relative->response.status);
        CPPUNIT_ASSERT_EQUAL(0, rig.handlers.calls.load());
        // Each answers with the quota headers: it counted against no quota.
        for (auto* ex : {missing.get(), post.get(), options.get(), relative.get()}) {
            p.finish(*ex);
            CPPUNIT_ASSERT_EQUAL(std::string("unmetered"), headerValue(ex->response.headers, "X-RateLimit-Policy"));
        }
        // A browser reads every quota header.
        const std::string exposed = headerValue(missing->response.headers, "Access-Control-Expose-Headers");
        for (const char* h : {"X-RateLimit-Remaining", "RateLimit-Policy", "RateLimit,", "Retry-After"})
            CPPUNIT_ASSERT_MESSAGE(h, has(exposed, h));
    }

    void identifyBelievesForwardedAddressesOnlyFromTrustedProxies() {
        testing::StandInPipeline rig({"10.0.0.0/8"});
        auto& p = *rig.pipeline;
        const std::vector<pipeline::Header> forwarded{{"Host", "t"}, {"X-Forwarded-For", "198.51.100.7"}};
        auto viaProxy = request("/fast", "GET", "10.1.2.3", forwarded);
        p.begin(*viaProxy);
        CPPUNIT_ASSERT_EQUAL(std::string("198.51.100.7"), viaProxy->client_address);
        auto direct = request("/fast", "GET", "192.0.2.9", forwarded);
        p.begin(*direct);
        CPPUNIT_ASSERT_EQUAL(std::string("192.0.2.9"), direct->client_address);
        // IPv6 callers are counted per /64.
        auto v6 = request("/fast", "GET", "2001:db8:1:2:3:4:5:6");
        p.begin(*v6);
        CPPUNIT_ASSERT_EQUAL(std::string("2001:db8:1:2::"), v6->caller_block.toString());
    }

    void identifyRefusesAKeyWhenNoneAreIssued() {
        testing::StandInPipeline rig;
        auto keyed = request("/fast", "GET", "192.0.2.10", {{"Authorization", "Bearer some-key"}});
        CPPUNIT_ASSERT(Next::Respond == rig.pipeline->begin(*keyed));
        CPPUNIT_ASSERT_EQUAL(401, keyed->response.status);
        CPPUNIT_ASSERT(has(keyed->response.body, "invalid_key"));
        // Not counted against the route's quota: the wrong-key throttle is what applies.
        CPPUNIT_ASSERT_EQUAL(std::string("invalid_key"), headerValue(keyed->response.headers, "X-RateLimit-Policy"));
        CPPUNIT_ASSERT(
            has(keyed->response.headers, "\r\nRateLimit-Policy: \"minute\";q=10;w=60, \"day\";q=100;w=86400"));
        auto inQuery = request("/fast?key=some-key");
        CPPUNIT_ASSERT(Next::Respond == rig.pipeline->begin(*inQuery));
        CPPUNIT_ASSERT_EQUAL(401, inQuery->response.status);
    }

    void meterCountsAndRefusesPastTheLimit() {
        testing::StandInPipeline rig;
        auto& p = *rig.pipeline;
        for (int i = 0; i < 2; ++i) {
            auto ex = request("/limited");
            CPPUNIT_ASSERT(Next::HandleInline == p.begin(*ex));
            CPPUNIT_ASSERT_EQUAL(std::string("2"), headerValue(ex->response.headers, "X-RateLimit-Limit"));
            CPPUNIT_ASSERT_EQUAL(std::string("tight:anonymous"),
                                 headerValue(ex->response.headers, "X-RateLimit-Policy"));
        }
        auto third = request("/limited");
        CPPUNIT_ASSERT(Next::Respond == p.begin(*third));
        CPPUNIT_ASSERT_EQUAL(429, third->response.status);
        CPPUNIT_ASSERT(has(third->response.body, "rate_limited"));
        CPPUNIT_ASSERT(headerValue(third->response.headers, "Retry-After") != "<none>");
        // Another caller has its own count; the next minute starts afresh.
        auto other = request("/limited", "GET", "192.0.2.11");
        CPPUNIT_ASSERT(Next::HandleInline == p.begin(*other));
        rig.clock.advance(60);
        auto later = request("/limited");
        CPPUNIT_ASSERT(Next::HandleInline == p.begin(*later));
        const auto totals = p.counters().totals();
        CPPUNIT_ASSERT_EQUAL(uint64_t(1), totals.refusals[static_cast<size_t>(pipeline::Refusal::RateLimited)]);
    }

    void unmeteredClassSaysSo() {
        testing::StandInPipeline rig;
        for (int i = 0; i < 5; ++i) {
            auto ex = request("/free");
            CPPUNIT_ASSERT(Next::HandleInline == rig.pipeline->begin(*ex));
            CPPUNIT_ASSERT_EQUAL(std::string("unmetered"), headerValue(ex->response.headers, "X-RateLimit-Policy"));
        }
    }

    void nextSaysWhereTheHandlerRuns() {
        testing::StandInPipeline rig;
        auto& p = *rig.pipeline;
        auto fast = request("/fast");
        CPPUNIT_ASSERT(Next::HandleInline == p.begin(*fast));
        auto slow = request("/slow");
        CPPUNIT_ASSERT(Next::HandleOnWorker == p.begin(*slow));
        // A non-blocking handler may defer: handle() marks the exchange and writes nothing of its own.
        auto defer = request("/defer");
        CPPUNIT_ASSERT(Next::HandleInline == p.begin(*defer));
        p.handle(*defer);
        CPPUNIT_ASSERT(defer->deferred);
        CPPUNIT_ASSERT_EQUAL(0, defer->response.status);
        CPPUNIT_ASSERT(defer->response.body.empty());
        CPPUNIT_ASSERT(has(defer->response.headers, "X-RateLimit-Limit"));  // the host's lines stay
    }

    void sharedCountersParkTheRequestUntilAnswered() {
        testing::StandInPipeline rig;
        testing::HeldCounters counters;
        rig.pipeline->setSharedCounters(&counters);
        auto ex = request("/fast");
        int woken = 0;
        ex->wake = [&woken] { ++woken; };
        CPPUNIT_ASSERT(Next::AwaitMeter == rig.pipeline->begin(*ex));
        CPPUNIT_ASSERT_EQUAL(size_t(1), counters.waiting());
        CPPUNIT_ASSERT_EQUAL(0, woken);
        counters.answerAll();
        CPPUNIT_ASSERT_EQUAL(1, woken);
        CPPUNIT_ASSERT(Next::HandleInline == rig.pipeline->resume(*ex));
        CPPUNIT_ASSERT_EQUAL(std::string("99"), headerValue(ex->response.headers, "X-RateLimit-Remaining"));
        // An unmetered route never asks.
        auto free = request("/free");
        CPPUNIT_ASSERT(Next::HandleInline == rig.pipeline->begin(*free));
        CPPUNIT_ASSERT_EQUAL(size_t(0), counters.waiting());
    }

    // The store did not answer: the request is counted in this node's memory
    // instead, against the same limit (2 a minute on /limited), said so in
    // X-RateLimit-Policy and counted for /metrics.
    void sharedCountersAwayCountOnThisNode() {
        testing::StandInPipeline rig;
        testing::HeldCounters counters;
        rig.pipeline->setSharedCounters(&counters);
        std::vector<std::unique_ptr<Exchange>> asked;
        for (int i = 0; i < 3; ++i) {
            asked.push_back(request("/limited"));
            asked.back()->wake = [] {};
            CPPUNIT_ASSERT(Next::AwaitMeter == rig.pipeline->begin(*asked.back()));
        }
        counters.answerAllUnavailable();
        for (int i = 0; i < 3; ++i) {
            Exchange& ex = *asked[size_t(i)];
            CPPUNIT_ASSERT((i < 2 ? Next::HandleInline : Next::Respond) == rig.pipeline->resume(ex));
            CPPUNIT_ASSERT_EQUAL(std::string("unavailable"), headerValue(ex.response.headers, "X-RateLimit-Policy"));
            CPPUNIT_ASSERT_EQUAL(std::string("<none>"), headerValue(ex.response.headers, "X-RateLimit-Limit"));
        }
        CPPUNIT_ASSERT_EQUAL(429, asked[2]->response.status);
        CPPUNIT_ASSERT(has(asked[2]->response.body, "rate_limited"));
        CPPUNIT_ASSERT(headerValue(asked[2]->response.headers, "Retry-After") != "<none>");
        CPPUNIT_ASSERT_EQUAL(uint64_t(3), rig.pipeline->counters().totals().counted_while_shared_away);
    }

    void queryCheckRefusesUndeclaredParameters() {
        testing::StandInPipeline rig;
        auto& p = *rig.pipeline;
        auto unknown = request("/fast?bogus=1");
        CPPUNIT_ASSERT(Next::Respond == p.begin(*unknown));
        CPPUNIT_ASSERT_EQUAL(400, unknown->response.status);
        CPPUNIT_ASSERT(has(unknown->response.body, "unknown_parameter"));
        CPPUNIT_ASSERT(has(unknown->response.body, "bogus"));
        auto declared = request("/fast?name=x&_=1");
        CPPUNIT_ASSERT(Next::HandleInline == p.begin(*declared));
        auto malformed = request("/fast?name=%zz");
        CPPUNIT_ASSERT(Next::Respond == p.begin(*malformed));
        CPPUNIT_ASSERT_EQUAL(400, malformed->response.status);
        CPPUNIT_ASSERT(has(malformed->response.body, "invalid_parameter"));
    }

    void responseCacheAnswersARepeatAfterMetering() {
        testing::StandInPipeline rig;
        auto& p = *rig.pipeline;
        auto first = request("/cached");
        serve(p, *first);
        CPPUNIT_ASSERT_EQUAL(std::string("miss"), headerValue(first->response.headers, "X-Cache"));
        auto second = request("/cached");
        CPPUNIT_ASSERT(Next::Respond == p.begin(*second));
        p.finish(*second);
        CPPUNIT_ASSERT_EQUAL(std::string("hit"), headerValue(second->response.headers, "X-Cache"));
        CPPUNIT_ASSERT_EQUAL(first->response.body, second->response.body);
        CPPUNIT_ASSERT_EQUAL(1, rig.handlers.calls.load());
        CPPUNIT_ASSERT(headerValue(second->response.headers, "X-RateLimit-Remaining") !=
                       headerValue(first->response.headers, "X-RateLimit-Remaining"));
    }

    void finishShapesLabelsAndCountsTheAnswer() {
        testing::StandInPipeline rig;
        auto& p = *rig.pipeline;
        auto plain = request("/fast");
        serve(p, *plain);
        CPPUNIT_ASSERT_EQUAL(200, plain->response.status);
        CPPUNIT_ASSERT_EQUAL(std::string("private, no-store"), headerValue(plain->response.headers, "Cache-Control"));
        CPPUNIT_ASSERT_EQUAL(std::string("*"), headerValue(plain->response.headers, "Access-Control-Allow-Origin"));
        CPPUNIT_ASSERT_EQUAL(std::string("User-Agent"), headerValue(plain->response.headers, "Vary"));
        auto only = request("/fast?fields=path");
        serve(p, *only);
        CPPUNIT_ASSERT(has(only->response.body, "\"path\""));
        CPPUNIT_ASSERT(!has(only->response.body, "\"call\""));
        auto pretty = request("/fast?pretty=1");
        serve(p, *pretty);
        CPPUNIT_ASSERT(has(pretty->response.body, "\n"));
        CPPUNIT_ASSERT(!has(plain->response.body, "\n"));
        auto missing = request("/nope");
        serve(p, *missing);
        CPPUNIT_ASSERT_EQUAL(std::string("no-store"), headerValue(missing->response.headers, "Cache-Control"));
        const auto totals = p.counters().totals();
        const size_t fast = 0, unmatched = p.routes().routes().size();
        CPPUNIT_ASSERT_EQUAL(uint64_t(3), totals.requests[fast * pipeline::kStatusSlots + pipeline::statusSlot(200)]);
        CPPUNIT_ASSERT_EQUAL(uint64_t(1),
                             totals.requests[unmatched * pipeline::kStatusSlots + pipeline::statusSlot(404)]);
    }

    void rejectUnparsedAnswersAndCloses() {
        testing::StandInPipeline rig;
        Exchange ex;
        ex.request.peer = *net::IpAddress::parse("192.0.2.10");
        rig.pipeline->rejectUnparsed(ex, 431, "request_too_large", "too many request headers");
        CPPUNIT_ASSERT_EQUAL(431, ex.response.status);
        CPPUNIT_ASSERT(ex.response.close);
        CPPUNIT_ASSERT(has(ex.response.body, "request_too_large"));
        CPPUNIT_ASSERT_EQUAL(std::string("no-store"), headerValue(ex.response.headers, "Cache-Control"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(PipelineTest);
