// AccessLog: the line's exact format (text and JSON lines), key values
// redacted from the target, the User-Agent escaped, and reopening after a rotation.
#include "host/pipeline/AccessLog.h"
#include "host/pipeline/RouteTable.h"

#include <Poco/JSON/Parser.h>
#include <cppunit/extensions/HelperMacros.h>

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <regex>
#include <sstream>
#include <string>

using namespace ipfacts::pipeline;

namespace {

/// A file under /tmp that is removed when the test ends.
struct TempFile {
    std::string path;
    TempFile() {
        char name[] = "/tmp/ipfacts-accesslog-XXXXXX";
        int fd = mkstemp(name);
        if (fd >= 0) ::close(fd);
        path = name;
    }
    ~TempFile() { std::remove(path.c_str()); }
    std::string read() const {
        std::ifstream in(path);
        std::stringstream ss;
        ss << in.rdbuf();
        return ss.str();
    }
};

}  // namespace

class AccessLogTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(AccessLogTest);
    CPPUNIT_TEST(lineHasEveryFieldInOrder);
    CPPUNIT_TEST(keyValuesAreRedacted);
    CPPUNIT_TEST(unroutedRequestsSayDash);
    CPPUNIT_TEST(userAgentCannotForgeAFieldOrALine);
    CPPUNIT_TEST(jsonLinesCarryTheSameFields);
    CPPUNIT_TEST(jsonLinesOfAnUnroutedRequest);
    CPPUNIT_TEST(reopenWritesToTheFileAtThePathNow);
    CPPUNIT_TEST_SUITE_END();

    static std::string lineFor(const Exchange& ex, int64_t duration_us,
                               AccessLog::Format format = AccessLog::Format::Text) {
        TempFile f;
        {
            AccessLog log(f.path, format);
            log.write(ex, duration_us);
            log.flushThread();
        }
        return f.read();
    }

