// ServerSecret: created once (0600, 32 bytes), the same at every later start,
// a damaged or world-readable file refused; HMAC-SHA-256 as RFC 4231 gives it.
#include "host/store/ServerSecret.h"

#include <cppunit/extensions/HelperMacros.h>

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

using namespace ipfacts::store;
namespace fs = std::filesystem;

class ServerSecretTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(ServerSecretTest);
    CPPUNIT_TEST(createdOnceThenRead);
    CPPUNIT_TEST(damagedOrOpenFileIsRefused);
    CPPUNIT_TEST(hmacMatchesRfc4231);
    CPPUNIT_TEST(tokensCompareAndRandomHex);
    CPPUNIT_TEST_SUITE_END();

    std::string dir_;

public:
    void setUp() override {
        dir_ = (fs::temp_directory_path() / ("ipfacts-secret-" + std::to_string(::getpid()))).string();
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void tearDown() override { fs::remove_all(dir_); }

    void createdOnceThenRead() {
        const auto a = ServerSecret::loadOrCreate(dir_);
        const std::string path = dir_ + "/server-secret";
        struct stat st {};
        CPPUNIT_ASSERT_EQUAL(0, ::stat(path.c_str(), &st));
        CPPUNIT_ASSERT_EQUAL(0600u, static_cast<unsigned>(st.st_mode & 0777));
        CPPUNIT_ASSERT_EQUAL(static_cast<off_t>(32), st.st_size);
        const auto b = ServerSecret::loadOrCreate(dir_);
        CPPUNIT_ASSERT_EQUAL(a.hmacHex("x"), b.hmacHex("x"));
        CPPUNIT_ASSERT(a.hmacHex("x") != a.hmacHex("y"));
    }

    void damagedOrOpenFileIsRefused() {
        const std::string path = dir_ + "/server-secret";
        std::ofstream(path) << "short";
        ::chmod(path.c_str(), 0600);
        CPPUNIT_ASSERT_THROW(ServerSecret::loadOrCreate(dir_), std::runtime_error);
        fs::remove(path);
        ServerSecret::loadOrCreate(dir_);
        ::chmod(path.c_str(), 0644);
        CPPUNIT_ASSERT_THROW(ServerSecret::loadOrCreate(dir_), std::runtime_error);
    }

    void hmacMatchesRfc4231() {
        // RFC 4231 test case 2: key "Jefe", data "what do ya want for nothing?".
        ServerSecret s("Jefe");
        CPPUNIT_ASSERT_EQUAL(std::string("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
                             s.hmacHex("what do ya want for nothing?"));
    }

    void tokensCompareAndRandomHex() {
        CPPUNIT_ASSERT(equalTokens("abc", "abc"));
        CPPUNIT_ASSERT(!equalTokens("abc", "abd"));
        CPPUNIT_ASSERT(!equalTokens("abc", "abcd"));
        const std::string a = randomHex(32), b = randomHex(32);
        CPPUNIT_ASSERT_EQUAL(size_t(64), a.size());
        CPPUNIT_ASSERT(a != b);
        CPPUNIT_ASSERT(a.find_first_not_of("0123456789abcdef") == std::string::npos);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ServerSecretTest);
