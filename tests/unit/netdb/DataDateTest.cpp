#include "host/facilities/netdb/DataDate.h"
#include "tests/unit/netdb/NetDbTestFiles.h"

#include <cppunit/extensions/HelperMacros.h>

#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <string>

using namespace ipfacts::facilities::netdb;
using namespace ipfacts::testing::netdb;

namespace {

/// A scratch file with the given modification time, removed at the end.
struct StampedFile {
    std::string path;
    explicit StampedFile(int64_t mtime) {
        char name[] = "/tmp/ipfacts-datadate-XXXXXX";
        const int fd = ::mkstemp(name);
        ::close(fd);
        path = name;
        std::ofstream(path) << "1.0.0.0,1.0.0.255,13335,example\n";
        const struct timeval times[2] = {{static_cast<time_t>(mtime), 0}, {static_cast<time_t>(mtime), 0}};
        ::utimes(path.c_str(), times);
    }
    ~StampedFile() { ::unlink(path.c_str()); }
};

}  // namespace

class DataDateTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(DataDateTest);
    CPPUNIT_TEST(mmdbSaysItsBuildEpochNotItsFileTime);
    CPPUNIT_TEST(otherFilesHaveTheirModificationTime);
    CPPUNIT_TEST(npmsFixedStampIsNoDate);
    CPPUNIT_TEST(absentFileHasNoDate);
    CPPUNIT_TEST_SUITE_END();

public:
    void mmdbSaysItsBuildEpochNotItsFileTime() {
        // The fixtures' fixed build epoch, 2026-11-22T00:00:00Z (tests/fixtures/netdb/README.md),
        // whatever the checkout's file times are.
        auto made = dataDate(dataFixture("city-reduced-v4.mmdb"));
        CPPUNIT_ASSERT(made.has_value());
        CPPUNIT_ASSERT_EQUAL(int64_t{1795305600}, *made);
    }

    void otherFilesHaveTheirModificationTime() {
        StampedFile csv(1781722800);  // 2026-06-17T19:00:00Z
        auto made = dataDate(csv.path);
        CPPUNIT_ASSERT(made.has_value());
        CPPUNIT_ASSERT_EQUAL(int64_t{1781722800}, *made);
    }

    void npmsFixedStampIsNoDate() {
        StampedFile csv(kNpmTarballStamp);  // 1985-10-26T08:15:00Z, as npm tarballs stamp every file
        CPPUNIT_ASSERT(!dataDate(csv.path).has_value());
    }

    void absentFileHasNoDate() { CPPUNIT_ASSERT(!dataDate("/nonexistent/asn-ipv4.csv").has_value()); }
};

CPPUNIT_TEST_SUITE_REGISTRATION(DataDateTest);
