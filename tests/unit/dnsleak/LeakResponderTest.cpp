// The DNS leak facility on loopback sockets, over a SQLite store and a manual
// service clock: a session's names answered over UDP and TCP, recorded with
// the resolver, the case as asked and the client subnet, and listed by the
// result; a source past its rate gets no reply while others are still
// answered; after 10 minutes on the moved clock the names are REFUSED and the
// result is gone.
#include "host/facilities/dnsleak/DnsLeakFacility.h"
#include "host/facilities/dnsleak/DnsLeakHandlers.h"
#include "host/store/sqlite/SqliteStore.h"
#include "tests/support/DnsAsker.h"
#include "tests/support/TempSqliteFile.h"

#include <Poco/JSON/Parser.h>
#include <cppunit/extensions/HelperMacros.h>

#include <memory>

using namespace ipfacts;
using namespace ipfacts::facilities::dnsleak;
using namespace ipfacts::testing;

namespace {

Poco::JSON::Object::Ptr parse(const std::string& s) {
    return Poco::JSON::Parser().parse(s).extract<Poco::JSON::Object::Ptr>();
}

}  // namespace

class LeakResponderTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(LeakResponderTest);
    CPPUNIT_TEST(answersAndRecordsASession);
    CPPUNIT_TEST(limitsEachSource);
    CPPUNIT_TEST(sessionsExpireAfterTenMinutes);
    CPPUNIT_TEST(handlersAnswerNotImplementedWhenOff);
    CPPUNIT_TEST_SUITE_END();

    TempSqliteFile file_{"dnsleak"};
    std::unique_ptr<ipfacts::store::SqliteStore> kv_;
    std::unique_ptr<ratelimit::ServiceClock> clock_;
    std::unique_ptr<DnsLeakFacility> leak_;
    int port_ = 0;

