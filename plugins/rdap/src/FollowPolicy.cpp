#include "FollowPolicy.h"

#include "UrlOrigin.h"

namespace ipfacts::rdap {

std::string followRefusal(const std::string& url, const Bootstrap& configured) {
    auto origin = originOf(url);
    if (!origin) return "'" + url + "' is not an http or https URL";
    if (origin->onDefaultPort() || configured.namesOrigin(origin->text())) return "";
    return "port " + std::to_string(origin->port) + " of " + origin->host + " is not " + origin->scheme +
           "'s default port (" + std::to_string(origin->defaultPort) + ") and no configured registry uses it";
}

}  // namespace ipfacts::rdap
