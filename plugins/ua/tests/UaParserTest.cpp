// Unit tests of the ua plugin's parser: uap-core replacement semantics, the
// etc/ua.yaml rules against every case in tests/fixtures/ua-cases.yaml, the
// LRU cache and the response body.
#include "Regex.h"
#include "Replacement.h"
#include "UaCache.h"
#include "UaParser.h"
#include "UaResponse.h"
#include "UaRules.h"
#include "UapParser.h"

#include <cppunit/extensions/HelperMacros.h>
#include <yaml-cpp/yaml.h>

#include <unistd.h>
#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace ipfacts::ua {
namespace {

namespace fs = std::filesystem;

std::string sourceDir() {
    const char* dir = std::getenv("IPFACTS_SOURCE_DIR");
    if (!dir || !*dir) throw std::runtime_error("IPFACTS_SOURCE_DIR is not set (ctest sets it)");
    return dir;
}
std::string regexesPath() { return sourceDir() + "/var/data/uap-core/regexes.yaml"; }
std::string rulesPath() { return sourceDir() + "/etc/ua.yaml"; }
std::string casesPath() { return sourceDir() + "/tests/fixtures/ua-cases.yaml"; }
std::string corpusPath() { return sourceDir() + "/tests/fixtures/ua-corpus/cases.yaml"; }

/// The real parser, built once: compiling every uap-core regex is the slow part.
const UaParser& realParser() {
    static const UaParser parser(regexesPath(), rulesPath());
    return parser;
}

/// A scratch folder removed with everything in it when the test ends.
class TempDir {
public:
    TempDir() {
        std::string tmpl = (fs::temp_directory_path() / "ua-test-XXXXXX").string();
        if (!mkdtemp(tmpl.data())) throw std::runtime_error("mkdtemp failed");
        path_ = tmpl;
    }
    ~TempDir() {
        std::error_code ignored;
        fs::remove_all(path_, ignored);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    std::string write(const std::string& name, const std::string& text) const {
        fs::path p = path_ / name;
        std::ofstream(p) << text;
        return p.string();
    }

private:
    fs::path path_;
};

std::string orNull(const std::optional<std::string>& s) { return s ? "'" + *s + "'" : "null"; }

std::string expectedOrNull(const YAML::Node& n) {
    return (!n || n.IsNull()) ? "null" : "'" + n.as<std::string>() + "'";
}

/// Compares one name/version object against the case's expectation; the
/// version is checked only when the case gives one.
void compareNameVersion(const YAML::Node& expected, const NameVersion& got, const char* what,
                        std::vector<std::string>& diffs) {
    if (!expected) return;
    std::string wantName = expectedOrNull(expected["name"]);
    if (wantName != orNull(got.name))
        diffs.push_back(std::string(what) + ".name " + orNull(got.name) + " != " + wantName);
    if (expected["version"]) {
        std::string wantVersion = expectedOrNull(expected["version"]);
        if (wantVersion != orNull(got.version))
            diffs.push_back(std::string(what) + ".version " + orNull(got.version) + " != " + wantVersion);
    }
}

std::vector<std::string> compareCase(const YAML::Node& c, const UaResult& got) {
    std::vector<std::string> diffs;
    compareNameVersion(c["browser"], got.browser, "browser", diffs);
    compareNameVersion(c["engine"], got.engine, "engine", diffs);
    compareNameVersion(c["os"], got.os, "os", diffs);
    std::string device(deviceClassName(got.device));
    if (c["device"].as<std::string>() != device)
        diffs.push_back("device " + device + " != " + c["device"].as<std::string>());
    if (c["bot"].as<bool>() != got.bot) diffs.push_back(std::string("bot ") + (got.bot ? "true" : "false"));
    if (c["cli"].as<bool>() != got.cli) diffs.push_back(std::string("cli ") + (got.cli ? "true" : "false"));
    return diffs;
}

/// Right and total cases of one corpus family.
struct Tally {
    size_t right = 0;
    size_t total = 0;
    double percent() const { return total ? 100.0 * static_cast<double>(right) / static_cast<double>(total) : 0.0; }
};

/// A corpus case is right when the device class and, where the case gives
/// one, the engine's name are what it says.
bool corpusCaseIsRight(const YAML::Node& c, const UaResult& got) {
    if (c["device"].as<std::string>() != deviceClassName(got.device)) return false;
    if (!c["engine"]) return true;
    return expectedOrNull(c["engine"]) == orNull(got.engine.name);
}

/// The match of `pattern` in `subject`; it views into `subject`, which must outlive it.
RegexMatch matchOf(const char* pattern, const std::string& subject) {
    std::optional<RegexMatch> m = Regex(pattern).search(subject);
    if (!m) throw std::runtime_error(std::string("no match for ") + pattern);
    return *m;
}

}  // namespace

class UaParserTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(UaParserTest);
    CPPUNIT_TEST(everyFixtureCaseParsesAsExpected);
    CPPUNIT_TEST(emptyUaHasNoNames);
    CPPUNIT_TEST(replacementExpandsGroupsAndTrims);
    CPPUNIT_TEST(replacementOfMissingGroupIsEmpty);
    CPPUNIT_TEST(uapRulesFollowReferenceSemantics);
    CPPUNIT_TEST(uapCaseInsensitiveFlag);
    CPPUNIT_TEST(uapNoMatchIsOther);
    CPPUNIT_TEST(engineRulesAreOrdered);
    CPPUNIT_TEST(engineVersionsOfAnyLength);
    CPPUNIT_TEST(geckoWithoutRv);
    CPPUNIT_TEST(enginesSentBehindOtherEnginesTokens);
    CPPUNIT_TEST(geckoFromRvWhenGeckoTokenHasNoVersion);
    CPPUNIT_TEST(operaMiniOnIosIsPresto);
    CPPUNIT_TEST(bareWebKitTokensAreWebKit);
    CPPUNIT_TEST(handsetNamedAloneIsMobile);
    CPPUNIT_TEST(androidBrowsersWithoutAndroidTokenAreMobile);
    CPPUNIT_TEST(windowsMobileHandsetsAreMobile);
    CPPUNIT_TEST(watchesGlassAndHeadsetsAreWearable);
    CPPUNIT_TEST(whatsAppNamingItsHandsetIsTheApp);
    CPPUNIT_TEST(corpusAccuracyPerFamilyHoldsItsFloor);
    CPPUNIT_TEST(cliWinsOverUapSpiderButNotOverBotList);
    CPPUNIT_TEST(missingFilesFailWithTheirPath);
    CPPUNIT_TEST(badRulesFailWithTheEntry);
    CPPUNIT_TEST(maxUaBytesComesFromRules);
    CPPUNIT_TEST(cacheEvictsLeastRecentlyUsed);
    CPPUNIT_TEST(cacheOfSizeZeroHoldsNothing);
    CPPUNIT_TEST(cacheIsSafeAcrossThreads);
    CPPUNIT_TEST(responseBodyHasEveryField);
    CPPUNIT_TEST_SUITE_END();

public:
    void everyFixtureCaseParsesAsExpected() {
        YAML::Node root = YAML::LoadFile(casesPath());
        const YAML::Node cases = root["cases"];
        CPPUNIT_ASSERT(cases.IsSequence());
        CPPUNIT_ASSERT_MESSAGE("at least 500 fixture cases", cases.size() >= 500);
        std::ostringstream failures;
        size_t failed = 0;
        for (const auto& c : cases) {
            std::string ua = c["ua"].as<std::string>();
            std::vector<std::string> diffs = compareCase(c, realParser().parse(ua));
            if (diffs.empty()) continue;
            ++failed;
            failures << "\n  " << ua << "\n   ";
            for (const std::string& d : diffs) failures << " [" << d << "]";
        }
        CPPUNIT_ASSERT_MESSAGE(
            std::to_string(failed) + " of " + std::to_string(cases.size()) + " cases differ:" + failures.str(),
            failed == 0);
    }

