#include "BootstrapSource.h"

#include <yaml-cpp/yaml.h>

#include <fstream>
#include <sstream>
#include <stdexcept>

namespace ipfacts::rdap {
namespace {

constexpr const char* kFetchedAtKey = "bootstrap:fetched_at";

std::string readFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

std::string storeKey(const std::string& registry) { return "bootstrap:" + registry; }

}  // namespace

std::map<std::string, BootstrapFile> loadOverrides(const std::string& path) {
    std::map<std::string, BootstrapFile> out;
    try {
        YAML::Node root = YAML::LoadFile(path);
        for (const auto& kv : root) {
            const std::string registry = kv.first.as<std::string>();
            if (registry != "ipv4" && registry != "ipv6" && registry != "asn" && registry != "dns")
                throw std::runtime_error(path + ":" + std::to_string(kv.first.Mark().line + 1) +
                                         ": unknown registry '" + registry + "' (ipv4, ipv6, asn, dns)");
            BootstrapFile& file = out[registry];
            if (!kv.second.IsSequence()) continue;  // an empty section
            for (const auto& item : kv.second) {
                auto entries = item["entries"];
                auto urls = item["urls"];
                if (!entries || !urls || !entries.IsSequence() || !urls.IsSequence())
                    throw std::runtime_error(path + ":" + std::to_string(item.Mark().line + 1) +
                                             ": an override is { entries: [...], urls: [...] }");
                ServiceUrls u;
                for (const auto& x : urls) u.push_back(x.as<std::string>());
                for (const auto& e : entries) file.entries.emplace_back(e.as<std::string>(), u);
            }
        }
    } catch (const YAML::Exception& e) {
        throw std::runtime_error(path + ": " + e.what());
    }
    return out;
}

BootstrapSource::BootstrapSource(const Host& host, const RdapSettings& settings) : host_(host), settings_(settings) {
    if (!settings.overrides.empty()) overrides_ = loadOverrides(settings.overrides);
    std::map<std::string, BootstrapFile> files;
    for (const char* r : kRegistries)
        files[r] = Bootstrap::parseFile(readFile(settings.bootstrapDir + "/" + r + ".json"), std::string(r) + ".json");
    current_ = build(files);
    origin_ = "snapshot";
    // A copy an earlier refresh kept wins over the shipped snapshot.
    try {
        Result<std::string> at = host.storeGet(kFetchedAtKey);
        if (!at && at.status() != IPF_NOT_FOUND) throw std::runtime_error(std::string(at.reason()));
        if (at) {
            std::map<std::string, BootstrapFile> stored;
            for (const char* r : kRegistries) {
                Result<std::string> text = host.storeGet(storeKey(r));
                if (!text && text.status() == IPF_NOT_FOUND)
                    throw std::runtime_error("the stored copy lacks " + std::string(r));
                stored[r] = Bootstrap::parseFile(text.value(), std::string("stored ") + r);
            }
            current_ = build(stored);
            lastAttemptMs_ = std::stoll(*at);
            origin_ = "refreshed at " + *at;
        }
    } catch (const std::exception& e) {
        host.warn(std::string("rdap: the stored bootstrap refresh is not used: ") + e.what());
    }
}

std::shared_ptr<const Bootstrap> BootstrapSource::build(const std::map<std::string, BootstrapFile>& files) const {
    auto b = std::make_shared<Bootstrap>();
    for (const auto& [registry, file] : overrides_) b->add(registry, file, true);
    for (const auto& [registry, file] : files) b->add(registry, file, false);
    return b;
}

std::shared_ptr<const Bootstrap> BootstrapSource::current() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return current_;
}

std::string BootstrapSource::origin() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return origin_;
}

bool BootstrapSource::refreshIfDue() {
    if (settings_.refreshHours <= 0 || settings_.refreshUrl.empty()) return false;
    const int64_t now = host_.nowMs();
    if (now - lastAttemptMs_.load() < int64_t(settings_.refreshHours) * 3600 * 1000) return false;
    if (refreshing_.exchange(true)) return false;  // another caller is at it
    lastAttemptMs_ = now;
    bool done = false;
    try {
        done = refresh();
    } catch (const std::exception& e) {
        host_.warn(std::string("rdap: bootstrap refresh failed, the set in force stays: ") + e.what());
    }
    refreshing_ = false;
    return done;
}

bool BootstrapSource::refresh() {
    std::vector<HttpCall> calls;
    for (const char* r : kRegistries) {
        HttpCall c;
        c.url = settings_.refreshUrl + r + ".json";
        c.timeout_ms = settings_.timeoutMs;
        c.max_body_bytes = settings_.maxBodyBytes;
        calls.push_back(std::move(c));
    }
    HttpReplies replies = host_.fetchAll(calls);
    if (!replies.ok()) throw std::runtime_error(std::string(replies.reason()));
    std::map<std::string, BootstrapFile> files;
    std::map<std::string, std::string> texts;
    for (size_t i = 0; i < calls.size(); ++i) {
        HttpReplyView r = replies[i];
        if (!r.ok()) throw std::runtime_error(calls[i].url + ": " + std::string(r.error()));
        if (r.status() != 200) throw std::runtime_error(calls[i].url + ": HTTP " + std::to_string(r.status()));
        texts[kRegistries[i]] = std::string(r.body());
        files[kRegistries[i]] = Bootstrap::parseFile(texts[kRegistries[i]], calls[i].url);
    }
    auto fresh = build(files);  // throws on an entry it cannot read: the old set stays
    {
        std::lock_guard<std::mutex> lock(mutex_);
        current_ = fresh;
        origin_ = "refreshed at " + std::to_string(host_.nowMs());
    }
    // Kept for the next start; the store failing costs only that.
    Result<void> kept;
    for (auto it = texts.begin(); it != texts.end() && kept; ++it)
        kept = host_.storePut(storeKey(it->first), it->second);
    if (kept) kept = host_.storePut(kFetchedAtKey, std::to_string(host_.nowMs()));
    if (!kept) host_.warn("rdap: the refreshed bootstrap could not be stored: " + std::string(kept.reason()));
    host_.info("rdap: bootstrap refreshed from " + settings_.refreshUrl + ": " + fresh->describe());
    return true;
}

}  // namespace ipfacts::rdap
