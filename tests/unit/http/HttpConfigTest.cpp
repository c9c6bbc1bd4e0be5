// The http: manifest section (host/facilities/http/HttpConfig): defaults,
// every key of the section and of a named upstream, and errors that name
// file and line.
#include "host/facilities/http/HttpConfig.h"
#include "tests/support/SectionReading.h"

#include <cppunit/extensions/HelperMacros.h>

using ipfacts::facilities::http::HttpConfig;

namespace {

const ipfacts::testing::SectionReading<HttpConfig> kSection("http");

}  // namespace

class HttpConfigTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(HttpConfigTest);
    CPPUNIT_TEST(emptySectionIsTheDefaults);
    CPPUNIT_TEST(everyKeyIsRead);
    CPPUNIT_TEST(errorsNameFileAndLine);
    CPPUNIT_TEST_SUITE_END();

public:
    void emptySectionIsTheDefaults() {
        auto c = kSection.read("http: {}\n");
        CPPUNIT_ASSERT_EQUAL(3000, c.timeout_ms);
        CPPUNIT_ASSERT_EQUAL(int64_t(1) << 20, c.max_body_bytes);
        CPPUNIT_ASSERT_EQUAL(3, c.max_redirects);
        CPPUNIT_ASSERT_EQUAL(std::string(""), c.ca_file);
        CPPUNIT_ASSERT(!c.resolve_with_resolver);  // resolve: system
        CPPUNIT_ASSERT(c.upstreams.empty());
        CPPUNIT_ASSERT(kSection.read("http: { resolve: resolver }\n").resolve_with_resolver);
        CPPUNIT_ASSERT(!kSection.read("http: { resolve: system }\n").resolve_with_resolver);
    }

    void everyKeyIsRead() {
        auto c = kSection.read(
            "http:\n"
            "  timeout_ms: 1500\n"
            "  max_body_bytes: 4096\n"
            "  max_redirects: 0\n"
            "  ca_file: hosts\n"
            "  upstreams:\n"
            "    rdap:\n"
            "      hosts: [RDAP.Example, 127.0.0.1]\n"
            "      allow_http: true\n"
            "      per_minute: 60\n"
            "      per_day: 5000\n"
            "      concurrent: 4\n"
            "    dnsbl: { hosts: [dnsbl.example] }\n");
        CPPUNIT_ASSERT_EQUAL(1500, c.timeout_ms);
        CPPUNIT_ASSERT_EQUAL(int64_t(4096), c.max_body_bytes);
        CPPUNIT_ASSERT_EQUAL(0, c.max_redirects);
        CPPUNIT_ASSERT_EQUAL(std::string("/etc/hosts"), c.ca_file);  // relative to the manifest's folder
        CPPUNIT_ASSERT_EQUAL(size_t(2), c.upstreams.size());
        const auto& u = c.upstreams[0];
        CPPUNIT_ASSERT_EQUAL(std::string("rdap"), u.name);
        CPPUNIT_ASSERT_EQUAL(std::string("rdap.example"), u.hosts[0]);  // lower case
        CPPUNIT_ASSERT_EQUAL(std::string("127.0.0.1"), u.hosts[1]);
        CPPUNIT_ASSERT(u.allow_http);
        CPPUNIT_ASSERT_EQUAL(int64_t(60), u.per_minute);
        CPPUNIT_ASSERT_EQUAL(int64_t(5000), u.per_day);
        CPPUNIT_ASSERT_EQUAL(int64_t(4), u.concurrent);
        CPPUNIT_ASSERT_EQUAL(8, u.line);
        const auto& d = c.upstreams[1];  // no limits unless named, https only
        CPPUNIT_ASSERT(!d.allow_http);
        CPPUNIT_ASSERT_EQUAL(int64_t(0), d.per_minute + d.per_day + d.concurrent);
    }

    void errorsNameFileAndLine() {
        CPPUNIT_ASSERT_EQUAL(std::string("m.yaml:2: unknown key 'timeout' in http"),
                             kSection.error("http:\n  timeout: 5\n"));
        CPPUNIT_ASSERT_EQUAL(std::string("m.yaml:2: http.max_body_bytes must be between 1024 and 67108864"),
                             kSection.error("http:\n  max_body_bytes: 100\n"));
        CPPUNIT_ASSERT_EQUAL(std::string("m.yaml:2: http.max_redirects must be between 0 and 20"),
                             kSection.error("http:\n  max_redirects: 21\n"));
        CPPUNIT_ASSERT_EQUAL(std::string("m.yaml:2: CA file /nonexistent/ca.pem does not exist"),
                             kSection.error("http:\n  ca_file: /nonexistent/ca.pem\n"));
        CPPUNIT_ASSERT_EQUAL(std::string("m.yaml:2: http.upstreams must be a mapping of upstream name to its policy"),
                             kSection.error("http:\n  upstreams: [rdap]\n"));
        CPPUNIT_ASSERT_EQUAL(std::string("m.yaml:3: upstream name 'RDAP' must match [a-z0-9_-]+"),
                             kSection.error("http:\n  upstreams:\n    RDAP: { hosts: [a.example] }\n"));
        CPPUNIT_ASSERT_EQUAL(std::string("m.yaml:3: http.upstreams.rdap needs hosts: a list of host names"),
                             kSection.error("http:\n  upstreams:\n    rdap: { per_minute: 5 }\n"));
        CPPUNIT_ASSERT_EQUAL(std::string("m.yaml:3: unknown key 'per_hour' in http.upstreams.rdap"),
                             kSection.error("http:\n  upstreams:\n    rdap: { hosts: [a.example], per_hour: 5 }\n"));
        CPPUNIT_ASSERT_EQUAL(
            std::string("m.yaml:3: http.upstreams.rdap.allow_http must be true or false"),
            kSection.error("http:\n  upstreams:\n    rdap: { hosts: [a.example], allow_http: maybe }\n"));
        CPPUNIT_ASSERT_EQUAL(std::string("m.yaml:2: http.resolve must be system or resolver, not 'doh'"),
                             kSection.error("http:\n  resolve: doh\n"));
        CPPUNIT_ASSERT_EQUAL(std::string("m.yaml:3: http.upstreams.rdap.concurrent must be between 0 and 100000"),
                             kSection.error("http:\n  upstreams:\n    rdap: { hosts: [a.example], concurrent: -1 }\n"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(HttpConfigTest);
