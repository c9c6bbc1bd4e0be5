// The server secret: made once in the state folder (0600, 32 bytes), the same
// on every later start; HMAC-SHA-256 as RFC 4231 gives it; purposes apart.
#include "host/store/ServerSecret.h"

#include <cppunit/extensions/HelperMacros.h>

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

using ipfacts::store::ServerSecret;
namespace fs = std::filesystem;

namespace {

struct TempDir {
    std::string path = (fs::temp_directory_path() / ("ipfacts-secret-" + std::to_string(::getpid()))).string();
    TempDir() { fs::create_directories(path); }
    ~TempDir() { fs::remove_all(path); }
};

}  // namespace

class ServerSecretTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(ServerSecretTest);
    CPPUNIT_TEST(madeOnceKeptAfter);
    CPPUNIT_TEST(hmacIsRfc4231);
    CPPUNIT_TEST(purposesAreApart);
    CPPUNIT_TEST(aDamagedFileIsRefused);
    CPPUNIT_TEST_SUITE_END();

public:
    void madeOnceKeptAfter() {
        TempDir dir;
        auto first = ServerSecret::loadOrCreate(dir.path);
        struct stat st {};
        CPPUNIT_ASSERT_EQUAL(0, ::stat((dir.path + "/server-secret").c_str(), &st));
        CPPUNIT_ASSERT_EQUAL(32L, static_cast<long>(st.st_size));
        CPPUNIT_ASSERT_EQUAL(0600u, static_cast<unsigned>(st.st_mode & 0777));
        auto again = ServerSecret::loadOrCreate(dir.path);
        CPPUNIT_ASSERT_EQUAL(first.hmacHex("x"), again.hmacHex("x"));
        TempDir other;
        other.path += "-2";
        fs::create_directories(other.path);
        CPPUNIT_ASSERT(ServerSecret::loadOrCreate(other.path).hmacHex("x") != first.hmacHex("x"));
        fs::remove_all(other.path);
    }
    void hmacIsRfc4231() {
        // RFC 4231 test case 2.
        ServerSecret s("Jefe");
        CPPUNIT_ASSERT_EQUAL(std::string("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
                             s.hmacHex("what do ya want for nothing?"));
    }
    void purposesAreApart() {
        ServerSecret s(std::string(32, 'k'));
        CPPUNIT_ASSERT(s.hmacHex("challenge", "a") != s.hmacHex("email", "a"));
        CPPUNIT_ASSERT(s.hmacHex("challenge", "a") != s.hmacHex("a"));
        CPPUNIT_ASSERT_EQUAL(s.hmacHex("email", "a"), s.hmacHex("email", "a"));
    }
    void aDamagedFileIsRefused() {
        TempDir dir;
        std::ofstream(dir.path + "/server-secret") << "short";
        CPPUNIT_ASSERT_THROW(ServerSecret::loadOrCreate(dir.path), std::runtime_error);
    }
};
CPPUNIT_TEST_SUITE_REGISTRATION(ServerSecretTest);