    void emptyUaHasNoNames() {
        UaResult r = realParser().parse("");
        CPPUNIT_ASSERT(!r.browser.name && !r.browser.version && !r.engine.name && !r.os.name);
        CPPUNIT_ASSERT(r.device == DeviceClass::Unknown);
        CPPUNIT_ASSERT(!r.bot && !r.cli);
    }

    void replacementExpandsGroupsAndTrims() {
        const std::string subject = "x Foo/12.3 y";  // the match views into it
        RegexMatch m = matchOf("(Foo)/(\\d+)\\.(\\d+)", subject);
        CPPUNIT_ASSERT_EQUAL(std::string("Foo Browser 12"), *expandReplacement("$1 Browser $2", m));
        CPPUNIT_ASSERT_EQUAL(std::string("3"), *expandReplacement("$3", m));
        CPPUNIT_ASSERT_EQUAL(std::string("Literal"), *expandReplacement("Literal", m));
        CPPUNIT_ASSERT_EQUAL(std::string("$x $"), *expandReplacement("$x $", m));
        CPPUNIT_ASSERT_EQUAL(std::string("Foo"), *expandReplacement("  $1  ", m));
    }

    void replacementOfMissingGroupIsEmpty() {
        const std::string subject = "Foo";
        RegexMatch m = matchOf("(Foo)(?:/(\\d+))?", subject);
        CPPUNIT_ASSERT(!expandReplacement("$2", m));                               // group did not take part
        CPPUNIT_ASSERT(!expandReplacement("$7", m));                               // no such group
        CPPUNIT_ASSERT_EQUAL(std::string("Foo"), *expandReplacement("$1 $2", m));  // trailing space trimmed
    }

