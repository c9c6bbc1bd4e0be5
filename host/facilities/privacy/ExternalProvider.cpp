#include "host/facilities/privacy/ExternalProvider.h"

#include "host/facilities/http/HttpFacility.h"

#include <Poco/JSON/Parser.h>
#include <strings.h>

namespace ipfacts::facilities::privacy {
namespace {

constexpr std::string_view kBudgetPrefix = "budget: ";

void replaceAll(std::string& s, const std::string& from, const std::string& to) {
    for (size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
        s.replace(at, from.size(), to);
}

/// The value at the dotted `path` ({ip} replaced) of `root`; empty when absent.
Poco::Dynamic::Var valueAt(const Poco::Dynamic::Var& root, std::string path, const std::string& address) {
    replaceAll(path, "{ip}", address);
    Poco::Dynamic::Var at = root;
    size_t start = 0;
    while (start <= path.size()) {
        // An address holds dots itself: a segment that starts with it is taken whole.
        size_t end = path.compare(start, address.size(), address) == 0 ? start + address.size() : path.find('.', start);
        if (end == std::string::npos) end = path.size();
        const std::string seg = path.substr(start, end - start);
        if (at.type() != typeid(Poco::JSON::Object::Ptr)) return {};
        auto obj = at.extract<Poco::JSON::Object::Ptr>();
        if (!obj || !obj->has(seg)) return {};
        at = obj->get(seg);
        start = end + 1;
    }
    return at;
}

bool matches(const Poco::Dynamic::Var& v, const AnswerPath& p) {
    if (v.isEmpty()) return false;
    if (p.equals.empty()) return v.isBoolean() ? v.extract<bool>() : false;
    return strcasecmp(v.toString().c_str(), p.equals.c_str()) == 0;
}

}  // namespace

ExternalProvider::ExternalProvider(ProviderConfig config, http::HttpFacility* http)
    : config_(std::move(config)), http_(http) {}

std::vector<SourceWord> ExternalProvider::unknownAll(const std::string& reason) const {
    std::vector<SourceWord> out;
    if (config_.vpn.set()) out.push_back(SourceWord::unknown("vpn", config_.name, reason));
    if (config_.proxy.set()) out.push_back(SourceWord::unknown("proxy", config_.name, reason));
    return out;
}

std::string ExternalProvider::urlFor(const std::string& address) const {
    std::string url = config_.url;
    replaceAll(url, "{ip}", address);
    replaceAll(url, "{key}", config_.key);
    return url;
}

std::vector<SourceWord> ExternalProvider::lookup(const std::string& address, int64_t now_s) const {
    if (!http_)
        return unknownAll("provider down: " + config_.name + ": no outbound HTTP is configured (http: section)");
    http::HttpRequest req;
    req.url = urlFor(address);
    req.timeout_ms = config_.timeout_ms;
    auto results = http_->fetchAll({req});
    const http::HttpResult& r = results.front();
    if (!r.ok()) {
        if (r.error.rfind(kBudgetPrefix, 0) == 0)
            return unknownAll("budget guard: " + r.error.substr(kBudgetPrefix.size()) + "; " + config_.name +
                              " was not called");
        std::string error = r.error;
        if (!config_.key.empty()) replaceAll(error, config_.key, "<key>");  // never shown
        return unknownAll("provider down: " + config_.name + ": " + error);
    }
    if (r.status != 200)
        return unknownAll("provider down: " + config_.name + " answered HTTP " + std::to_string(r.status));
    return read(r.body, address, now_s);
}

std::vector<SourceWord> ExternalProvider::read(std::string_view body, const std::string& address, int64_t now_s) const {
    Poco::Dynamic::Var root;
    try {
        root = Poco::JSON::Parser().parse(std::string(body));
    } catch (const std::exception&) {
        return unknownAll("provider down: " + config_.name + " answered something that is not JSON");
    }
    std::string service;
    if (config_.service.set()) {
        auto v = valueAt(root, config_.service.path, address);
        if (!v.isEmpty() && v.isString()) service = v.toString();
    }
    const std::string date = isoDate(now_s);
    std::vector<SourceWord> out;
    for (const auto& [flag, path] :
         {std::pair<const char*, const AnswerPath*>{"vpn", &config_.vpn}, {"proxy", &config_.proxy}}) {
        if (!path->set()) continue;
        if (matches(valueAt(root, path->path, address), *path))
            out.push_back(SourceWord::yes(flag, config_.name, address, date, service));
        else
            out.push_back(SourceWord::no(flag, config_.name));
    }
    return out;
}

}  // namespace ipfacts::facilities::privacy
