#include "RegistryName.h"

#include "AsciiText.h"

#include <cctype>

namespace ipfacts::rdap {
namespace {

std::string hostOf(const std::string& url) {
    size_t start = url.find("://");
    start = start == std::string::npos ? 0 : start + 3;
    size_t end = url.find_first_of(":/", start);
    return lowerText(url.substr(start, end == std::string::npos ? std::string::npos : end - start));
}

const std::pair<const char*, const char*> kRirs[] = {
    {"arin", "ARIN"}, {"ripe", "RIPE NCC"}, {"apnic", "APNIC"}, {"lacnic", "LACNIC"}, {"afrinic", "AFRINIC"}};

}  // namespace

std::string registryNameOf(const std::string& urlOrHost) {
    const std::string host = hostOf(urlOrHost);
    for (const auto& [needle, name] : kRirs)
        if (host.find(needle) != std::string::npos) return name;
    return host;
}

bool isRirName(const std::string& name) {
    for (const auto& rir : kRirs)
        if (name == rir.second) return true;
    return false;
}

}  // namespace ipfacts::rdap
