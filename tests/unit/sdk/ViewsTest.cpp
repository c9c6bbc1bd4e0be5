// ipfacts/fields.h and views.hpp: every C struct round-trips through its one
// field list (owned -> fill -> view -> keep), a member past struct_size
// reads as absent (a host of an older minor), and what views point into
// stays put while its owner lives.
#include <ipfacts/results.hpp>

#include <cppunit/extensions/HelperMacros.h>

#include <cstddef>

namespace ipfacts {
namespace {

NetFacts amsterdam() {
    NetFacts f;
    f.version = 6;
    f.routable = true;
    f.address = "2001:db8::1";
    f.kind = "public";
    f.description = "global unicast";
    f.city = "Amsterdam", f.country = "NL", f.postal = "1012";
    f.latitude = 52.37, f.longitude = 4.89;
    f.geo_accuracy = "approximate";
    f.asn = 64500;
    f.as_name = "EXAMPLE";
    f.rir = "RIPE";
    return f;
}

}  // namespace

class ViewsTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(ViewsTest);
    CPPUNIT_TEST(netFactsRoundTrip);
    CPPUNIT_TEST(unknownsStayUnknown);
    CPPUNIT_TEST(membersPastStructSizeAreAbsent);
    CPPUNIT_TEST(nestedListsRoundTrip);
    CPPUNIT_TEST(httpCallsFillTheirDefaults);
    CPPUNIT_TEST(viewsSurviveAMove);
    CPPUNIT_TEST_SUITE_END();

public:
    void netFactsRoundTrip() {
        const Held<NetFactsView> v(amsterdam());
        CPPUNIT_ASSERT_EQUAL(6, v.version());
        CPPUNIT_ASSERT(v.routable() && v.has_location());
        CPPUNIT_ASSERT_EQUAL(std::string("Amsterdam"), std::string(v.city().value()));
        CPPUNIT_ASSERT_EQUAL(4.89, v.longitude().value());
        CPPUNIT_ASSERT_EQUAL(int64_t(64500), v.asn().value());
        CPPUNIT_ASSERT_EQUAL(std::string("RIPE"), std::string(v.rir()));
        CPPUNIT_ASSERT_EQUAL(uint32_t(sizeof(ipf_netdb_facts)), v.raw().struct_size);
        const NetFacts k = v.keep();
        CPPUNIT_ASSERT(k.city == amsterdam().city && k.postal == amsterdam().postal && !k.region);
        CPPUNIT_ASSERT(k.latitude == amsterdam().latitude && k.asn == amsterdam().asn);
        CPPUNIT_ASSERT_EQUAL(std::string("unknown"), k.connection_type);
    }

    void unknownsStayUnknown() {
        NetFacts half;
        half.latitude = 1.0;  // without a longitude there is no location
        const Held<NetFactsView> v(half);
        CPPUNIT_ASSERT(!v.has_location() && !v.latitude() && !v.longitude());
        CPPUNIT_ASSERT(!v.asn() && !v.city() && !v.rfc());
        CPPUNIT_ASSERT_EQUAL(-1L, static_cast<long>(v.raw().asn));
        CPPUNIT_ASSERT(v.raw().city.ptr == nullptr);
        const Held<NetFactsView> nothing;  // a fresh copy: nothing known
        CPPUNIT_ASSERT_EQUAL(4, nothing.version());
        CPPUNIT_ASSERT_EQUAL(std::string("UNKNOWN"), std::string(nothing.rir()));
    }

    void membersPastStructSizeAreAbsent() {
        const Held<NetFactsView> full(amsterdam());
        ipf_netdb_facts older = full.raw();
        older.struct_size = offsetof(ipf_netdb_facts, geo_accuracy);  // a host that stops before geo_accuracy
        const NetFactsView v(older);
        CPPUNIT_ASSERT_EQUAL(std::string("Amsterdam"), std::string(v.city().value()));
        CPPUNIT_ASSERT(!v.geo_accuracy());
        CPPUNIT_ASSERT(!v.asn());
        CPPUNIT_ASSERT_EQUAL(std::string("UNKNOWN"), std::string(v.rir()));
    }

    void nestedListsRoundTrip() {
        DnsAnswer a;
        a.source = "192.0.2.53:53";
        a.rcode = 0;
        a.ad = true;
        a.records = {{"example.test.", "A", 60, "192.0.2.1"}, {"example.test.", "A", 61, "192.0.2.2"}};
        const DnsAnswers batch{a, DnsAnswer{}};
        CPPUNIT_ASSERT_EQUAL(size_t(2), batch[0].records().size());
        CPPUNIT_ASSERT_EQUAL(61u, batch[0].records()[1].ttl());
        CPPUNIT_ASSERT(batch[0].ad() && !batch[0].error());
        CPPUNIT_ASSERT_EQUAL(-1, batch[1].rcode());  // a fresh answer: no response
        CPPUNIT_ASSERT(batch[1].records().empty());
        const std::vector<DnsAnswer> kept = batch.keep();
        CPPUNIT_ASSERT_EQUAL(std::string("192.0.2.2"), kept[0].records[1].data);
        CPPUNIT_ASSERT(kept[0].ad && kept[0].source == a.source);
    }

    void httpCallsFillTheirDefaults() {
        HttpCall call;
        call.url = "https://up.example/";
        call.headers = {{"Accept", "*/*"}};
        fields::Arena arena;
        const std::vector<ipf_http_request> c = fields::fillAll(std::vector<HttpCall>{call}, arena);
        CPPUNIT_ASSERT_EQUAL(std::string("GET"), std::string(view(c[0].method)));
        CPPUNIT_ASSERT_EQUAL(size_t(1), c[0].header_count);
        CPPUNIT_ASSERT_EQUAL(-1, c[0].max_redirects);
        ipf_http_request blank{};
        blank.max_redirects = -1;
        CPPUNIT_ASSERT_EQUAL(std::string("GET"), std::string(HttpCallView(blank).method()));  // {NULL,0}: GET
        HttpReply ok;
        ok.status = 204;
        const HttpReplies replies{ok};
        CPPUNIT_ASSERT(replies[0].raw().error.ptr == nullptr && replies[0].raw().peer_address.ptr == nullptr);
        CPPUNIT_ASSERT(replies[0].ok());
    }

    void viewsSurviveAMove() {
        Marshalled<NetFacts> m({amsterdam()});
        const ipf_netdb_facts* before = m.at(0);
        Marshalled<NetFacts> moved = std::move(m);
        CPPUNIT_ASSERT(before == moved.at(0));
        CPPUNIT_ASSERT_EQUAL(std::string("Amsterdam"), std::string(moved[0].city().value()));
        Held<NetFactsView> a(amsterdam());
        Held<NetFactsView> b = std::move(a);
        CPPUNIT_ASSERT_EQUAL(std::string("NL"), std::string(b.country().value()));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ViewsTest);

}  // namespace ipfacts
