// The openspf SPF test suites (RFC 7208 and RFC 4408 editions, tests/spf/
// README.md) against /api/v1/mx: each scenario's zone data served by a
// loopback unbound (SuiteResolver), each test asked of a real ipfactsd
// pointed at it, `domain` (the MAIL FROM domain, or the HELO name when MAIL
// FROM is empty), `ip`, `sender` and `helo` as an MTA would pass them. A test
// passes when spf.evaluation.result is one of its accepted results. A domain
// the endpoint refuses (400 invalid_domain) passes only where the suite
// expects "none": RFC 7208 4.3 makes a malformed domain "none", and the API
// refuses it as bad input before any lookup. The figures are printed.
#include "tests/integration/support/HttpClient.h"
#include "tests/integration/support/Json.h"
#include "tests/integration/support/Service.h"
#include "tests/spf/ScenarioZone.h"
#include "tests/spf/SuiteFile.h"
#include "tests/spf/SuiteResolver.h"

#include <cppunit/extensions/HelperMacros.h>

#include <algorithm>
#include <chrono>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>
#include <stdexcept>

namespace ipfacts::testing::spf {
namespace {

// What the endpoint said for one test.
struct Verdict {
    enum class Kind { Accepted, Refused, Wrong } kind = Kind::Wrong;
    std::string got;  // the result, or the error token
};

struct Figures {
    int tests = 0, accepted = 0, refused = 0;
    std::vector<std::string> notPreferred;  // accepted, but not the suite's first (preferred) result
    std::vector<std::string> wrong;         // "<id>: got X, accepted Y"
    std::vector<std::string> refusals;      // "<id>: domain"
};

std::string percentEncoded(const std::string& s) {
    static const char* hex = "0123456789ABCDEF";
    std::string out;
    for (char c : s) {
        const auto b = static_cast<unsigned char>(c);
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '.' ||
            c == '_' || c == '~')
            out += c;
        else
            out += std::string("%") + hex[b >> 4] + hex[b & 15];
    }
    return out;
}

// RFC 7208 2.4: the MAIL FROM identity, or postmaster@<HELO name> when MAIL FROM is empty.
std::string senderOf(const SuiteTest& t) { return t.mailfrom.empty() ? "postmaster@" + t.helo : t.mailfrom; }
std::string domainOf(const SuiteTest& t) {
    const std::string sender = senderOf(t);
    return sender.substr(sender.rfind('@') + 1);
}

std::string join(const std::vector<std::string>& v) {
    std::string out;
    for (const std::string& s : v) out += (out.empty() ? "" : "|") + s;
    return out;
}

// The suite's daemon: the shared test manifest's service, server and TLS
// sections (Service waits for its TLS listener), then only what /api/v1/mx
// needs. The resolver is the suite's unbound, which drops a TIMEOUT name's
// queries: one short attempt is the whole wait. Scenarios reuse names with
// other data, so no answer may be kept (no-store: no response cache).
std::string suiteManifest(const std::string& shared, int dnsPort) {
    const size_t resolver = shared.find("\nresolver:\n");
    const size_t pluginDir = shared.find("\nplugin_dir: ");
    if (resolver == std::string::npos || pluginDir == std::string::npos)
        throw std::runtime_error("the test manifest has no resolver: or plugin_dir: line");
    return shared.substr(0, resolver + 1) + shared.substr(pluginDir + 1, shared.find('\n', pluginDir + 1) - pluginDir) +
           "resolver:\n"
           "  servers: [\"127.0.0.1:" +
           std::to_string(dnsPort) +
           "\"]\n"
           "  timeout_ms: 300\n"
           "  attempts: 1\n"
           "log_level: warn\n"
           "rate_classes:\n"
           "  suite: { metered: false }\n"
           "plugins:\n"
           "  mail: { library: mail }\n"
           "routes:\n"
           "  - { path: /api/v1/mx, handler: mail.mx, rate_class: suite, cache_control: \"no-store\" }\n";
}

class SuiteRun {
public:
    SuiteRun()
        : resolver_(Service::buildDir() + "/tests/spf-suite-dns"),
          service_("spf-suite", [port = resolver_.port()](std::string& text) { text = suiteManifest(text, port); }) {
        service_.start();
    }

