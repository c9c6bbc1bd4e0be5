// Fuzz target: the ua plugin's parser (plugins/ua/src/UaParser.cpp: uap-core's
// regexes through PCRE2, then the engine, bot, CLI and device rules of
// etc/ua.yaml). The parser is built once, from
// $IPFACTS_SOURCE_DIR/var/data/uap-core/regexes.yaml and
// $IPFACTS_SOURCE_DIR/etc/ua.yaml (IPFACTS_SOURCE_DIR defaults to the
// repository this file is in). The whole input is a User-Agent, cut to the
// limit the plugin enforces (longer ones it refuses before parsing).
#include "UaParser.h"

#include "tests/fuzz/FuzzCheck.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <memory>
#include <string>
#include <string_view>

using namespace ipfacts::ua;

namespace {

std::unique_ptr<UaParser> parser;

std::string sourceDir() {
    if (const char* dir = std::getenv("IPFACTS_SOURCE_DIR"); dir && *dir) return dir;
    std::string self = __FILE__;  // <root>/tests/fuzz/fuzz_ua.cpp
    for (int up = 0; up < 3; ++up) {
        size_t slash = self.rfind('/');
        if (slash == std::string::npos) return ".";
        self.erase(slash);
    }
    return self.empty() ? "/" : self;
}

void checkNameVersion(const NameVersion& nv) {
    if (nv.name) FUZZ_CHECK(!nv.name->empty());
    if (nv.version) FUZZ_CHECK(!nv.version->empty());
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    const std::string root = sourceDir();
    const std::string regexes = root + "/var/data/uap-core/regexes.yaml";
    const std::string rules = root + "/etc/ua.yaml";
    try {
        parser = std::make_unique<UaParser>(regexes, rules);
    } catch (const std::exception& e) {
        std::fprintf(stderr,
                     "fuzz_ua: cannot build the parser from %s and %s: %s\n"
                     "(set IPFACTS_SOURCE_DIR; tools/fetch-data downloads var/data)\n",
                     regexes.c_str(), rules.c_str(), e.what());
        std::exit(1);
    }
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string_view ua(reinterpret_cast<const char*>(data), size);
    if (ua.size() > parser->rules().maxUaBytes()) ua = ua.substr(0, parser->rules().maxUaBytes());
    UaResult r = parser->parse(ua);
    checkNameVersion(r.browser);
    checkNameVersion(r.engine);
    checkNameVersion(r.os);
    if (ua.empty()) FUZZ_CHECK(!r.browser.name && !r.os.name && !r.engine.name && !r.bot && !r.cli);
    return 0;
}
