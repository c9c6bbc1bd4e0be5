// Readiness: each check of /readyz and the answer's status, without a daemon.
#include "host/facilities/FacilitySet.h"
#include "host/server/Readiness.h"

#include <Poco/JSON/Parser.h>
#include <cppunit/extensions/HelperMacros.h>

using ipfacts::facilities::FacilitySet;
using ipfacts::pipeline::Exchange;
using ipfacts::server::Readiness;

namespace {

/// A facility whose /readyz check says what it is told.
class CheckedFacility : public ipfacts::facilities::Facility {
public:
    explicit CheckedFacility(ipfacts::facilities::FacilityHealth health) : health_(std::move(health)) {}
    const char* name() const override { return "checked"; }
    void fill(ipf_host_api&) const override {}
    std::optional<ipfacts::facilities::FacilityHealth> readiness() const override { return health_; }

private:
    ipfacts::facilities::FacilityHealth health_;
};

Poco::JSON::Object::Ptr readyBody(const Readiness& r, int& status) {
    Exchange ex;
    r.serveReady(ex);
    status = ex.response.status;
    CPPUNIT_ASSERT_EQUAL(std::string("application/json"), ex.response.content_type);
    return Poco::JSON::Parser().parse(ex.response.body).extract<Poco::JSON::Object::Ptr>();
}

Poco::JSON::Object::Ptr checkOf(const Poco::JSON::Object::Ptr& body, const std::string& name) {
    auto checks = body->getArray("checks");
    for (size_t i = 0; i < checks->size(); ++i) {
        auto c = checks->getObject(static_cast<unsigned>(i));
        if (c->getValue<std::string>("name") == name) return c;
    }
    CPPUNIT_FAIL("no check " + name);
    return nullptr;
}

std::string detailOf(const Poco::JSON::Object::Ptr& body, const std::string& name, bool& ok) {
    auto checks = body->getArray("checks");
    for (size_t i = 0; i < checks->size(); ++i) {
        auto c = checks->getObject(static_cast<unsigned>(i));
        if (c->getValue<std::string>("name") != name) continue;
        ok = c->getValue<bool>("ok");
        return c->getValue<std::string>("detail");
    }
    CPPUNIT_FAIL("no check " + name);
    return "";
}

}  // namespace

class ReadinessTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(ReadinessTest);
    CPPUNIT_TEST(healthIsPlainOk);
    CPPUNIT_TEST(eachMissingPartIsNamed);
    CPPUNIT_TEST(stoppingDrainsTheNode);
    CPPUNIT_TEST(aCheckThatDoesNotDecideIsShownOnly);
    CPPUNIT_TEST_SUITE_END();

public:
    void healthIsPlainOk() {
        Exchange ex;
        Readiness::serveHealth(ex);
        CPPUNIT_ASSERT_EQUAL(200, ex.response.status);
        CPPUNIT_ASSERT_EQUAL(std::string("ok\n"), ex.response.body);
    }

    // A facility's failing check, a refused plugin and its route.
    void eachMissingPartIsNamed() {
        FacilitySet set;
        set.add(std::make_unique<CheckedFacility>(ipfacts::facilities::FacilityHealth{false, "data missing: a.csv"}));
        Readiness r(set, {"geo"}, {"/geo"});
        int status = 0;
        auto body = readyBody(r, status);
        CPPUNIT_ASSERT_EQUAL(503, status);
        CPPUNIT_ASSERT(!body->getValue<bool>("ready"));
        bool ok = true;
        CPPUNIT_ASSERT_EQUAL(std::string("not loaded: geo"), detailOf(body, "plugins", ok));
        CPPUNIT_ASSERT(!ok);
        CPPUNIT_ASSERT_EQUAL(std::string("not served: /geo"), detailOf(body, "routes", ok));
        CPPUNIT_ASSERT(!ok);
        CPPUNIT_ASSERT_EQUAL(std::string("data missing: a.csv"), detailOf(body, "checked", ok));
        CPPUNIT_ASSERT(!ok);
        CPPUNIT_ASSERT_EQUAL(std::string("accepting requests"), detailOf(body, "serving", ok));
        CPPUNIT_ASSERT(ok);
    }

    // Without facilities there are no facility checks; SIGTERM turns
    // serving false.
    void stoppingDrainsTheNode() {
        FacilitySet none;
        Readiness r(none, {}, {});
        int status = 0;
        auto body = readyBody(r, status);
        CPPUNIT_ASSERT_EQUAL(size_t(3), body->getArray("checks")->size());
        bool ok = false;
        detailOf(body, "plugins", ok);
        CPPUNIT_ASSERT(ok);
        r.stopping();
        body = readyBody(r, status);
        CPPUNIT_ASSERT_EQUAL(503, status);
        CPPUNIT_ASSERT_EQUAL(std::string("shutting down: drain this node"), detailOf(body, "serving", ok));
        CPPUNIT_ASSERT(!ok);
    }

    // The store's kind of check: failing, shown with its detail, and the node still ready.
    void aCheckThatDoesNotDecideIsShownOnly() {
        FacilitySet set;
        set.add(std::make_unique<CheckedFacility>(
            ipfacts::facilities::FacilityHealth{false, "postgres: a read failed", false}));
        Readiness r(set, {}, {});
        int status = 0;
        auto body = readyBody(r, status);
        CPPUNIT_ASSERT_EQUAL(200, status);
        CPPUNIT_ASSERT(body->getValue<bool>("ready"));
        bool ok = true;
        CPPUNIT_ASSERT_EQUAL(std::string("postgres: a read failed"), detailOf(body, "checked", ok));
        CPPUNIT_ASSERT(!ok);
        CPPUNIT_ASSERT(!checkOf(body, "checked")->getValue<bool>("decides"));
        CPPUNIT_ASSERT(checkOf(body, "serving")->getValue<bool>("decides"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ReadinessTest);