    Figures run(const std::string& file) {
        Figures f;
        const std::vector<SuiteScenario> scenarios = readSuiteFile(Service::sourceDir() + "/tests/spf/" + file);
        for (size_t i = 0; i < scenarios.size(); ++i) {
            const std::string marker = file + "#" + std::to_string(i);
            resolver_.load(scenarioZone(scenarios[i], marker), marker);
            for (const SuiteTest& t : scenarios[i].tests) tally(f, t, ask(t));
        }
        return f;
    }

private:
    Verdict ask(const SuiteTest& t) {
        const std::string target = "/api/v1/mx?domain=" + percentEncoded(domainOf(t)) +
                                   "&ip=" + percentEncoded(t.host) + "&sender=" + percentEncoded(senderOf(t)) +
                                   "&helo=" + percentEncoded(t.helo);
        HttpClient c("127.0.0.1", service_.port());
        const HttpReply r = c.get(target);
        Verdict v;
        if (r.status == 400) {
            v.got = parseJson(r.body)->getValue<std::string>("error");
            v.kind = v.got == "invalid_domain" && std::count(t.results.begin(), t.results.end(), "none")
                         ? Verdict::Kind::Refused
                         : Verdict::Kind::Wrong;
            return v;
        }
        if (r.status != 200) return Verdict{Verdict::Kind::Wrong, "HTTP " + std::to_string(r.status)};
        v.got = parseJson(r.body)->getObject("spf")->getObject("evaluation")->getValue<std::string>("result");
        v.kind = std::count(t.results.begin(), t.results.end(), v.got) ? Verdict::Kind::Accepted : Verdict::Kind::Wrong;
        return v;
    }

    static void tally(Figures& f, const SuiteTest& t, const Verdict& v) {
        ++f.tests;
        switch (v.kind) {
            case Verdict::Kind::Accepted:
                ++f.accepted;
                if (v.got != t.results.front())
                    f.notPreferred.push_back(t.id + " (" + t.spec + "): " + v.got + ", preferred " + t.results.front());
                break;
            case Verdict::Kind::Refused:
                ++f.refused;
                f.refusals.push_back(t.id + ": domain '" + domainOf(t) + "' refused (" + v.got +
                                     "), suite expects none");
                break;
            case Verdict::Kind::Wrong:
                f.wrong.push_back(t.id + " (" + t.spec + "): got " + v.got + ", accepted " + join(t.results));
                break;
        }
    }

    SuiteResolver resolver_;
    Service service_;
};

void print(const std::string& file, const Figures& f) {
    std::cout << "\n  " << std::left << std::setw(18) << file << " tests " << f.tests << ", evaluated "
              << f.tests - f.refused << ", accepted " << f.accepted << ", refused domains " << f.refused << " ("
              << f.notPreferred.size() << " not the preferred result), wrong " << f.wrong.size();
    for (const std::string& p : f.notPreferred) std::cout << "\n    accepted, not preferred: " << p;
    for (const std::string& r : f.refusals) std::cout << "\n    refused: " << r;
    for (const std::string& w : f.wrong) std::cout << "\n    WRONG:   " << w;
    std::cout << std::flush;
}

}  // namespace

class SpfSuiteTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(SpfSuiteTest);
    CPPUNIT_TEST(everyTestGetsAnAcceptedResult);
    CPPUNIT_TEST_SUITE_END();

public:
    void everyTestGetsAnAcceptedResult() {
        SuiteRun run;
        const auto started = std::chrono::steady_clock::now();
        std::map<std::string, Figures> figures;
        for (const char* file : {"rfc7208-tests.yml", "rfc4408-tests.yml"}) figures[file] = run.run(file);
        const auto s = std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() - started);
        for (const auto& [file, f] : figures) print(file, f);
        std::cout << "\n  (" << s.count() << " s)" << std::flush;
        for (const auto& [file, f] : figures) {
            CPPUNIT_ASSERT_MESSAGE(file + ": not every test ran", f.tests == (file == "rfc7208-tests.yml" ? 203 : 191));
            CPPUNIT_ASSERT_EQUAL_MESSAGE(file + ": wrong results", size_t(0), f.wrong.size());
            CPPUNIT_ASSERT_EQUAL_MESSAGE(file + ": every test accepted or refused", f.tests, f.accepted + f.refused);
            // The five malformed domains of each file (tests/spf/README.md): one more
            // would be a name refused that the service used to evaluate.
            CPPUNIT_ASSERT_EQUAL_MESSAGE(file + ": refused domains", 5, f.refused);
        }
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(SpfSuiteTest);

}  // namespace ipfacts::testing::spf