public:
    void lineHasEveryFieldInOrder() {
        Route route;
        route.spec.path = "/json";
        route.spec.plugin = "ip";
        Exchange ex;
        ex.request.method = "GET";
        ex.request.target = "/json?full=1";
        ex.client_address = "203.0.113.7";
        ex.response.status = 200;
        ex.response.body = std::string(607, 'x');
        ex.route = &route;
        route.spec.handler = "report";
        ex.key_id = "k_abc";
        ex.request.headers = {{"Accept", "*/*"}, {"User-Agent", "curl/8.5.0"}};
        const std::string line = lineFor(ex, 1234);
        const std::regex shape(
            R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z 203\.0\.113\.7 GET /json\?full=1 200 607 1234us route=/json plugin=ip key=k_abc handler=ip\.report ua="curl/8\.5\.0"\n)");
        CPPUNIT_ASSERT_MESSAGE(line, std::regex_match(line, shape));
    }

    void userAgentCannotForgeAFieldOrALine() {
        Exchange ex;
        ex.request.method = "GET";
        ex.request.target = "/ip";
        ex.client_address = "192.0.2.1";
        ex.response.status = 200;
        ex.request.headers = {{"user-agent", "x\" key=forged\nfake line \\ \xc3\xa9"}};
        const std::string line = lineFor(ex, 1);
        CPPUNIT_ASSERT_MESSAGE(line, line.find(R"( ua="x\x22 key=forged\x0Afake line \x5C \xC3\xA9")"
                                               "\n") != std::string::npos);
        CPPUNIT_ASSERT_EQUAL(size_t(1), static_cast<size_t>(std::count(line.begin(), line.end(), '\n')));
    }

    void jsonLinesCarryTheSameFields() {
        Route route;
        route.spec.path = "/api/v1/reverse/{ip}";
        route.spec.plugin = "reverse";
        route.spec.handler = "lookup";
        Exchange ex;
        ex.request.method = "GET";
        ex.request.target = "/api/v1/reverse/8.8.8.8?key=secret";
        ex.client_address = "2001:db8::1";
        ex.response.status = 200;
        ex.response.body = std::string(42, 'x');
        ex.route = &route;
        ex.request.headers = {{"User-Agent", "say \"hi\"\n"}};
        const std::string line = lineFor(ex, 77, AccessLog::Format::Json);
        CPPUNIT_ASSERT_MESSAGE(line, line.find("secret") == std::string::npos);
        CPPUNIT_ASSERT_EQUAL('\n', line.back());
        CPPUNIT_ASSERT_EQUAL(size_t(1), static_cast<size_t>(std::count(line.begin(), line.end(), '\n')));
        auto o = Poco::JSON::Parser().parse(line).extract<Poco::JSON::Object::Ptr>();
        CPPUNIT_ASSERT(std::regex_match(o->getValue<std::string>("time"),
                                        std::regex(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)")));
        CPPUNIT_ASSERT_EQUAL(std::string("2001:db8::1"), o->getValue<std::string>("client"));
        CPPUNIT_ASSERT_EQUAL(std::string("GET"), o->getValue<std::string>("method"));
        CPPUNIT_ASSERT_EQUAL(std::string("/api/v1/reverse/8.8.8.8?key=[redacted]"), o->getValue<std::string>("target"));
        CPPUNIT_ASSERT_EQUAL(200, o->getValue<int>("status"));
        CPPUNIT_ASSERT_EQUAL(42, o->getValue<int>("bytes"));
        CPPUNIT_ASSERT_EQUAL(77, o->getValue<int>("duration_us"));
        CPPUNIT_ASSERT_EQUAL(std::string("/api/v1/reverse/{ip}"), o->getValue<std::string>("route"));
        CPPUNIT_ASSERT_EQUAL(std::string("reverse"), o->getValue<std::string>("plugin"));
        CPPUNIT_ASSERT_EQUAL(std::string("reverse.lookup"), o->getValue<std::string>("handler"));
        CPPUNIT_ASSERT(o->isNull("key"));
        CPPUNIT_ASSERT_EQUAL(std::string("say \"hi\"\n"), o->getValue<std::string>("user_agent"));
    }

    void jsonLinesOfAnUnroutedRequest() {
        Exchange ex;
        ex.request.method = "GET";
        ex.request.target = "/nowhere";
        ex.client_address = "192.0.2.1";
        ex.response.status = 404;
        ex.key_id = "k_1";
        const std::string line = lineFor(ex, 5, AccessLog::Format::Json);
        auto o = Poco::JSON::Parser().parse(line).extract<Poco::JSON::Object::Ptr>();
        CPPUNIT_ASSERT(o->isNull("route") && o->isNull("plugin") && o->isNull("handler") && o->isNull("user_agent"));
        CPPUNIT_ASSERT_EQUAL(std::string("k_1"), o->getValue<std::string>("key"));
    }

    // logrotate renames the file, then SIGUSR1: lines written after reopen()
    // go to a new file at the old path; the renamed one keeps what it had.
    void reopenWritesToTheFileAtThePathNow() {
        TempFile f;
        const std::string rotated = f.path + ".1";
        Exchange ex;
        ex.request.method = "GET";
        ex.client_address = "192.0.2.1";
        ex.response.status = 200;
        AccessLog log(f.path);
        ex.request.target = "/before";
        log.write(ex, 1);
        log.flushThread();
        CPPUNIT_ASSERT_EQUAL(0, std::rename(f.path.c_str(), rotated.c_str()));
        CPPUNIT_ASSERT_EQUAL(std::string(), log.reopen());
        ex.request.target = "/after";
        log.write(ex, 1);
        log.flushThread();
        std::ifstream old(rotated);
        std::string old_text((std::istreambuf_iterator<char>(old)), std::istreambuf_iterator<char>());
        std::remove(rotated.c_str());
        CPPUNIT_ASSERT(old_text.find("/before") != std::string::npos && old_text.find("/after") == std::string::npos);
        const std::string now = f.read();
        CPPUNIT_ASSERT(now.find("/after") != std::string::npos && now.find("/before") == std::string::npos);
    }
    void keyValuesAreRedacted() {
        Exchange ex;
        ex.request.method = "GET";
        ex.request.target = "/ip?a=1&KEY=secret-value&b=2";
        ex.client_address = "::1";
        ex.response.status = 401;
        const std::string line = lineFor(ex, 0);
        CPPUNIT_ASSERT_MESSAGE(line, line.find("secret-value") == std::string::npos);
        CPPUNIT_ASSERT_MESSAGE(line, line.find(" ::1 GET /ip?a=1&key=[redacted]&b=2 401 0 0us ") != std::string::npos);
    }
    void unroutedRequestsSayDash() {
        Exchange ex;
        ex.request.method = "POST";
        ex.request.target = "/nowhere";
        ex.client_address = "192.0.2.1";
        ex.response.status = 404;
        ex.response.body = "{}";
        const std::string line = lineFor(ex, -5);
        CPPUNIT_ASSERT_MESSAGE(
            line,
            line.size() > 24 &&
                line.substr(24) == " 192.0.2.1 POST /nowhere 404 2 -5us route=- plugin=- key=- handler=- ua=\"\"\n");
    }
};
CPPUNIT_TEST_SUITE_REGISTRATION(AccessLogTest);
