// The result's verdicts on facts the test makes up: no questions yet, every
// resolver in your network, one in another network, one in another country,
// and resolvers counted per address with their transports and subnets.
#include "host/facilities/dnsleak/LeakReport.h"

#include <Poco/JSON/Parser.h>
#include <cppunit/extensions/HelperMacros.h>

using namespace ipfacts;
using namespace ipfacts::facilities::dnsleak;

namespace {

LeakQuestion question(const std::string& resolver, const std::string& transport, const std::string& subnet = "") {
    LeakQuestion q;
    q.resolver = resolver;
    q.port = 5300;
    q.transport = transport;
    q.at_unix = 1'800'000'000;
    q.qtype = 1;
    q.name = "1.AbC.leak.test";
    q.subnet = subnet;
    return q;
}

/// 192.0.2.0/25 is AS 64500 in NL; 192.0.2.128/25 AS 64501 in NL; 198.51.100.0/24 AS 64502 in DE.
ipfacts::NetFacts facts(const net::IpAddress& a) {
    ipfacts::NetFacts f;
    const std::string t = a.toString();
    if (t.rfind("192.0.2.", 0) == 0) {
        f.asn = std::stoi(t.substr(8)) < 128 ? 64500 : 64501;
        f.country = "NL";
    } else if (t.rfind("198.51.100.", 0) == 0) {
        f.asn = 64502;
        f.country = "DE";
    }
    return f;
}

Poco::JSON::Object::Ptr report(std::vector<LeakQuestion> qs) {
    ReportInput in;
    in.session = "s";
    in.expires_unix = 1'800'000'600;
    in.now_unix = 1'800'000'010;
    in.source = "ipfacts.test";
    in.caller = *net::IpAddress::parse("192.0.2.10");
    in.questions.total = static_cast<int64_t>(qs.size());
    in.questions.kept = std::move(qs);
    return Poco::JSON::Parser().parse(leakReport(in, facts)).extract<Poco::JSON::Object::Ptr>();
}

std::string status(const Poco::JSON::Object::Ptr& r) {
    return r->getObject("verdict")->getValue<std::string>("status");
}

}  // namespace

class LeakReportTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(LeakReportTest);
    CPPUNIT_TEST(verdicts);
    CPPUNIT_TEST(countsPerResolver);
    CPPUNIT_TEST_SUITE_END();

public:
    void verdicts() {
        auto none = report({});
        CPPUNIT_ASSERT_EQUAL(std::string("no_questions_yet"), status(none));
        CPPUNIT_ASSERT(none->getObject("verdict")->isNull("leak"));
        auto same = report({question("192.0.2.53", "udp")});
        CPPUNIT_ASSERT_EQUAL(std::string("same_network"), status(same));
        CPPUNIT_ASSERT(!same->getObject("verdict")->getValue<bool>("leak"));
        auto network = report({question("192.0.2.53", "udp"), question("192.0.2.200", "udp")});
        CPPUNIT_ASSERT_EQUAL(std::string("other_network"), status(network));
        CPPUNIT_ASSERT(network->getObject("verdict")->getValue<bool>("leak"));
        auto country = report({question("192.0.2.200", "udp"), question("198.51.100.1", "udp")});
        CPPUNIT_ASSERT_EQUAL(std::string("other_country"), status(country));
        auto unknown = report({question("203.0.113.1", "udp")});
        CPPUNIT_ASSERT_EQUAL(std::string("unknown"), status(unknown));
        CPPUNIT_ASSERT_EQUAL(std::string("ipfacts.test"), same->getValue<std::string>("source"));
        CPPUNIT_ASSERT_EQUAL(std::string("2027-01-15T08:00:10Z"), same->getValue<std::string>("checked_at"));
    }

    void countsPerResolver() {
        auto r = report({question("198.51.100.1", "udp", "203.0.113.0/24"), question("198.51.100.1", "tcp"),
                         question("192.0.2.53", "udp")});
        CPPUNIT_ASSERT_EQUAL(3, r->getValue<int>("questions"));
        auto resolvers = r->getArray("resolvers");
        CPPUNIT_ASSERT_EQUAL(size_t(2), resolvers->size());
        auto first = resolvers->getObject(0);
        CPPUNIT_ASSERT_EQUAL(std::string("198.51.100.1"), first->getValue<std::string>("address"));
        CPPUNIT_ASSERT_EQUAL(2, first->getValue<int>("questions"));
        CPPUNIT_ASSERT_EQUAL(64502, first->getValue<int>("asn"));
        CPPUNIT_ASSERT_EQUAL(size_t(2), first->getArray("transports")->size());
        CPPUNIT_ASSERT(!first->getValue<bool>("same_country"));
        CPPUNIT_ASSERT_EQUAL(std::string("1.AbC.leak.test"), first->getArray("names")->getElement<std::string>(0));
        CPPUNIT_ASSERT_EQUAL(std::string("203.0.113.0/24"), r->getArray("client_subnets")->getElement<std::string>(0));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(LeakReportTest);