    void uapRulesFollowReferenceSemantics() {
        TempDir dir;
        std::string path = dir.write("regexes.yaml", R"(
user_agent_parsers:
  - regex: '(Namoroka|Shiretoko|Minefield)/(\d+)\.(\d+)\.(\d+(?:pre|))'
    family_replacement: 'Firefox ($1)'
  - regex: 'Renamed/(\d+)\.(\d+)'
    family_replacement: 'Renamed'
    v1_replacement: '$1'
    v2_replacement: '$2'
    v3_replacement: 'x'
os_parsers:
  - regex: 'Win(95|98|NT)'
    os_replacement: 'Windows $1'
  - regex: 'Vers (\d+)_(\d+)'
    os_replacement: 'VersOS'
    os_v1_replacement: '$1'
    os_v2_replacement: '$2'
    os_v3_replacement: '0'
    os_v4_replacement: '$9'
device_parsers:
  - regex: '; *(SM-[A-Z0-9]+)'
    device_replacement: 'Samsung $1'
    brand_replacement: 'Samsung'
    model_replacement: '$1'
  - regex: 'Phone (\w+)'
)");
        UapParser uap(path);
        UapAgent a = uap.parseAgent("Mozilla/5.0 (Windows; U; Windows NT 5.1) Gecko/20100727 Minefield/4.0.1pre");
        CPPUNIT_ASSERT_EQUAL(std::string("Firefox (Minefield)"), a.family);
        CPPUNIT_ASSERT_EQUAL(std::string("4"), *a.major);
        CPPUNIT_ASSERT_EQUAL(std::string("0"), *a.minor);
        CPPUNIT_ASSERT_EQUAL(std::string("1pre"), *a.patch);

        UapAgent r = uap.parseAgent("Renamed/7.8");
        CPPUNIT_ASSERT_EQUAL(std::string("Renamed"), r.family);
        CPPUNIT_ASSERT_EQUAL(std::string("7"), *r.major);
        CPPUNIT_ASSERT_EQUAL(std::string("8"), *r.minor);
        CPPUNIT_ASSERT_EQUAL(std::string("x"), *r.patch);

        UapOs w = uap.parseOs("Mozilla/4.0 (Win98)");
        CPPUNIT_ASSERT_EQUAL(std::string("Windows 98"), w.family);
        CPPUNIT_ASSERT(!w.major);
        UapOs v = uap.parseOs("Vers 3_4");
        CPPUNIT_ASSERT_EQUAL(std::string("VersOS"), v.family);
        CPPUNIT_ASSERT_EQUAL(std::string("3"), *v.major);
        CPPUNIT_ASSERT_EQUAL(std::string("4"), *v.minor);
        CPPUNIT_ASSERT_EQUAL(std::string("0"), *v.patch);
        CPPUNIT_ASSERT(!v.patchMinor);

        UapDevice s = uap.parseDevice("Mozilla/5.0 (Linux; Android 13; SM-S918B)");
        CPPUNIT_ASSERT_EQUAL(std::string("Samsung SM-S918B"), s.family);
        CPPUNIT_ASSERT_EQUAL(std::string("Samsung"), *s.brand);
        CPPUNIT_ASSERT_EQUAL(std::string("SM-S918B"), *s.model);
        UapDevice p = uap.parseDevice("Phone X1");  // no replacements: family and model are $1, no brand
        CPPUNIT_ASSERT_EQUAL(std::string("X1"), p.family);
        CPPUNIT_ASSERT(!p.brand);
        CPPUNIT_ASSERT_EQUAL(std::string("X1"), *p.model);
    }

    void uapCaseInsensitiveFlag() {
        TempDir dir;
        std::string path = dir.write("regexes.yaml", R"(
user_agent_parsers: []
os_parsers: []
device_parsers:
  - regex: 'generic (tablet)'
    regex_flag: 'i'
    device_replacement: 'Generic Tablet'
  - regex: 'phone'
    device_replacement: 'Phone'
)");
        UapParser uap(path);
        CPPUNIT_ASSERT_EQUAL(std::string("Generic Tablet"), uap.parseDevice("GENERIC TABLET").family);
        CPPUNIT_ASSERT_EQUAL(std::string("Other"), uap.parseDevice("PHONE").family);
        CPPUNIT_ASSERT_EQUAL(std::string("Phone"), uap.parseDevice("phone").family);
    }

    void uapNoMatchIsOther() {
        UaResult r = realParser().parse("zzzz");
        CPPUNIT_ASSERT(!r.browser.name && !r.os.name && !r.engine.name);
        CPPUNIT_ASSERT(r.device == DeviceClass::Unknown);
    }

    void engineRulesAreOrdered() {
        const UaParser& p = realParser();
        // Legacy Edge carries Chrome/ and AppleWebKit/ tokens; iOS Chrome carries CriOS/.
        NameVersion edge = p.parse(
                                "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
                                "Chrome/70.0.3538.102 Safari/537.36 Edge/18.17763")
                               .engine;
        CPPUNIT_ASSERT_EQUAL(std::string("EdgeHTML"), *edge.name);
        CPPUNIT_ASSERT_EQUAL(std::string("18.17763"), *edge.version);
        NameVersion ios = p.parse(
                               "Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 "
                               "(KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1")
                              .engine;
        CPPUNIT_ASSERT_EQUAL(std::string("WebKit"), *ios.name);
        CPPUNIT_ASSERT_EQUAL(std::string("605.1.15"), *ios.version);
        NameVersion oldChrome = p.parse(
                                     "Mozilla/5.0 (Windows NT 6.1) AppleWebKit/537.1 (KHTML, like Gecko) "
                                     "Chrome/21.0.1180.89 Safari/537.1")
                                    .engine;
        CPPUNIT_ASSERT_EQUAL(std::string("WebKit"), *oldChrome.name);
        // Samsung's Tizen TV web engine is Chromium but names it without Chrome/.
        NameVersion tizen = p.parse(
                                 "Mozilla/5.0 (SMART-TV; LINUX; Tizen 6.0) AppleWebKit/537.36 (KHTML, like Gecko) "
                                 "76.0.3809.146/6.0 TV Safari/537.36")
                                .engine;
        CPPUNIT_ASSERT_EQUAL(std::string("Blink"), *tizen.name);
        CPPUNIT_ASSERT_EQUAL(std::string("76.0.3809.146"), *tizen.version);
        NameVersion ie6 = p.parse("Mozilla/4.0 (compatible; MSIE 6.0; Windows NT 5.1; SV1)").engine;
        CPPUNIT_ASSERT_EQUAL(std::string("Trident"), *ie6.name);
        CPPUNIT_ASSERT(!ie6.version);
    }

