// Checks the shipped etc/headers.yaml and the catalogue's loading rules.
#include "HeaderCatalogue.h"

#include <cppunit/extensions/HelperMacros.h>

#include <unistd.h>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <regex>
#include <stdexcept>
#include <string>

namespace ipfacts::headers {
namespace {

constexpr size_t kMinEntries = 60;
constexpr size_t kMaxExplanationLength = 160;

std::string shippedCataloguePath() {
    const char* root = std::getenv("IPFACTS_SOURCE_DIR");
    if (!root) throw std::runtime_error("IPFACTS_SOURCE_DIR is not set (ctest sets it)");
    return std::string(root) + "/etc/headers.yaml";
}

/// A catalogue file written for one test and removed with it.
class TempFile {
public:
    explicit TempFile(const std::string& text) {
        char name[] = "/tmp/header-catalogue-XXXXXX";
        const int fd = mkstemp(name);
        if (fd < 0) throw std::runtime_error("mkstemp failed");
        close(fd);
        path_ = name;
        std::ofstream(path_) << text;
    }
    ~TempFile() { std::remove(path_.c_str()); }
    TempFile(const TempFile&) = delete;
    TempFile& operator=(const TempFile&) = delete;
    const std::string& path() const { return path_; }

private:
    std::string path_;
};

/// The message a catalogue load fails with, or "" when it loads.
std::string loadError(const std::string& yaml) {
    TempFile file(yaml);
    try {
        HeaderCatalogue catalogue(file.path());
        return "";
    } catch (const std::runtime_error& e) {
        return e.what();
    }
}

bool contains(const std::string& haystack, const std::string& needle) {
    return haystack.find(needle) != std::string::npos;
}

const char* const kMinimalHead = "redact: [cookie, authorization, proxy-authorization]\nunknown: \"generic\"\n";

}  // namespace

class HeaderCatalogueTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(HeaderCatalogueTest);
    CPPUNIT_TEST(coversAtLeastSixtyHeaders);
    CPPUNIT_TEST(everyExplanationIsOneShortLine);
    CPPUNIT_TEST(coversTheHeadersBrowsersAndProxiesSend);
    CPPUNIT_TEST(lookupIgnoresLetterCase);
    CPPUNIT_TEST(redactsCredentials);
    CPPUNIT_TEST(unknownHeadersGetTheGenericLine);
    CPPUNIT_TEST(missingFileNamesThePath);
    CPPUNIT_TEST(malformedYamlNamesFileAndLine);
    CPPUNIT_TEST(multiLineExplanationIsRefused);
    CPPUNIT_TEST(droppingARequiredRedactionIsRefused);
    CPPUNIT_TEST(duplicateNamesAreRefused);
    CPPUNIT_TEST_SUITE_END();

public:
    void setUp() override { catalogue_ = std::make_unique<HeaderCatalogue>(shippedCataloguePath()); }
    void tearDown() override { catalogue_.reset(); }

    void coversAtLeastSixtyHeaders() { CPPUNIT_ASSERT(catalogue_->entries().size() >= kMinEntries); }

    void everyExplanationIsOneShortLine() {
        for (const auto& e : catalogue_->entries()) {
            CPPUNIT_ASSERT_MESSAGE(e.name, !e.explanation.empty());
            CPPUNIT_ASSERT_MESSAGE(e.name, e.explanation.find_first_of("\r\n") == std::string::npos);
            CPPUNIT_ASSERT_MESSAGE(e.name, e.explanation.size() < kMaxExplanationLength);
            CPPUNIT_ASSERT_MESSAGE(e.name, e.name == lowerCase(e.name));
        }
        CPPUNIT_ASSERT(catalogue_->unknownExplanation().size() < kMaxExplanationLength);
        CPPUNIT_ASSERT(catalogue_->unknownExtensionExplanation().size() < kMaxExplanationLength);
    }

