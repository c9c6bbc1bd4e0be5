// ipfacts/dns_name.hpp: names as given to the A-label form. The default
// rules (the dns plugin's: underscores and the root allowed) with their
// messages, the IDN path through libidn2, and the stricter public host
// name rules (the lookup plugin's).
#include <ipfacts/dns_name.hpp>

#include <cppunit/extensions/HelperMacros.h>

#include <string>

namespace ipfacts {
namespace {

std::string asciiOf(std::string_view given, const NameRules& rules = {}) {
    const NameCheck check = normaliseName(given, rules);
    CPPUNIT_ASSERT_MESSAGE(std::string(given) + ": " + check.error, check.ok());
    CPPUNIT_ASSERT(check.error.empty());
    return check.ascii;
}

NameCheck refused(std::string_view given, const NameRules& rules = {}) {
    const NameCheck check = normaliseName(given, rules);
    CPPUNIT_ASSERT_MESSAGE(std::string(given) + " was accepted as " + check.ascii, !check.ok());
    CPPUNIT_ASSERT(check.ascii.empty());
    CPPUNIT_ASSERT(!check.error.empty());
    return check;
}

std::string errorOf(std::string_view given) { return refused(given).error; }

NameProblem problemOf(std::string_view given, const NameRules& rules = NameRules::publicHostName()) {
    return refused(given, rules).problem;
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

std::string labels(size_t count, size_t bytes) {
    std::string name;
    for (size_t i = 0; i < count; ++i) name += (i ? "." : "") + std::string(bytes, 'a');
    return name;
}

}  // namespace

class DnsNameTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(DnsNameTest);
    CPPUNIT_TEST(lowerCasesAndDropsTrailingDot);
    CPPUNIT_TEST(acceptsUnderscoresAndTheRoot);
    CPPUNIT_TEST(refusesEmptyLabels);
    CPPUNIT_TEST(enforcesLabelAndNameLengths);
    CPPUNIT_TEST(refusesCharactersOutsideLabels);
    CPPUNIT_TEST(convertsInternationalisedNames);
    CPPUNIT_TEST(reportsIdn2Errors);
    CPPUNIT_TEST(checksWhatIdn2PassesThrough);
    CPPUNIT_TEST(publicHostNamesAccepted);
    CPPUNIT_TEST(publicHostNameRulesRefuse);
    CPPUNIT_TEST(publicHostNameDetails);
    CPPUNIT_TEST(checkAsciiNameAlone);
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
        CPPUNIT_ASSERT_EQUAL(size_t(3), refused("example.test..").label);
        CPPUNIT_ASSERT(refused("a..b").problem == NameProblem::EmptyLabel);
        CPPUNIT_ASSERT_EQUAL(std::string("the name is empty"), errorOf(""));
        CPPUNIT_ASSERT(refused("").problem == NameProblem::Empty);
    }

    void enforcesLabelAndNameLengths() {
        CPPUNIT_ASSERT_EQUAL(std::string(63, 'a') + ".test", asciiOf(std::string(63, 'a') + ".test"));
        CPPUNIT_ASSERT(contains(errorOf(std::string(64, 'a') + ".test"), "64 bytes long; the limit is 63"));
        CPPUNIT_ASSERT_EQUAL(size_t(64), refused(std::string(64, 'a') + ".test").length);
        const std::string longest = labels(3, 63) + "." + std::string(61, 'b');  // 253 bytes
        CPPUNIT_ASSERT_EQUAL(size_t(253), longest.size());
        CPPUNIT_ASSERT_EQUAL(longest, asciiOf(longest + "."));
        CPPUNIT_ASSERT(contains(errorOf(longest + "b"), "254 bytes long; the limit is 253"));
        CPPUNIT_ASSERT(refused(longest + "b").problem == NameProblem::TooLong);
    }

    void refusesCharactersOutsideLabels() {
        CPPUNIT_ASSERT(contains(errorOf("exa mple.test"), "\\x20"));
        CPPUNIT_ASSERT(contains(errorOf("*.example.test"), "'*'"));
        CPPUNIT_ASSERT(contains(errorOf("*.example.test"), "letters, digits, hyphens and underscores"));
        CPPUNIT_ASSERT_EQUAL('*', refused("*.example.test").byte);
        CPPUNIT_ASSERT(contains(errorOf("example.test/"), "'/'"));
        CPPUNIT_ASSERT_EQUAL(std::string("the name contains a NUL byte"), errorOf(std::string("a\0b", 3)));
        CPPUNIT_ASSERT(refused(std::string("a\0b", 3)).problem == NameProblem::NulByte);
    }

    void convertsInternationalisedNames() {
        CPPUNIT_ASSERT_EQUAL(std::string("xn--bcher-kva.example"), asciiOf("bücher.example"));
        CPPUNIT_ASSERT_EQUAL(std::string("xn--bcher-kva.example"), asciiOf("BÜCHER.Example."));
        // Non-transitional: ß stays ß rather than becoming "ss".
        CPPUNIT_ASSERT_EQUAL(std::string("xn--fa-hia.de"), asciiOf("faß.de"));
        // UTS #46 mapping: the ideographic full stop separates labels.
        CPPUNIT_ASSERT_EQUAL(std::string("xn--r8jz45g.xn--zckzah"), asciiOf("例え。テスト"));
        // The same under the strict rules.
        CPPUNIT_ASSERT_EQUAL(std::string("xn--bcher-kva.example"), asciiOf("B\xC3\x9C"
                                                                           "CHER.example",
                                                                           NameRules::publicHostName()));
    }