    void engineVersionsOfAnyLength() {
        const UaParser& p = realParser();
        // "Chrome/300": the Blink rule must take 300, not stop at the "30"
        // its two-digit alternative matches first.
        for (const char* v : {"300.0.0.0", "280.1", "1000.0.1.2", "99.0.1", "28.0.1500.95"}) {
            NameVersion e = p.parse(std::string("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 "
                                                "(KHTML, like Gecko) Chrome/") +
                                    v + " Safari/537.36")
                                .engine;
            CPPUNIT_ASSERT_EQUAL_MESSAGE(v, std::string("Blink"), *e.name);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(v, std::string(v), *e.version);
        }
        NameVersion old = p.parse(
                               "Mozilla/5.0 (Windows NT 6.1) AppleWebKit/537.17 (KHTML, like Gecko) "
                               "Chrome/27.0.1453.116 Safari/537.17")
                              .engine;
        CPPUNIT_ASSERT_EQUAL(std::string("WebKit"), *old.name);
        NameVersion tizen = p.parse(
                                 "Mozilla/5.0 (SMART-TV; LINUX; Tizen 9.0) AppleWebKit/537.36 (KHTML, like Gecko) "
                                 "300.0.1234.5/9.0 TV Safari/537.36")
                                .engine;
        CPPUNIT_ASSERT_EQUAL(std::string("Blink"), *tizen.name);
        CPPUNIT_ASSERT_EQUAL(std::string("300.0.1234.5"), *tizen.version);
        NameVersion gecko = p.parse("Mozilla/5.0 (X11; Linux x86_64; rv:1234.0) Gecko/20100101 Firefox/1234.0").engine;
        CPPUNIT_ASSERT_EQUAL(std::string("1234.0"), *gecko.version);
    }

    void geckoWithoutRv() {
        const UaParser& p = realParser();
        // A real Gecko version after Gecko/, wherever rv: is or is not.
        NameVersion kaios = p.parse("Mozilla/5.0 (Mobile; Nokia_8110_4G) Gecko/48.0 Firefox/48.0 KAIOS/2.5").engine;
        CPPUNIT_ASSERT_EQUAL(std::string("Gecko"), *kaios.name);
        CPPUNIT_ASSERT_EQUAL(std::string("48.0"), *kaios.version);
        // A build date stands for Firefox's version.
        NameVersion dated = p.parse("Mozilla/5.0 (X11; Linux x86_64) Gecko/20100101 Firefox/115.0").engine;
        CPPUNIT_ASSERT_EQUAL(std::string("Gecko"), *dated.name);
        CPPUNIT_ASSERT_EQUAL(std::string("115.0"), *dated.version);
        // A date and nothing else: Gecko, version unknown.
        NameVersion bare = p.parse("Mozilla/5.0 (X11; U; Linux i686) Gecko/20030624").engine;
        CPPUNIT_ASSERT_EQUAL(std::string("Gecko"), *bare.name);
        CPPUNIT_ASSERT(!bare.version);
        // Nokia's Series 40 proxy browser sends Gecko/ but does not render with it.
        NameVersion s40 = p.parse(
                               "Mozilla/5.0 (Series40; Nokia311/03.81; Profile/MIDP-2.1 Configuration/CLDC-1.1) "
                               "Gecko/20100401 S40OviBrowser/2.2.0.0.31")
                              .engine;
        CPPUNIT_ASSERT(!s40.name);
        // "like Gecko" is not Gecko.
        CPPUNIT_ASSERT(!p.parse("Mozilla/5.0 (compatible) like Gecko").engine.name);
    }