    void coversTheHeadersBrowsersAndProxiesSend() {
        for (const char* name : {"accept",
                                 "accept-encoding",
                                 "accept-language",
                                 "cache-control",
                                 "connection",
                                 "content-type",
                                 "content-length",
                                 "cookie",
                                 "dnt",
                                 "host",
                                 "origin",
                                 "referer",
                                 "sec-ch-ua",
                                 "sec-ch-ua-mobile",
                                 "sec-ch-ua-platform",
                                 "sec-fetch-site",
                                 "sec-fetch-mode",
                                 "sec-fetch-dest",
                                 "sec-fetch-user",
                                 "upgrade-insecure-requests",
                                 "user-agent",
                                 "x-forwarded-for",
                                 "forwarded",
                                 "via",
                                 "x-real-ip",
                                 "cf-connecting-ip",
                                 "true-client-ip",
                                 "te",
                                 "priority",
                                 "if-none-match",
                                 "if-modified-since",
                                 "range",
                                 "pragma",
                                 "authorization",
                                 "proxy-authorization",
                                 "x-requested-with",
                                 "save-data",
                                 "sec-gpc"})
            CPPUNIT_ASSERT_MESSAGE(name, catalogue_->explain(name) != catalogue_->unknownExplanation() &&
                                             catalogue_->explain(name) != catalogue_->unknownExtensionExplanation());
    }

    void lookupIgnoresLetterCase() {
        const std::string_view lower = catalogue_->explain("user-agent");
        CPPUNIT_ASSERT(lower != catalogue_->unknownExplanation());
        CPPUNIT_ASSERT(catalogue_->explain("User-Agent") == lower);
        CPPUNIT_ASSERT(catalogue_->explain("USER-AGENT") == lower);
        CPPUNIT_ASSERT(catalogue_->isRedacted("Cookie"));
        CPPUNIT_ASSERT(catalogue_->isRedacted("AUTHORIZATION"));
    }

    void redactsCredentials() {
        const auto& names = catalogue_->redactedNames();
        for (const char* name : {"cookie", "authorization", "proxy-authorization"}) {
            CPPUNIT_ASSERT_MESSAGE(name, std::find(names.begin(), names.end(), name) != names.end());
            CPPUNIT_ASSERT_MESSAGE(name, catalogue_->isRedacted(name));
        }
        CPPUNIT_ASSERT(!catalogue_->isRedacted("user-agent"));
        CPPUNIT_ASSERT(!catalogue_->isRedacted("cookie2x"));
    }

    void unknownHeadersGetTheGenericLine() {
        CPPUNIT_ASSERT(!catalogue_->unknownExplanation().empty());
        CPPUNIT_ASSERT(catalogue_->explain("made-up-header") == catalogue_->unknownExplanation());
        CPPUNIT_ASSERT(catalogue_->explain("X-Made-Up") == catalogue_->unknownExtensionExplanation());
        CPPUNIT_ASSERT(catalogue_->explain("x-") == catalogue_->unknownExplanation());
        CPPUNIT_ASSERT(catalogue_->explain("") == catalogue_->unknownExplanation());
    }

    void missingFileNamesThePath() {
        try {
            HeaderCatalogue catalogue("/nonexistent/headers.yaml");
            CPPUNIT_FAIL("a missing file loaded");
        } catch (const std::runtime_error& e) {
            CPPUNIT_ASSERT_MESSAGE(e.what(), contains(e.what(), "/nonexistent/headers.yaml"));
        }
    }

    void malformedYamlNamesFileAndLine() {
        const std::string error =
            loadError(std::string(kMinimalHead) + "headers:\n  accept: \"fine\"\n  host: [unclosed\n");
        // yaml-cpp reports an unclosed flow where it gives up, so the exact line is its business.
        CPPUNIT_ASSERT_MESSAGE(
            error, std::regex_search(error, std::regex("/tmp/header-catalogue-\\w+:[0-9]+: malformed YAML")));
    }

    void multiLineExplanationIsRefused() {
        const std::string error = loadError(std::string(kMinimalHead) + "headers:\n  accept: |\n    two\n    lines\n");
        CPPUNIT_ASSERT_MESSAGE(error, contains(error, ":4: ") && contains(error, "one non-empty line"));
    }

    void droppingARequiredRedactionIsRefused() {
        const std::string error = loadError("redact: [cookie]\nunknown: \"generic\"\nheaders: {accept: \"a\"}\n");
        CPPUNIT_ASSERT_MESSAGE(error, contains(error, "authorization"));
    }

    void duplicateNamesAreRefused() {
        const std::string error = loadError(std::string(kMinimalHead) + "headers:\n  accept: \"a\"\n  Accept: \"b\"\n");
        CPPUNIT_ASSERT_MESSAGE(error, contains(error, ":5: ") && contains(error, "listed twice"));
    }

private:
    std::unique_ptr<HeaderCatalogue> catalogue_;
};

CPPUNIT_TEST_SUITE_REGISTRATION(HeaderCatalogueTest);

}  // namespace ipfacts::headers
