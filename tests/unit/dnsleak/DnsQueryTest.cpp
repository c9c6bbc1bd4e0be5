// The responder's wire work without sockets: readQuery on good and bad bytes
// (the case as asked, EDNS Client Subnet, FORMERR, NOTIMP, responses ignored),
// and LeakZone's answers: a live session's A with the question echoed in its
// case, no data for other types, the apex, REFUSED for everything else (other
// zones, unknown, forged and expired tokens, ANY), and truncation.
#include "host/facilities/dnsleak/DnsQuery.h"
#include "host/facilities/dnsleak/DnsReply.h"
#include "host/facilities/dnsleak/LeakZone.h"
#include "tests/support/DnsAsker.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace ipfacts;
using namespace ipfacts::facilities::dnsleak;
using ipfacts::testing::dnsQuestion;
using ipfacts::testing::readDnsReply;

namespace {

QueryReading read(const std::string& m) { return readQuery(reinterpret_cast<const uint8_t*>(m.data()), m.size()); }

DnsLeakConfig config() {
    DnsLeakConfig c;
    c.zone = "leak.example.test";
    c.listen = {"127.0.0.1"};
    c.answer_v4 = "192.0.2.7";
    c.nameserver = "ns.leak.example.test";
    return c;
}

}  // namespace

class DnsQueryTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(DnsQueryTest);
    CPPUNIT_TEST(readsAQuestionAsAsked);
    CPPUNIT_TEST(readsClientSubnet);
    CPPUNIT_TEST(refusesMalformed);
    CPPUNIT_TEST(answersALiveSession);
    CPPUNIT_TEST(refusesEverythingElse);
    CPPUNIT_TEST(answersTheApex);
    CPPUNIT_TEST(truncatesPastTheLimit);
    CPPUNIT_TEST_SUITE_END();

    LeakToken tokens_{ipfacts::store::ServerSecret(std::string(32, 's'))};
    static constexpr int64_t kNow = 1'800'000'000;