    // Each UA below is a real one, from the corpus (tests/fixtures/ua-corpus).
    void geckoFromRvWhenGeckoTokenHasNoVersion() {
        const UaParser& p = realParser();
        UaResult proxy = p.parse("Mozilla/5.0 (Windows NT 6.1; WOW64; rv:2.0.1) Gecko Firefox/5.0.1");
        CPPUNIT_ASSERT_EQUAL(std::string("Gecko"), proxy.engine.name.value_or("<null>"));
        CPPUNIT_ASSERT_EQUAL(std::string("2.0.1"), proxy.engine.version.value_or("<null>"));
        CPPUNIT_ASSERT(proxy.device == DeviceClass::Desktop);
        UaResult galeon = p.parse("Mozilla/5.0 (X11; U; Linux i686; en-IE; rv:1.6) Gecko Galeon");
        CPPUNIT_ASSERT_EQUAL(std::string("1.6"), galeon.engine.version.value_or("<null>"));
        UaResult ce = p.parse("Mozilla/5.0 (WindowsCE 6.0; rv:2.0.1) Gecko Firefox/5.0.1");
        CPPUNIT_ASSERT_EQUAL(std::string("Gecko"), ce.engine.name.value_or("<null>"));
        CPPUNIT_ASSERT(ce.device == DeviceClass::Mobile);
        // IE 11 says "rv:11.0) like Gecko": still Trident.
        CPPUNIT_ASSERT_EQUAL(
            std::string("Trident"),
            p.parse("Mozilla/5.0 (Windows NT 6.1; Trident/7.0; rv:11.0) like Gecko").engine.name.value_or(""));
    }

    void operaMiniOnIosIsPresto() {
        const UaParser& p = realParser();
        UaResult iphone = p.parse(
            "Opera/9.80 (J2ME/MIDP; Opera Mini/5.0 (iPhone; U; CPU iPhone OS 3_0 like Mac OS X; en-us) "
            "AppleWebKit/23.411; U; en) Presto/2.5.25 Version/10.54");
        CPPUNIT_ASSERT_EQUAL(std::string("Presto"), iphone.engine.name.value_or("<null>"));
        CPPUNIT_ASSERT_EQUAL(std::string("2.5.25"), iphone.engine.version.value_or("<null>"));
        CPPUNIT_ASSERT(iphone.device == DeviceClass::Mobile);
        UaResult ipad = p.parse(
            "Opera/9.80 (J2ME/MIDP; Opera Mini/4.0 (iPad; U; CPU OS 3_2 like Mac OS X; en-us) "
            "AppleWebKit/23.411; U; en) Presto/2.5.25 Version/10.54");
        CPPUNIT_ASSERT_EQUAL(std::string("Presto"), ipad.engine.name.value_or("<null>"));
        CPPUNIT_ASSERT(ipad.device == DeviceClass::Tablet);
        // A space after the slash still states the version.
        CPPUNIT_ASSERT_EQUAL(std::string("2.4.15"),
                             p.parse("Opera/9.80 (J2ME/iPhone;Opera Mini/5.0.019802/886; U; ja)Presto/ 2.4.15")
                                 .engine.version.value_or("<null>"));
        // Safari on the same iPhone is WebKit.
        CPPUNIT_ASSERT_EQUAL(std::string("WebKit"),
                             p.parse("Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 "
                                     "(KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1")
                                 .engine.name.value_or(""));
    }

    void bareWebKitTokensAreWebKit() {
        const UaParser& p = realParser();
        UaResult facebook = p.parse(
            "Mozilla/5.0 (iPhone; CPU iPhone OS 15_0 like Mac OS X) WebKit/8612 (KHTML, like Gecko) Mobile/19A346 "
            "[FBAN/FBIOS;FBDV/iPhone14,3;FBMD/iPhone;FBSN/iOS;FBSV/15.0;FBSS/3;FBID/phone;FBLC/en_US;FBOP/5]");
        CPPUNIT_ASSERT_EQUAL(std::string("WebKit"), facebook.engine.name.value_or("<null>"));
        CPPUNIT_ASSERT_EQUAL(std::string("8612"), facebook.engine.version.value_or("<null>"));
        CPPUNIT_ASSERT(facebook.device == DeviceClass::Mobile);
        UaResult htc = p.parse(
            "Mozilla/5.0 (Linux; U; Android 4.0.4; de-de; HTC-T329d/2.12.1401.3) AndroidWebKit/534.30 "
            "(KHTML, Like Gecko) Version/4.0 Mobile Safari/534.30");
        CPPUNIT_ASSERT_EQUAL(std::string("WebKit"), htc.engine.name.value_or("<null>"));
        CPPUNIT_ASSERT_EQUAL(std::string("534.30"), htc.engine.version.value_or("<null>"));
        UaResult nook = p.parse(
            "Mozilla/5.0 (Linux; U; Android 2.2.1; en-us; NOOK BNRV200 Build/ERD79 1.4.3) Apple WebKit/533.1 "
            "(KHTML, like Gecko) Version/4.0 Mobile Safari/533.1");
        CPPUNIT_ASSERT_EQUAL(std::string("533.1"), nook.engine.version.value_or("<null>"));
        CPPUNIT_ASSERT(nook.device == DeviceClass::Tablet);
    }

    void handsetNamedAloneIsMobile() {
        const UaParser& p = realParser();
        for (const char* ua :
             {"SAMSUNG-SGH-E708", "SonyEricssonK610a/R1CB", "LG-KG810", "Nokia Asha 202", "SIE-SLIK/3.1 UP/4.1.19i",
              "HTC Butterfly_4.3_weibo_4.2.6_android", "OneBrowser/3.1 (SonyEricssonT707/R1EA033)"}) {
            UaResult r = p.parse(ua);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(ua, std::string("mobile"), std::string(deviceClassName(r.device)));
            CPPUNIT_ASSERT_MESSAGE(ua, !r.bot && !r.cli);
        }
        // No handset named: still unknown.
        CPPUNIT_ASSERT(p.parse("Microsoft-Delivery-Optimization/10.0").device == DeviceClass::Unknown);
    }

