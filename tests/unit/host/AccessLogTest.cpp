// AccessLog: the line's exact format, and key values redacted from the target.
#include "host/pipeline/AccessLog.h"
#include "host/pipeline/RouteTable.h"

#include <cppunit/extensions/HelperMacros.h>

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
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
    CPPUNIT_TEST_SUITE_END();

    static std::string lineFor(const Exchange& ex, int64_t duration_us) {
        TempFile f;
        {
            AccessLog log(f.path);
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
        ex.key_id = "k_abc";
        const std::string line = lineFor(ex, 1234);
        const std::regex shape(
            R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z 203\.0\.113\.7 GET /json\?full=1 200 607 1234us route=/json plugin=ip key=k_abc\n)");
        CPPUNIT_ASSERT_MESSAGE(line, std::regex_match(line, shape));
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
        CPPUNIT_ASSERT_MESSAGE(line, line.size() > 24 && line.substr(24) ==
                                         " 192.0.2.1 POST /nowhere 404 2 -5us route=- plugin=- key=-\n");
    }
};
CPPUNIT_TEST_SUITE_REGISTRATION(AccessLogTest);
