// YamlReader (host/manifest/YamlReader): the one helper the manifest's host
// sections and every facility's section reader validate with.
#include "host/manifest/YamlReader.h"

#include <cppunit/extensions/HelperMacros.h>
#include <yaml-cpp/yaml.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

using namespace ipfacts::manifest;

namespace {

const YamlReader kReader("m.yaml", "/srv/etc");

/// The ConfigError `read` throws, or "" when it throws none.
template <class F>
std::string errorOf(F read) {
    try {
        read();
    } catch (const ConfigError& e) {
        return e.what();
    }
    return "";
}

}  // namespace

class YamlReaderTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(YamlReaderTest);
    CPPUNIT_TEST(failNamesFileAndLine);
    CPPUNIT_TEST(onlyKeysRefusesTyposAndNonMappings);
    CPPUNIT_TEST(integersAreWholeAndInRange);
    CPPUNIT_TEST(stringsBooleansAndPaths);
    CPPUNIT_TEST(loadFileNamesTheFileOnASyntaxError);
    CPPUNIT_TEST(names);
    CPPUNIT_TEST_SUITE_END();

public:
    void failNamesFileAndLine() {
        const YAML::Node root = YAML::Load("a: 1\nb:\n  c: 2\n");
        CPPUNIT_ASSERT_EQUAL(std::string("m.yaml:3: no"), errorOf([&] { kReader.fail(root["b"]["c"], "no"); }));
        CPPUNIT_ASSERT_EQUAL(std::string("m.yaml:0: absent"), errorOf([&] { kReader.fail(root["x"], "absent"); }));
    }

    void onlyKeysRefusesTyposAndNonMappings() {
        const YAML::Node root = YAML::Load("s:\n  good: 1\n  bda: 2\nl: [1]\n");
        CPPUNIT_ASSERT_EQUAL(std::string("m.yaml:3: unknown key 'bda' in s"), errorOf([&] {
                                 kReader.onlyKeys(root["s"], {"good", "bad"}, "s");
                             }));
        CPPUNIT_ASSERT_EQUAL(std::string(""), errorOf([&] { kReader.onlyKeys(root["s"], {"good", "bda"}, "s"); }));
        CPPUNIT_ASSERT_EQUAL(std::string("m.yaml:4: l must be a mapping"),
                             errorOf([&] { kReader.onlyKeys(root["l"], {}, "l"); }));
    }

    void integersAreWholeAndInRange() {
        const YAML::Node root = YAML::Load("n: 7\nw: 1.5\nl: [1]\nbig: 99999999999\n");
        CPPUNIT_ASSERT_EQUAL(int64_t(7), kReader.integer(root["n"], "n", 0, 7));
        CPPUNIT_ASSERT_EQUAL(std::string("m.yaml:1: n must be between 8 and 9"),
                             errorOf([&] { kReader.integer(root["n"], "n", 8, 9); }));
        CPPUNIT_ASSERT_EQUAL(std::string("m.yaml:2: w must be a whole number"),
                             errorOf([&] { kReader.integer(root["w"], "w", 0, 9); }));
        CPPUNIT_ASSERT_EQUAL(std::string("m.yaml:3: l must be a number"),
                             errorOf([&] { kReader.integer(root["l"], "l", 0, 9); }));
        CPPUNIT_ASSERT_EQUAL(int64_t(99999999999), kReader.integer(root["big"], "big", 0, int64_t(1) << 40));
    }

    void stringsBooleansAndPaths() {
        const YAML::Node root = YAML::Load("s: text\nb: yes\nx: maybe\nl: [1]\nrel: data/a.csv\nabs: /var/a.csv\n");
        CPPUNIT_ASSERT_EQUAL(std::string("text"), kReader.str(root["s"], "s"));
        CPPUNIT_ASSERT_EQUAL(std::string("m.yaml:4: l must be a string"),
                             errorOf([&] { kReader.str(root["l"], "l"); }));
        CPPUNIT_ASSERT(kReader.boolean(root["b"], "b"));
        CPPUNIT_ASSERT_EQUAL(std::string("m.yaml:3: x must be true or false"),
                             errorOf([&] { kReader.boolean(root["x"], "x"); }));
        CPPUNIT_ASSERT_EQUAL(std::string("/srv/etc/data/a.csv"), kReader.path(root["rel"], "rel"));
        CPPUNIT_ASSERT_EQUAL(std::string("/var/a.csv"), kReader.path(root["abs"], "abs"));
        CPPUNIT_ASSERT_EQUAL(std::string("/srv/a.csv"), resolvePath("/srv/etc", "../a.csv"));
        CPPUNIT_ASSERT_EQUAL(std::string(""), resolvePath("/srv/etc", ""));
    }

    void loadFileNamesTheFileOnASyntaxError() {
        char dir[] = "/tmp/ipfacts-yaml-reader-XXXXXX";
        CPPUNIT_ASSERT(mkdtemp(dir));
        const std::string file = std::string(dir) + "/bad.yaml";
        std::ofstream(file) << "a: 1\nb: [\n";
        const std::string e = errorOf([&] { YamlReader::loadFile(file); });
        CPPUNIT_ASSERT_MESSAGE(e, e.rfind(file + ":", 0) == 0);
        std::ofstream(file) << "a: 1\n";
        CPPUNIT_ASSERT_EQUAL(1, YamlReader::loadFile(file)["a"].as<int>());
        std::filesystem::remove_all(dir);
    }

    void names() {
        CPPUNIT_ASSERT(validName("privacy") && validName("rdap-arin_2"));
        CPPUNIT_ASSERT(!validName("") && !validName("Privacy") && !validName("a.b") && !validName("a b"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(YamlReaderTest);