    void androidBrowsersWithoutAndroidTokenAreMobile() {
        const UaParser& p = realParser();
        for (const char* ua :
             {"MQQBrowser/3.0/Adr (Linux; U; 4.0.4; zh-cn; HUAWEI U8950D Build/U8950DV100R001C17B939;540*960)",
              "MQQBrowser/20 (Linux; U; 2.3.3; en-us; HTC Desire S Build/GRI40;480*800)",
              "QQBrowser (Linux; U; zh-cn; HTC Hero Build/FRF91)",
              "UCWEB/2.0 (Linux; U; Adr LENOVO A10; id; LENOVO_A10) U2/1.0.0 UCBrowser/8.6.0.318 U2/1.0.0 Ponsel",
              "Opera (Linux; U; 4.0.4; zh-cn; PantechP8010; 540*888) UCWEB7.9.0.94/139/444"}) {
            CPPUNIT_ASSERT_EQUAL_MESSAGE(ua, std::string("mobile"), std::string(deviceClassName(p.parse(ua).device)));
        }
        // QQ Browser on Windows is a desktop.
        CPPUNIT_ASSERT(p.parse("Mozilla/5.0 (Windows NT 5.1) AppleWebKit/537.36 (KHTML, like Gecko) "
                               "Chrome/31.0.1650.48 Safari/537.36 QQBrowser/8.0.3197.400")
                           .device == DeviceClass::Desktop);
    }

    void windowsMobileHandsetsAreMobile() {
        const UaParser& p = realParser();
        for (const char* ua :
             {"HTC_Touch_HD_T8282 Opera/9.50 (Windows NT 5.1; U; ru)",
              "Vodafone/1.0/HTC_Touch_Pro Opera/9.50 (Windows NT 5.1; U; en)",
              "PIAWindows/1.0 Name/HTC-Kaiser Software/5.2.19214 appMode/2",
              "ODML/1.0 (WinCE; 7.10.8107; NOKIA; Lumia 710)", "Mozilla/2.0 (compatible; MSIE 3.02; WindowsCE",
              "HTC_P3301 Mozilla/4.0 (compatible; MSIE 4.01; Windows CE; PPC)/UC Browser7.7.1.88"}) {
            CPPUNIT_ASSERT_EQUAL_MESSAGE(ua, std::string("mobile"), std::string(deviceClassName(p.parse(ua).device)));
        }
        // Opera Mobile 9.5 there is Presto, though the handset's name comes first.
        CPPUNIT_ASSERT_EQUAL(std::string("Presto"),
                             p.parse("HTC_P3700 Opera/9.50 (Windows NT 5.1; U; en)").engine.name.value_or("<null>"));
    }

    void watchesGlassAndHeadsetsAreWearable() {
        const UaParser& p = realParser();
        for (const char* ua :
             {"Mozilla/5.0 (Linux; Android 4.4; G Watch R Build/KNX01R) AppleWebKit/537.36 (KHTML, like Gecko) "
              "WIB/0.9.8 Mobile Safari/537.36",
              "Mozilla/5.0 (Linux; U; Android 4.0.4; en-us; Glass 1 Build/IMM76L; XE7) AppleWebKit/534.30 "
              "(KHTML, like Gecko) Version/4.0 Mobile Safari/534.30",
              "Mozilla/5.0 (X11; Linux x86_64; Quest Pro) AppleWebKit/537.36 (KHTML, like Gecko) "
              "OculusBrowser/32.1.0.37.133.575621010 Chrome/122.0.6261.64 VR Safari/537.36"}) {
            CPPUNIT_ASSERT_EQUAL_MESSAGE(ua, std::string("wearable"), std::string(deviceClassName(p.parse(ua).device)));
        }
    }

    void whatsAppNamingItsHandsetIsTheApp() {
        const UaParser& p = realParser();
        UaResult app = p.parse("WhatsApp/2.17.395 Android/6.0 Device/Meizu-M5_Note");
        CPPUNIT_ASSERT(!app.bot);
        CPPUNIT_ASSERT(app.device == DeviceClass::Mobile);
        CPPUNIT_ASSERT(!p.parse("WhatsApp/2.17.427 Android/6.0 Device/HTC-HTC_Desire_816").bot);
        // Its link previewer names no handset and is a bot.
        CPPUNIT_ASSERT(p.parse("WhatsApp/2.23.20.0 A").bot);
    }