    void reportsIdn2Errors() {
        const NameCheck emoji = refused("😀.test");
        CPPUNIT_ASSERT(emoji.problem == NameProblem::NotIdna);
        CPPUNIT_ASSERT_MESSAGE(emoji.error, contains(emoji.error, "not a valid internationalised domain name: "));
        CPPUNIT_ASSERT_MESSAGE(emoji.error, contains(emoji.error, "disallowed"));
        CPPUNIT_ASSERT(contains(emoji.error, emoji.idnaError));
        CPPUNIT_ASSERT(contains(errorOf("b\xc3\xbc\xff.test"), "not a valid internationalised domain name"));
        CPPUNIT_ASSERT(problemOf("\xFF\xFE.example") == NameProblem::NotIdna);
    }

    void checksWhatIdn2PassesThrough() {
        CPPUNIT_ASSERT(contains(errorOf("bücher..example"), "label 2 of the name is empty"));
        CPPUNIT_ASSERT(contains(errorOf("bücher.exa mple"), "\\x20"));
        CPPUNIT_ASSERT(contains(errorOf("bücher.a*b"), "'*'"));
    }

    void publicHostNamesAccepted() {
        const NameRules strict = NameRules::publicHostName();
        for (const char* n : {"example.com", "a.b", "xn--bcher-kva.example", "3com.com", "a--b.example",
                              "1.2.3.example", "a-b.c9.example"})
            CPPUNIT_ASSERT_EQUAL(std::string(n), asciiOf(n, strict));
        CPPUNIT_ASSERT_EQUAL(std::string("example.com"), asciiOf("Example.COM.", strict));
        const std::string name253 = labels(3, 63) + "." + std::string(61, 'b');
        CPPUNIT_ASSERT_EQUAL(name253, asciiOf(name253 + ".", strict));
    }

    void publicHostNameRulesRefuse() {
        CPPUNIT_ASSERT(problemOf("") == NameProblem::Empty);
        CPPUNIT_ASSERT(problemOf("com") == NameProblem::SingleLabel);
        CPPUNIT_ASSERT(problemOf("localhost") == NameProblem::SingleLabel);
        CPPUNIT_ASSERT(problemOf(".") == NameProblem::EmptyLabel);
        CPPUNIT_ASSERT(problemOf("example.123") == NameProblem::NumericLastLabel);
        CPPUNIT_ASSERT(problemOf("0x7f.1") == NameProblem::NumericLastLabel);
        CPPUNIT_ASSERT(problemOf("a_b.example") == NameProblem::BadCharacter);
        CPPUNIT_ASSERT(problemOf("a.-b") == NameProblem::EdgeHyphen);
        CPPUNIT_ASSERT(problemOf("a.b-") == NameProblem::EdgeHyphen);
        CPPUNIT_ASSERT(problemOf("-example.com") == NameProblem::EdgeHyphen);
        CPPUNIT_ASSERT(problemOf("a..b") == NameProblem::EmptyLabel);
        CPPUNIT_ASSERT(problemOf(".example.com") == NameProblem::EmptyLabel);
        CPPUNIT_ASSERT(problemOf("example.com..") == NameProblem::EmptyLabel);
        for (const char* n : {"ex%ample.com", "example.com/x", "*.example.com", "exa mple.com"})
            CPPUNIT_ASSERT_MESSAGE(n, problemOf(n) == NameProblem::BadCharacter);
        CPPUNIT_ASSERT(problemOf(std::string(64, 'a') + ".example") == NameProblem::LabelTooLong);
        CPPUNIT_ASSERT(problemOf(labels(3, 63) + "." + std::string(62, 'b')) == NameProblem::TooLong);
    }

    void publicHostNameDetails() {
        const NameRules strict = NameRules::publicHostName();
        // Label problems come first, the first label first, then the name-wide rules.
        const NameCheck c = refused("a_b.-c.example", strict);
        CPPUNIT_ASSERT(c.problem == NameProblem::BadCharacter);
        CPPUNIT_ASSERT_EQUAL(size_t(1), c.label);
        CPPUNIT_ASSERT(contains(c.error, "letters, digits and hyphens"));
        CPPUNIT_ASSERT(refused("_x", strict).problem == NameProblem::BadCharacter);
        CPPUNIT_ASSERT_EQUAL(std::string("a single-label name is not a public host name"),
                             refused("intranet", strict).error);
        CPPUNIT_ASSERT(contains(refused("192.0.2", strict).error, "all digits"));
        // Each stricter rule on its own.
        NameRules noUnderscore;
        noUnderscore.allowUnderscore = false;
        CPPUNIT_ASSERT_EQUAL(std::string("localhost"), asciiOf("localhost", noUnderscore));
        CPPUNIT_ASSERT(refused("_sip.example", noUnderscore).problem == NameProblem::BadCharacter);
        CPPUNIT_ASSERT_EQUAL(std::string("-a-.example"), asciiOf("-a-.example"));
    }

    void checkAsciiNameAlone() {
        CPPUNIT_ASSERT_EQUAL(std::string("host.example"), checkAsciiName("HOST.example.").ascii);
        CPPUNIT_ASSERT(checkAsciiName("_x.host-1.example.test").ok());
        CPPUNIT_ASSERT(!checkAsciiName("").ok());
        CPPUNIT_ASSERT(!checkAsciiName("a..b").ok());
        CPPUNIT_ASSERT(!checkAsciiName("host example.test").ok());
        CPPUNIT_ASSERT(!checkAsciiName(std::string(64, 'a') + ".test").ok());
        CPPUNIT_ASSERT(!checkAsciiName(std::string(250, 'a') + ".test").ok());
        // No IDNA here: a non-ASCII byte is just a bad character.
        CPPUNIT_ASSERT(checkAsciiName("bücher.example").problem == NameProblem::BadCharacter);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(DnsNameTest);

}  // namespace ipfacts