public:
    void setUp() override {
        kv_ = std::make_unique<ipfacts::store::SqliteStore>(file_.path);
        clock_ = std::make_unique<ratelimit::ServiceClock>(true);
        DnsLeakConfig c;
        c.zone = "leak.ipfacts.test";
        c.listen = {"127.0.0.1"};
        c.answer_v4 = "127.0.0.1";
        c.nameserver = "ns.leak.ipfacts.test";
        c.per_source_per_second = 10;
        for (int attempt = 0; attempt < 5 && !leak_; ++attempt) {
            c.port = port_ = freeDnsPort();
            try {
                leak_ = std::make_unique<DnsLeakFacility>(c, ipfacts::store::ServerSecret(std::string(32, 'k')), *kv_,
                                                          *clock_, nullptr, "ipfacts.test");
            } catch (const std::runtime_error&) {
                // the port was taken meanwhile: another
            }
        }
        CPPUNIT_ASSERT(leak_);
    }
    void tearDown() override {
        leak_.reset();
        kv_.reset();
    }

    void answersAndRecordsASession() {
        const int64_t before = clock_->now();
        const LeakSession s = leak_->start();
        const int64_t after = clock_->now();
        CPPUNIT_ASSERT_EQUAL(size_t(4), s.names.size());
        CPPUNIT_ASSERT_EQUAL(size_t(56), s.token.size());
        CPPUNIT_ASSERT_EQUAL("1." + s.token + ".leak.ipfacts.test", s.names[0]);
        CPPUNIT_ASSERT(s.expires_unix >= before + 600 && s.expires_unix <= after + 600);

        std::string mixed = s.names[0];
        for (size_t i = 0; i < mixed.size(); i += 2)
            mixed[i] = static_cast<char>(std::toupper(static_cast<unsigned char>(mixed[i])));
        auto udp = askUdp(port_, dnsQuestion(1, mixed, 1, "203.0.113.9", 24), "127.0.0.2");
        CPPUNIT_ASSERT(udp && udp->rcode == 0 && udp->aa);
        CPPUNIT_ASSERT_EQUAL(mixed, udp->name);
        CPPUNIT_ASSERT_EQUAL(std::string("127.0.0.1"), udp->addresses.at(0));
        auto tcp = askTcp(port_, dnsQuestion(2, s.names[1], 1));
        CPPUNIT_ASSERT(tcp && tcp->rcode == 0 && tcp->addresses.size() == 1);
        auto refused = askUdp(port_, dnsQuestion(3, "1.00ff.leak.ipfacts.test", 1), "127.0.0.2");
        CPPUNIT_ASSERT(refused && refused->rcode == 5);
        leak_->log().drain();

        auto r = parse(*leak_->result(s.token, *net::IpAddress::parse("127.0.0.2")));
        CPPUNIT_ASSERT_EQUAL(2, r->getValue<int>("questions"));
        auto resolvers = r->getArray("resolvers");
        CPPUNIT_ASSERT_EQUAL(size_t(2), resolvers->size());
        bool saw_udp = false, saw_tcp = false;
        for (size_t i = 0; i < resolvers->size(); ++i) {
            auto one = resolvers->getObject(static_cast<unsigned>(i));
            const auto address = one->getValue<std::string>("address");
            const auto transport = one->getArray("transports")->getElement<std::string>(0);
            if (address == "127.0.0.2") {
                saw_udp = transport == "udp";
                CPPUNIT_ASSERT_EQUAL(mixed, one->getArray("names")->getElement<std::string>(0));
                CPPUNIT_ASSERT_EQUAL(std::string("203.0.113.0/24"),
                                     one->getArray("client_subnets")->getElement<std::string>(0));
                CPPUNIT_ASSERT(one->getValue<bool>("same_network"));  // the caller's own address
            } else {
                saw_tcp = address == "127.0.0.1" && transport == "tcp";
            }
        }
        CPPUNIT_ASSERT(saw_udp && saw_tcp);
        CPPUNIT_ASSERT_EQUAL(std::string("203.0.113.0/24"), r->getArray("client_subnets")->getElement<std::string>(0));
        CPPUNIT_ASSERT(!leak_->result(s.token.substr(0, 55) + "0", *net::IpAddress::parse("127.0.0.2")));
    }

    void limitsEachSource() {
        const LeakSession s = leak_->start();
        std::vector<std::string> burst;
        for (int i = 0; i < 30; ++i) burst.push_back(dnsQuestion(static_cast<uint16_t>(i), s.names[0], 1));
        const int answered = burstUdp(port_, burst, "127.0.0.3", 300);
        CPPUNIT_ASSERT(answered >= 10 && answered <= 20);  // 10 a second; the burst may straddle two seconds
        auto other = askUdp(port_, dnsQuestion(99, s.names[0], 1), "127.0.0.4");
        CPPUNIT_ASSERT(other && other->rcode == 0);
        CPPUNIT_ASSERT(leak_->counts().limited > 0);
        bool counted = false;
        for (const auto& f : leak_->metrics(0))
            if (f.name == "ipfacts_dnsleak_questions_total")
                for (const auto& sample : f.samples)
                    counted = counted || (sample.labels.at(0).second == "rate_limited" && sample.value > 0);
        CPPUNIT_ASSERT(counted);
    }

    void sessionsExpireAfterTenMinutes() {
        const LeakSession s = leak_->start();
        const auto caller = *net::IpAddress::parse("127.0.0.1");
        clock_->advance(590);  // real seconds pass too
        CPPUNIT_ASSERT(askUdp(port_, dnsQuestion(1, s.names[0], 1))->rcode == 0);
        leak_->log().drain();
        CPPUNIT_ASSERT(leak_->result(s.token, caller));
        clock_->advance(10);
        CPPUNIT_ASSERT_EQUAL(5, askUdp(port_, dnsQuestion(2, s.names[0], 1))->rcode);
        CPPUNIT_ASSERT(!leak_->result(s.token, caller));
    }

    void handlersAnswerNotImplementedWhenOff() {
        facilities::FacilitySet off;  // no dnsleak: section, so no facility
        const auto handlers = dnsleakHandlers(&off);
        CPPUNIT_ASSERT_EQUAL(size_t(3), handlers.size());
        for (const auto& h : handlers) {
            pipeline::Exchange ex;
            h.serve(ex);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(h.name, 404, ex.response.status);
            CPPUNIT_ASSERT_MESSAGE(h.name, ex.response.body.find("\"not_implemented\"") != std::string::npos);
        }
        CPPUNIT_ASSERT(!handlers[1].nonblocking);  // the result reads the store: on a worker
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(LeakResponderTest);