    /// Prints, per family of the corpus, how many cases are right, and fails
    /// when a family or the whole falls under its floor.
    void corpusAccuracyPerFamilyHoldsItsFloor() {
        YAML::Node root = YAML::LoadFile(corpusPath());
        std::map<std::string, Tally> tally;
        Tally all;
        std::ostringstream misses;
        for (const auto& c : root["cases"]) {
            std::string family = c["family"].as<std::string>();
            CPPUNIT_ASSERT_MESSAGE("family " + family + " is declared", root["families"][family]);
            bool right = corpusCaseIsRight(c, realParser().parse(c["ua"].as<std::string>()));
            Tally& t = tally[family];
            t.right += right;
            ++t.total;
            all.right += right;
            ++all.total;
            if (!right) misses << "\n    miss (" << family << "): " << c["ua"].as<std::string>();
        }
        std::cout << "\n  ua corpus: right / cases per family (floor)";
        std::vector<std::string> under;
        for (const auto& [family, t] : tally) {
            double floor = root["families"][family]["floor"].as<double>();
            std::cout << "\n    " << std::left << std::setw(40) << family << std::right << std::setw(4) << t.right
                      << " / " << std::setw(4) << t.total << "  " << std::fixed << std::setprecision(1) << std::setw(5)
                      << t.percent() << " %  (" << floor << " %)";
            if (t.percent() < floor) under.push_back(family);
        }
        std::cout << "\n    " << std::left << std::setw(40) << "all" << std::right << std::setw(4) << all.right << " / "
                  << std::setw(4) << all.total << "  " << std::setw(5) << all.percent() << " %  ("
                  << root["floor"].as<double>() << " %)" << misses.str() << std::endl;
        CPPUNIT_ASSERT_MESSAGE("corpus too small", all.total >= 300);
        for (const std::string& family : under) CPPUNIT_FAIL("family " + family + " is under its floor");
        CPPUNIT_ASSERT_MESSAGE("corpus under its floor", all.percent() >= root["floor"].as<double>());
    }

    void enginesSentBehindOtherEnginesTokens() {
        const UaParser& p = realParser();
        auto engineOf = [&p](const char* ua) { return p.parse(ua).engine.name.value_or("<null>"); };
        // AppleWebKit/ is matched in any case.
        CPPUNIT_ASSERT_EQUAL(std::string("WebKit"),
                             engineOf("Mozilla/5.0 (X11; U; Linux i686; en-US) Applewebkit/534.10 (KHTML, like Gecko) "
                                      "Safari/534.10"));
        CPPUNIT_ASSERT_EQUAL(std::string("WebKit"),
                             engineOf("Mozilla/5.0 (iPhone; CPU iPhone OS 9_3 like Mac OS X) APPLEWEBKIT/601.1.46 "
                                      "(KHTML, like Gecko) Mobile/13E233"));
        // Ekioh's Flow sends Chrome/ for compatibility.
        CPPUNIT_ASSERT_EQUAL(std::string("Flow"),
                             engineOf("Mozilla/5.0 (X11; Linux armv7l) AppleWebKit/537.36 (KHTML, like Gecko) "
                                      "Flow/5.6.0 Chrome/86.0.4240.198 Safari/537.36"));
        // Servo sends Firefox/, Goanna Gecko/20100101 and Firefox/.
        CPPUNIT_ASSERT_EQUAL(std::string("Servo"),
                             engineOf("Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Servo/0.0.1 Firefox/128.0"));
        CPPUNIT_ASSERT_EQUAL(std::string("Goanna"),
                             engineOf("Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:102.0) Gecko/20100101 Goanna/6.5 "
                                      "Firefox/102.0 PaleMoon/32.5.0"));
        // WPE WebKit on set-top boxes sends Chrome/.
        CPPUNIT_ASSERT_EQUAL(std::string("WebKit"),
                             engineOf("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
                                      "Chrome/92.0.4515.131 Safari/537.36 WPE/2.30.1 Kreatv/8.4"));
        // Opera before 7 is Elektra, 7 on Presto; IE 5 for Mac is Tasman.
        CPPUNIT_ASSERT_EQUAL(std::string("Elektra"), engineOf("Opera/6.05 (Windows 2000; U) [en]"));
        CPPUNIT_ASSERT_EQUAL(std::string("Presto"), engineOf("Opera/7.23 (Windows NT 5.1; U) [en]"));
        CPPUNIT_ASSERT_EQUAL(std::string("Presto"),
                             engineOf("Opera/9.80 (Windows NT 6.1) Presto/2.12.388 Version/12.18"));
        CPPUNIT_ASSERT_EQUAL(std::string("Tasman"), engineOf("Mozilla/4.0 (compatible; MSIE 5.23; Mac_PowerPC)"));
        CPPUNIT_ASSERT_EQUAL(std::string("<null>"), engineOf("Mozilla/4.0 (compatible; MSIE 4.5; Mac_PowerPC)"));
    }

    void cliWinsOverUapSpiderButNotOverBotList() {
        const UaParser& p = realParser();
        // uap-core files Python-urllib under "Spider"; it is a library, not a crawler.
        CPPUNIT_ASSERT_EQUAL(std::string("Spider"), p.uap().parseDevice("Python-urllib/3.11").family);
        UaResult urllib = p.parse("Python-urllib/3.11");
        CPPUNIT_ASSERT(urllib.cli && !urllib.bot && urllib.device == DeviceClass::Cli);
        // A crawler named in the bot list stays a bot whatever library it mentions.
        UaResult linkedin =
            p.parse("LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)");
        CPPUNIT_ASSERT(linkedin.bot && !linkedin.cli && linkedin.device == DeviceClass::Bot);
    }

