// The catalogue: the shipped etc/blocklists.yaml loads and keeps its rules;
// a DQS key changes what is asked but never what is shown; mistakes are
// refused with file and line.
#include "BlocklistCatalogue.h"

#include <cppunit/extensions/HelperMacros.h>

#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <map>
#include <stdexcept>

namespace ipfacts::dnsbl {
namespace {

std::string sourceDir() {
    const char* d = std::getenv("IPFACTS_SOURCE_DIR");
    return d ? d : ".";
}

EnvironmentReader envOf(std::map<std::string, std::string> vars) {
    return [vars](const std::string& name) -> std::optional<std::string> {
        auto it = vars.find(name);
        if (it == vars.end()) return std::nullopt;
        return it->second;
    };
}

std::string write(const std::string& yaml) {
    const std::string path = "/tmp/ipfacts-dnsbl-catalogue-test-" + std::to_string(::getpid()) + ".yaml";
    std::ofstream(path) << yaml;
    return path;
}

std::string errorOf(const std::string& yaml) {
    const std::string path = write(yaml);
    try {
        loadCatalogue(path, envOf({}));
    } catch (const std::runtime_error& e) {
        std::string m = e.what();
        return m.substr(m.find(path) + path.size());  // ":line: message"
    }
    return "no error";
}

const std::string kList =
    "lists:\n"
    "  - name: A\n"
    "    zone: a.example\n"
    "    lookup_url: https://a.example/{ip}\n"
    "    codes: { 127.0.0.2: listed }\n";

}  // namespace

class BlocklistCatalogueTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(BlocklistCatalogueTest);
    CPPUNIT_TEST(shippedCatalogueLoads);
    CPPUNIT_TEST(dqsKeyIsAskedButNeverShown);
    CPPUNIT_TEST(lookupUrlTakesTheAddress);
    CPPUNIT_TEST(mistakesNameTheLine);
    CPPUNIT_TEST_SUITE_END();

public:
    void shippedCatalogueLoads() {
        const std::vector<Blocklist> lists = loadCatalogue(sourceDir() + "/etc/blocklists.yaml", envOf({}));
        CPPUNIT_ASSERT(lists.size() >= 8);
        CPPUNIT_ASSERT_EQUAL(std::string("Spamhaus ZEN"), lists[0].name);
        CPPUNIT_ASSERT_EQUAL(std::string("zen.spamhaus.org"), lists[0].queryZone);
        CPPUNIT_ASSERT(lists[0].refusal("127.255.255.254"));
        CPPUNIT_ASSERT(lists[0].code("127.0.0.4"));
        bool sorbs = false, registration = false;
        for (const Blocklist& l : lists) {
            sorbs = sorbs || l.zone.find("sorbs") != std::string::npos;
            registration = registration || l.registration;
            CPPUNIT_ASSERT(!l.codes.empty());
        }
        CPPUNIT_ASSERT(!sorbs);        // closed in 2024
        CPPUNIT_ASSERT(registration);  // Barracuda
    }
    void dqsKeyIsAskedButNeverShown() {
        const std::vector<Blocklist> lists =
            loadCatalogue(sourceDir() + "/etc/blocklists.yaml", envOf({{"IPFACTS_SPAMHAUS_DQS_KEY", "abc123key"}}));
        CPPUNIT_ASSERT_EQUAL(std::string("zen.dq.spamhaus.net"), lists[0].zone);
        CPPUNIT_ASSERT_EQUAL(std::string("abc123key.zen.dq.spamhaus.net"), lists[0].queryZone);
        const std::string path = write(kList + "    dqs: { zone: dq.example, key_env: K }\n");
        try {
            loadCatalogue(path, envOf({{"K", "not.one.label"}}));
            CPPUNIT_FAIL("a key of several labels was taken");
        } catch (const std::runtime_error& e) {
            CPPUNIT_ASSERT(std::string(e.what()).find("not.one.label") == std::string::npos);  // never quoted
        }
    }
    void lookupUrlTakesTheAddress() {
        const std::vector<Blocklist> lists = loadCatalogue(write(kList), envOf({}));
        CPPUNIT_ASSERT_EQUAL(std::string("https://a.example/2001:db8::1"), lists[0].lookupUrlFor("2001:db8::1"));
    }
    void mistakesNameTheLine() {
        CPPUNIT_ASSERT_EQUAL(
            std::string(":5: codes: 127.0.0.1 is never an answer (RFC 5782: the \"not listed\" test point)"),
            errorOf(kList.substr(0, kList.size() - 22) + "{ 127.0.0.1: x }\n"));
        CPPUNIT_ASSERT_EQUAL(std::string(":5: codes: `10.0.0.2` is not an IPv4 address in 127.0.0.0/8"),
                             errorOf(kList.substr(0, kList.size() - 22) + "{ 10.0.0.2: x }\n"));
        CPPUNIT_ASSERT_EQUAL(std::string(":6: unknown key `ipv7` in a list"), errorOf(kList + "    ipv7: true\n"));
        CPPUNIT_ASSERT_EQUAL(std::string(":6: 127.0.0.2 is both a listing code and an error"),
                             errorOf(kList + "    errors: { 127.0.0.2: refused }\n"));
        CPPUNIT_ASSERT_EQUAL(
            std::string(":6: the zone `a.example` is given twice"),
            errorOf(kList + "  - { name: B, zone: a.example, lookup_url: \"https://b\", codes: { 127.0.0.2: x } }\n"));
        const std::string zone = errorOf("lists:\n  - name: A\n    zone: under_score..example\n");
        CPPUNIT_ASSERT_MESSAGE(zone, zone.rfind(":3: zone `under_score..example` is not a DNS zone name", 0) == 0);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(BlocklistCatalogueTest);

}  // namespace ipfacts::dnsbl
