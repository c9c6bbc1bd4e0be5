// The bot challenge over real HTTP: past the daily threshold an address gets
// 429 challenge_required with a proof of work; the worked example of
// docs/api.md (the block between the challenge-example markers, run as written,
// with only its URL pointed at this test's ipfactsd) solves it with curl and
// Python; the address then goes on to the daily limit; the same solution
// sent again is refused.
#include "tests/integration/support/HttpClient.h"
#include "tests/integration/support/Json.h"
#include "tests/integration/support/QuotaWindows.h"
#include "tests/integration/support/Service.h"

#include <cppunit/extensions/HelperMacros.h>

#include <openssl/sha.h>

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace ipfacts::testing;
namespace fs = std::filesystem;

namespace {

std::string readAll(const std::string& path) {
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

/// The shell block of docs/api.md between the challenge-example markers.
std::string readmeExample() {
    const std::string readme = readAll(Service::sourceDir() + "/docs/api.md");
    const size_t begin = readme.find("<!-- challenge-example:begin -->");
    const size_t end = readme.find("<!-- challenge-example:end -->");
    if (begin == std::string::npos || end == std::string::npos)
        throw std::runtime_error("docs/api.md has no challenge example");
    std::string block = readme.substr(begin, end - begin);
    const size_t code = block.find("```sh\n") + 6;
    return block.substr(code, block.rfind("```") - code);
}

/// A nonce that does not solve `token` at `bits` (checked, so the test cannot pass a good one by chance).
std::string wrongNonce(const std::string& token, int bits) {
    for (int i = 0;; ++i) {
        const std::string nonce = "wrong" + std::to_string(i), data = token + nonce;
        unsigned char d[SHA256_DIGEST_LENGTH];
        SHA256(reinterpret_cast<const unsigned char*>(data.data()), data.size(), d);
        const unsigned lead = (unsigned(d[0]) << 8) | d[1];  // 16 bits
        if (bits != 16 || lead != 0) return nonce;
    }
}

std::string errorOf(const HttpReply& r) { return parseJson(r.body)->getValue<std::string>("error"); }

}  // namespace

class ChallengeTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(ChallengeTest);
    CPPUNIT_TEST(theReadmeExampleSolvesItAndAReplayIsRefused);
    CPPUNIT_TEST_SUITE_END();

public:
    void theReadmeExampleSolvesItAndAReplayIsRefused() {
        awayFromDayEdge(60);
        // /daily/ip: challenge after 2 a day, daily limit 4. The documented default
        // difficulty (18) would do; 16 keeps the suite quick.
        Service s("challenge", [](std::string& m) { m += "\nchallenge: { difficulty: 16 }\n"; });
        s.start();
        HttpClient c("127.0.0.1", s.port());
        CPPUNIT_ASSERT_EQUAL(200, c.get("/daily/ip").status);
        CPPUNIT_ASSERT_EQUAL(200, c.get("/daily/ip").status);
        auto challenged = c.get("/daily/ip");
        CPPUNIT_ASSERT_EQUAL(429, challenged.status);
        CPPUNIT_ASSERT_EQUAL(std::string("challenge_required"), errorOf(challenged));
        auto challenge = parseJson(challenged.body)->getObject("challenge");
        CPPUNIT_ASSERT(challenge);
        CPPUNIT_ASSERT_EQUAL(16, challenge->getValue<int>("difficulty"));
        CPPUNIT_ASSERT_EQUAL(std::string("X-Challenge-Solution"), challenge->getValue<std::string>("header"));
        CPPUNIT_ASSERT(challenge->getValue<std::string>("token").rfind("c1.7f000001.", 0) == 0);

        // The documented example, as written, with its URL pointed here.
        std::string script = readmeExample();
        const std::string placeholder = "http://localhost:8080/api/v1/dns?name=example.com";
        CPPUNIT_ASSERT(script.find(placeholder) != std::string::npos);
        script.replace(script.find(placeholder), placeholder.size(),
                       "http://127.0.0.1:" + std::to_string(s.port()) + "/daily/ip");
        const std::string dir = s.stateDir() + "/example";
        fs::create_directories(dir);
        std::ofstream(dir + "/example.sh") << script << "\nprintf '%s' \"$solution\" > solution.txt\n";
        const std::string out = runCommand("cd " + dir + " && bash example.sh");
        CPPUNIT_ASSERT_EQUAL(std::string("challenge_required"),
                             parseJson(readAll(dir + "/challenge.json"))->getValue<std::string>("error"));
        // The last curl of the example: /daily/ip's answer, the caller's address.
        CPPUNIT_ASSERT_MESSAGE(out, out.find("127.0.0.1") != std::string::npos);
        CPPUNIT_ASSERT_MESSAGE(out, out.find("error") == std::string::npos);

        // Solved: on to the daily limit of 4 (the example's request was the 3rd counted).
        auto fourth = c.get("/daily/ip");
        CPPUNIT_ASSERT_EQUAL(200, fourth.status);
        CPPUNIT_ASSERT_EQUAL(std::string("4"), *fourth.header("X-RateLimit-Limit"));
        CPPUNIT_ASSERT_EQUAL(std::string("0"), *fourth.header("X-RateLimit-Remaining"));
        auto over = c.get("/daily/ip");
        CPPUNIT_ASSERT_EQUAL(429, over.status);
        CPPUNIT_ASSERT_EQUAL(std::string("rate_limited"), errorOf(over));

        // The same solution again: refused, whatever the caller's state.
        const std::string solution = readAll(dir + "/solution.txt");
        auto replay = c.get("/daily/ip", {"X-Challenge-Solution: " + solution});
        CPPUNIT_ASSERT_EQUAL(400, replay.status);
        CPPUNIT_ASSERT_EQUAL(std::string("invalid_challenge_solution"), errorOf(replay));
        CPPUNIT_ASSERT(parseJson(replay.body)->getValue<std::string>("message").find("already used") !=
                       std::string::npos);
        // A wrong nonce for a fresh challenge is refused too.
        HttpClient other("127.0.0.1", s.port(), false, "127.0.0.12");
        for (int i = 0; i < 2; ++i) other.get("/daily/ip");
        auto fresh = parseJson(other.get("/daily/ip").body)->getObject("challenge")->getValue<std::string>("token");
        auto wrong = other.get("/daily/ip", {"X-Challenge-Solution: " + fresh + " " + wrongNonce(fresh, 16)});
        CPPUNIT_ASSERT_EQUAL(400, wrong.status);
        CPPUNIT_ASSERT(parseJson(wrong.body)->getValue<std::string>("message").find("zero bits") != std::string::npos);
        // And a token made for 127.0.0.1 is not 127.0.0.12's.
        auto stolen = other.get("/daily/ip", {"X-Challenge-Solution: " + solution});
        CPPUNIT_ASSERT_EQUAL(400, stolen.status);
        CPPUNIT_ASSERT(parseJson(stolen.body)->getValue<std::string>("message").find("another address") !=
                       std::string::npos);
    }
};
CPPUNIT_TEST_SUITE_REGISTRATION(ChallengeTest);