    void missingFilesFailWithTheirPath() {
        try {
            UaParser parser("/nonexistent/regexes.yaml", rulesPath());
            CPPUNIT_FAIL("a missing regexes file must throw");
        } catch (const std::runtime_error& e) {
            CPPUNIT_ASSERT(std::string(e.what()).find("/nonexistent/regexes.yaml") != std::string::npos);
        }
        TempDir dir;
        std::string bad = dir.write("ua.yaml", "engines: [\n  - {name: x, regex: '('}\n");
        try {
            UaRules rules(bad);
            CPPUNIT_FAIL("unparsable YAML must throw");
        } catch (const std::runtime_error& e) {
            CPPUNIT_ASSERT(std::string(e.what()).find(bad) != std::string::npos);
        }
    }

    void badRulesFailWithTheEntry() {
        TempDir dir;
        auto expectError = [&](const std::string& yaml, const std::string& fragment) {
            std::string path = dir.write("rules.yaml", yaml);
            try {
                UaRules rules(path);
                CPPUNIT_FAIL("expected an error mentioning " + fragment);
            } catch (const std::runtime_error& e) {
                CPPUNIT_ASSERT_MESSAGE(e.what(), std::string(e.what()).find(fragment) != std::string::npos);
            }
        };
        std::string base = "engines: []\n";
        expectError("engines: [{name: X, regex: '(unclosed'}]\ndevice_classes: []\n", "engines[0]");
        expectError(base + "device_classes: [{class: phablet, ua: 'x'}]\n", "phablet");
        expectError(base + "device_classes: [{class: tv}]\n", "no condition");
        expectError(base + "device_classes: [{class: tv, agent: 'x'}]\n", "unknown key 'agent'");
        expectError(base + "cli: {patterns: ['[']}\ndevice_classes: []\n", "cli.patterns[0]");
        expectError(base + "device_classes: []\nlimits: {max_ua_bytes: -3}\n", "max_ua_bytes");
        expectError("device_classes: []\n", "engines");
    }

    void maxUaBytesComesFromRules() {
        CPPUNIT_ASSERT_EQUAL(size_t(2048), realParser().rules().maxUaBytes());
        TempDir dir;
        std::string path = dir.write("rules.yaml", "engines: []\ndevice_classes: []\n");
        CPPUNIT_ASSERT_EQUAL(UaRules::kDefaultMaxUaBytes, UaRules(path).maxUaBytes());
    }

    void cacheEvictsLeastRecentlyUsed() {
        UaCache cache(16);  // one entry per shard
        CPPUNIT_ASSERT_EQUAL(size_t(16), cache.capacity());
        auto value = std::make_shared<const UaResult>();
        for (int i = 0; i < 200; ++i) cache.insert("ua-" + std::to_string(i), value);
        CPPUNIT_ASSERT(cache.size() <= 16);

        UaCache lru(1);  // one shard, one entry: the LRU order is observable
        lru.insert("a", value);
        CPPUNIT_ASSERT(lru.find("a"));
        lru.insert("b", value);
        CPPUNIT_ASSERT(!lru.find("a"));
        CPPUNIT_ASSERT(lru.find("b") == value);
    }

    void cacheOfSizeZeroHoldsNothing() {
        UaCache cache(0);
        cache.insert("a", std::make_shared<const UaResult>());
        CPPUNIT_ASSERT(!cache.find("a"));
        CPPUNIT_ASSERT_EQUAL(size_t(0), cache.size());
    }

    void cacheIsSafeAcrossThreads() {
        UaCache cache(64);
        std::atomic<int> wrong{0};
        std::vector<std::thread> threads;
        for (int t = 0; t < 8; ++t) {
            threads.emplace_back([&cache, &wrong, t] {
                for (int i = 0; i < 5000; ++i) {
                    std::string key = "ua-" + std::to_string((i * 7 + t) % 100);
                    auto r = std::make_shared<UaResult>();
                    r->browser.name = key;
                    cache.insert(key, r);
                    if (auto hit = cache.find(key); hit && hit->browser.name != key) ++wrong;
                }
            });
        }
        for (std::thread& t : threads) t.join();
        CPPUNIT_ASSERT_EQUAL(0, wrong.load());
        CPPUNIT_ASSERT(cache.size() <= cache.capacity());
    }

    void responseBodyHasEveryField() {
        UaResult r;
        r.browser = {std::string("Chrome"), std::string("120.0.0")};
        r.engine = {std::string("Blink"), std::nullopt};
        r.device = DeviceClass::Desktop;
        std::string body = uaResponseJson("UA \"quoted\"", r, ResponseStamp("2026-11-22T18:51:11Z", "ipfacts.example"));
        CPPUNIT_ASSERT_EQUAL(
            std::string(R"({"user_agent":"UA \"quoted\"","browser":{"name":"Chrome","version":"120.0.0"},)"
                        R"("engine":{"name":"Blink","version":null},"os":{"name":null,"version":null},)"
                        R"("device":"desktop","bot":false,"cli":false,)"
                        R"("checked_at":"2026-11-22T18:51:11Z","source":"ipfacts.example"})"),
            body);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(UaParserTest);

}  // namespace ipfacts::ua
