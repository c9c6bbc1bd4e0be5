#include "host/facilities/privacy/Feed.h"

#include "host/facilities/http/HttpFacility.h"

#include <curl/curl.h>
#include <spdlog/spdlog.h>
#include <sys/stat.h>

#include <fstream>
#include <sstream>

namespace ipfacts::facilities::privacy {
namespace {

/// Last-Modified as Unix seconds; 0 when absent or unreadable.
int64_t lastModified(const http::HttpResult& r) {
    for (const auto& [name, value] : r.headers) {
        if (strcasecmp(name.c_str(), "last-modified") != 0) continue;
        const time_t t = curl_getdate(value.c_str(), nullptr);
        return t > 0 ? static_cast<int64_t>(t) : 0;
    }
    return 0;
}

}  // namespace

Feed::Feed(FeedConfig config, http::HttpFacility* http, std::shared_ptr<UpstreamOutcomes> outcomes)
    : config_(std::move(config)), http_(http), outcomes_(std::move(outcomes)) {}

bool Feed::load(int64_t now_s, std::string& body, int64_t& date_s, std::string& error) const {
    if (!config_.file.empty()) {
        std::ifstream in(config_.file, std::ios::binary);
        struct stat st {};
        if (!in || ::stat(config_.file.c_str(), &st) != 0) {
            error = "cannot read " + config_.file;
            return false;
        }
        std::ostringstream text;
        text << in.rdbuf();
        body = text.str();
        date_s = static_cast<int64_t>(st.st_mtime);
        return true;
    }
    if (!http_) {
        error = "no outbound HTTP is configured (http: section)";
        return false;
    }
    http::HttpRequest req;
    req.url = config_.url;
    req.timeout_ms = config_.timeout_ms;
    req.max_body_bytes = static_cast<size_t>(config_.max_bytes);
    auto results = http_->fetchAll({req});
    const http::HttpResult& r = results.front();
    if (!r.ok()) {
        error = r.error;
        return false;
    }
    if (r.status != 200) {
        error = "HTTP " + std::to_string(r.status);
        return false;
    }
    body = r.body;
    const int64_t modified = lastModified(r);
    date_s = modified > 0 && modified <= now_s ? modified : now_s;
    return true;
}

void Feed::refresh(int64_t now_s) {
    std::string body, error;
    int64_t date_s = now_s;
    ParsedFeed parsed;
    if (load(now_s, body, date_s, error)) {
        parsed = config_.tor_format ? parseTorExitList(body) : parseRangeList(body);
        error = parsed.error;
    }
    ++refreshes_;
    // A download is an exchange with an upstream (a list that does not parse
    // is its failure too); a local file is not.
    if (outcomes_ && config_.file.empty()) outcomes_->record("privacy", config_.name, error);
    std::lock_guard<std::mutex> lock(mu_);
    if (!error.empty()) {
        last_error_ = error;
        spdlog::warn("privacy: {} not refreshed ({}); {}", config_.name, error,
                     current_ ? "keeping the data of " + isoDate(current_->data_date_s) : "no data yet");
        return;
    }
    auto snap = std::make_shared<Snapshot>();
    snap->table = std::move(parsed.table);
    // The data's own date (the newest exit measurement) when it gives one, else the download's.
    snap->data_date_s = parsed.data_date_s > 0 ? std::min(parsed.data_date_s, now_s) : date_s;
    spdlog::info("privacy: {} refreshed: {} blocks ({} lines skipped), data of {}", config_.name, parsed.entries,
                 parsed.skipped, isoDate(snap->data_date_s));
    current_ = std::move(snap);
    last_error_.clear();
}

SourceWord Feed::lookup(const net::IpAddress& a, int64_t now_s) const {
    std::shared_ptr<const Snapshot> snap;
    std::string last_error;
    {
        std::lock_guard<std::mutex> lock(mu_);
        snap = current_;
        last_error = last_error_;
    }
    if (!snap) {
        if (last_error.empty())
            return SourceWord::unknown(config_.flag, config_.name,
                                       "not loaded: " + config_.name + " has not been fetched yet");
        return SourceWord::unknown(config_.flag, config_.name,
                                   "provider down: " + config_.name + " could not be fetched: " + last_error);
    }
    if (now_s - snap->data_date_s > config_.max_age_s) {
        std::string why = "stale feed: " + config_.name + " data of " + isoDate(snap->data_date_s) +
                          " is older than its maximum age of " + std::to_string(config_.max_age_s) + " s";
        if (!last_error.empty()) why += " (last refresh failed: " + last_error + ")";
        return SourceWord::unknown(config_.flag, config_.name, why);
    }
    auto m = snap->table.find(a);
    if (!m) return SourceWord::no(config_.flag, config_.name);
    return SourceWord::yes(config_.flag, config_.name, m->prefix, isoDate(snap->data_date_s), config_.service);
}

size_t Feed::size() const {
    std::lock_guard<std::mutex> lock(mu_);
    return current_ ? current_->table.size() : 0;
}

}  // namespace ipfacts::facilities::privacy