public:
    void readsAQuestionAsAsked() {
        auto r = read(dnsQuestion(0x1234, "wWw.LeAk.example.test", 1));
        CPPUNIT_ASSERT(r.status == QueryStatus::Ok);
        CPPUNIT_ASSERT_EQUAL(uint16_t(0x1234), r.query.id);
        CPPUNIT_ASSERT_EQUAL(std::string("wWw.LeAk.example.test"), r.query.name);
        CPPUNIT_ASSERT_EQUAL(uint16_t(1), r.query.qtype);
        CPPUNIT_ASSERT(r.query.recursion_desired);
        CPPUNIT_ASSERT(!r.query.edns);
        CPPUNIT_ASSERT_EQUAL(uint16_t(512), r.query.udp_size);
    }

    void readsClientSubnet() {
        auto r = read(dnsQuestion(1, "a.example", 1, "198.51.100.77", 24));
        CPPUNIT_ASSERT(r.status == QueryStatus::Ok);
        CPPUNIT_ASSERT(r.query.edns && r.query.subnet);
        CPPUNIT_ASSERT_EQUAL(std::string("198.51.100.0/24"), r.query.subnet->text());
        CPPUNIT_ASSERT_EQUAL(uint16_t(1232), r.query.udp_size);
    }

    void refusesMalformed() {
        CPPUNIT_ASSERT(read("abc").status == QueryStatus::Ignore);
        std::string response = dnsQuestion(1, "a.example", 1);
        response[2] = static_cast<char>(response[2] | 0x80);  // QR: a reply, never answered
        CPPUNIT_ASSERT(read(response).status == QueryStatus::Ignore);
        std::string notify = dnsQuestion(1, "a.example", 1);
        notify[2] = static_cast<char>(4 << 3);  // opcode NOTIFY
        CPPUNIT_ASSERT(read(notify).status == QueryStatus::NotImp);
        std::string cut = dnsQuestion(1, "a.example", 1);
        cut.pop_back();
        CPPUNIT_ASSERT(read(cut).status == QueryStatus::FormErr);
        std::string pointer = dnsQuestion(1, "a.example", 1);
        pointer[12] = static_cast<char>(0xC0);  // a compression pointer in the question
        CPPUNIT_ASSERT(read(pointer).status == QueryStatus::FormErr);
        std::string two = dnsQuestion(1, "a.example", 1);
        two[5] = 2;  // QDCOUNT 2
        CPPUNIT_ASSERT(read(two).status == QueryStatus::FormErr);
        const auto header = readDnsReply(DnsReply::headerOnly(7, true, rcode::kFormErr));
        CPPUNIT_ASSERT(header && header->rcode == 1 && header->id == 7);
    }

    void answersALiveSession() {
        LeakZone zone(config(), tokens_);
        const std::string token = tokens_.make(kNow + 600);
        std::string upper = token;
        for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        const std::string asked = "1." + upper + ".LEAK.example.TEST";
        auto q = read(dnsQuestion(9, asked, 1));
        ZoneAnswer a = zone.answer(q.query, kNow, 512);
        CPPUNIT_ASSERT(a.kind == ZoneAnswer::Kind::Session);
        CPPUNIT_ASSERT_EQUAL(token, a.token);
        auto reply = readDnsReply(a.reply);
        CPPUNIT_ASSERT(reply && reply->rcode == 0 && reply->aa && reply->id == 9);
        CPPUNIT_ASSERT_EQUAL(asked, reply->name);  // 0x20: the case comes back as asked
        CPPUNIT_ASSERT_EQUAL(size_t(1), reply->addresses.size());
        CPPUNIT_ASSERT_EQUAL(std::string("192.0.2.7"), reply->addresses[0]);
        CPPUNIT_ASSERT(a.reply.size() <= dnsQuestion(9, asked, 1).size() + 16);  // no amplification

        // The token name itself (a minimising resolver asks it first), and no AAAA configured: no data.
        auto aaaa = read(dnsQuestion(10, token + ".leak.example.test", 28));
        ZoneAnswer b = zone.answer(aaaa.query, kNow, 512);
        CPPUNIT_ASSERT(b.kind == ZoneAnswer::Kind::Session);
        auto nodata = readDnsReply(b.reply);
        CPPUNIT_ASSERT(nodata->rcode == 0 && nodata->answers == 0 && nodata->authority == 1);
    }

    void refusesEverythingElse() {
        LeakZone zone(config(), tokens_);
        const std::string token = tokens_.make(kNow + 600);
        std::string forged = token;
        forged[0] = forged[0] == 'a' ? 'b' : 'a';
        const LeakToken other(ipfacts::store::ServerSecret(std::string(32, 'o')));
        for (const std::string& name :
             {std::string("1.") + token + ".other.test", std::string("1.0123456789abcdef.leak.example.test"),
              "1." + forged + ".leak.example.test", "1." + other.make(kNow + 600) + ".leak.example.test",
              "1." + tokens_.make(kNow) + ".leak.example.test", "a.b.c.d.e." + token + ".leak.example.test"}) {
            auto q = read(dnsQuestion(3, name, 1));
            ZoneAnswer a = zone.answer(q.query, kNow, 512);
            CPPUNIT_ASSERT_MESSAGE(name, a.kind == ZoneAnswer::Kind::Refused);
            auto reply = readDnsReply(a.reply);
            CPPUNIT_ASSERT(reply->rcode == 5 && !reply->aa && reply->answers == 0);
        }
        auto any = read(dnsQuestion(4, "1." + token + ".leak.example.test", 255));
        CPPUNIT_ASSERT(zone.answer(any.query, kNow, 512).kind == ZoneAnswer::Kind::Refused);
    }

    void answersTheApex() {
        LeakZone zone(config(), tokens_);
        auto soa = read(dnsQuestion(5, "leak.example.test", 6));
        ZoneAnswer a = zone.answer(soa.query, kNow, 512);
        CPPUNIT_ASSERT(a.kind == ZoneAnswer::Kind::Apex);
        auto reply = readDnsReply(a.reply);
        CPPUNIT_ASSERT(reply->rcode == 0 && reply->aa && reply->answers == 1);
    }

    void truncatesPastTheLimit() {
        LeakZone zone(config(), tokens_);
        const std::string token = tokens_.make(kNow + 600);
        auto q = read(dnsQuestion(6, "1." + token + ".leak.example.test", 16));  // TXT: no data, SOA in authority
        ZoneAnswer a = zone.answer(q.query, kNow, 100);
        auto reply = readDnsReply(a.reply);
        CPPUNIT_ASSERT(reply->tc && reply->answers == 0 && reply->authority == 0);
        CPPUNIT_ASSERT(a.reply.size() <= 100);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(DnsQueryTest);
