// Names as given to the A-label form: the ASCII rules, the IDN path and
// the messages a caller sees for invalid names.
#include "AsciiName.h"
#include "NameNormaliser.h"

#include <cppunit/extensions/HelperMacros.h>

#include <string>

namespace ipfacts::dns {
namespace {

std::string asciiOf(std::string_view given) {
    const NameCheck check = normaliseName(given);
    CPPUNIT_ASSERT_MESSAGE(std::string(given) + ": " + check.error, check.ok());
    return check.ascii;
}

std::string errorOf(std::string_view given) {
    const NameCheck check = normaliseName(given);
    CPPUNIT_ASSERT_MESSAGE(std::string(given) + " was accepted as " + check.ascii, !check.ok());
    CPPUNIT_ASSERT(check.ascii.empty());
    return check.error;
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

std::string labels(size_t count, size_t bytes) {
    std::string name;
    for (size_t i = 0; i < count; ++i) name += (i ? "." : "") + std::string(bytes, 'a');
    return name;
}

}  // namespace

class NameNormaliserTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(NameNormaliserTest);
    CPPUNIT_TEST(lowerCasesAndDropsTrailingDot);
    CPPUNIT_TEST(acceptsUnderscoresAndTheRoot);
    CPPUNIT_TEST(refusesEmptyLabels);
    CPPUNIT_TEST(enforcesLabelAndNameLengths);
    CPPUNIT_TEST(refusesCharactersOutsideLabels);
    CPPUNIT_TEST(convertsInternationalisedNames);
    CPPUNIT_TEST(reportsIdn2Errors);
    CPPUNIT_TEST(checksWhatIdn2PassesThrough);
    CPPUNIT_TEST_SUITE_END();

public:
    void lowerCasesAndDropsTrailingDot() {
        CPPUNIT_ASSERT_EQUAL(std::string("www.example.test"), asciiOf("WWW.Example.TEST."));
        CPPUNIT_ASSERT_EQUAL(std::string("xn--bcher-kva.example"), asciiOf("XN--BCHER-KVA.example"));
        CPPUNIT_ASSERT_EQUAL(std::string("localhost"), asciiOf("localhost"));
    }

    void acceptsUnderscoresAndTheRoot() {
        CPPUNIT_ASSERT_EQUAL(std::string("_sip._tcp.example.test"), asciiOf("_sip._tcp.example.test"));
        CPPUNIT_ASSERT_EQUAL(std::string("_dmarc.example.test"), asciiOf("_DMARC.example.test."));
        CPPUNIT_ASSERT_EQUAL(std::string("."), asciiOf("."));
    }

    void refusesEmptyLabels() {
        CPPUNIT_ASSERT(contains(errorOf("a..b"), "label 2 of the name is empty"));
        CPPUNIT_ASSERT(contains(errorOf(".example.test"), "label 1 of the name is empty"));
        CPPUNIT_ASSERT(contains(errorOf("example.test.."), "label 3 of the name is empty"));
        CPPUNIT_ASSERT(contains(errorOf(""), "empty"));
    }

    void enforcesLabelAndNameLengths() {
        CPPUNIT_ASSERT_EQUAL(std::string(63, 'a') + ".test", asciiOf(std::string(63, 'a') + ".test"));
        CPPUNIT_ASSERT(contains(errorOf(std::string(64, 'a') + ".test"), "64 bytes long; the limit is 63"));
        const std::string longest = labels(3, 63) + "." + std::string(61, 'b');  // 253 bytes
        CPPUNIT_ASSERT_EQUAL(size_t(253), longest.size());
        CPPUNIT_ASSERT_EQUAL(longest, asciiOf(longest + "."));
        CPPUNIT_ASSERT(contains(errorOf(longest + "b"), "254 bytes long; the limit is 253"));
    }

    void refusesCharactersOutsideLabels() {
        CPPUNIT_ASSERT(contains(errorOf("exa mple.test"), "\\x20"));
        CPPUNIT_ASSERT(contains(errorOf("*.example.test"), "'*'"));
        CPPUNIT_ASSERT(contains(errorOf("example.test/"), "'/'"));
        CPPUNIT_ASSERT(contains(errorOf(std::string("a\0b", 3)), "NUL"));
    }

    void convertsInternationalisedNames() {
        CPPUNIT_ASSERT_EQUAL(std::string("xn--bcher-kva.example"), asciiOf("bücher.example"));
        CPPUNIT_ASSERT_EQUAL(std::string("xn--bcher-kva.example"), asciiOf("BÜCHER.Example."));
        // Non-transitional: ß stays ß rather than becoming "ss".
        CPPUNIT_ASSERT_EQUAL(std::string("xn--fa-hia.de"), asciiOf("faß.de"));
        // UTS #46 mapping: the ideographic full stop separates labels.
        CPPUNIT_ASSERT_EQUAL(std::string("xn--r8jz45g.xn--zckzah"), asciiOf("例え。テスト"));
    }

    void reportsIdn2Errors() {
        const std::string emoji = errorOf("😀.test");
        CPPUNIT_ASSERT_MESSAGE(emoji, contains(emoji, "not a valid internationalised domain name: "));
        CPPUNIT_ASSERT_MESSAGE(emoji, contains(emoji, "disallowed"));
        CPPUNIT_ASSERT(contains(errorOf("b\xc3\xbc\xff.test"), "not a valid internationalised domain name"));
    }

    void checksWhatIdn2PassesThrough() {
        CPPUNIT_ASSERT(contains(errorOf("bücher..example"), "label 2 of the name is empty"));
        CPPUNIT_ASSERT(contains(errorOf("bücher.exa mple"), "\\x20"));
        CPPUNIT_ASSERT(contains(errorOf("bücher.a*b"), "'*'"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(NameNormaliserTest);

}  // namespace ipfacts::dns
