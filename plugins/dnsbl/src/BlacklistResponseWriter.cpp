#include "BlacklistResponseWriter.h"

#include <ipfacts/json.hpp>
#include <ipfacts/plugin.hpp>

namespace ipfacts::dnsbl {
namespace {

const char* statusName(ZoneHealth::Status s) {
    switch (s) {
        case ZoneHealth::Status::Usable:
            return "usable";
        case ZoneHealth::Status::Unusable:
            return "unusable";
        case ZoneHealth::Status::Unknown:
            return "unknown";
        default:
            return "unchecked";
    }
}

void writeStrings(JsonWriter& w, const char* key, const std::vector<std::string>& items) {
    w.key(key).beginArray();
    for (const std::string& s : items) w.value(s);
    w.endArray();
}

void writeRow(JsonWriter& w, const BlacklistRow& row, const std::string& ip) {
    const ListingResult& r = row.result;
    w.beginObject().field("list", row.list->name).field("zone", row.list->zone).field("listed", r.listed());
    writeStrings(w, "codes", r.codes);
    w.field("reason", r.reason).field("lookup_url", row.list->lookupUrlFor(ip)).field("error", r.error);
    writeStrings(w, "answer", r.answer);
    w.field("txt", r.txt).field("from_cache", row.fromCache).field("queried", row.queried);
    w.field("zone_usable", row.health.usable()).key("zone_health").beginObject();
    w.field("status", statusName(row.health.status));
    if (row.health.reason.empty())
        w.fieldNull("reason");
    else
        w.field("reason", row.health.reason);
    if (row.health.status == ZoneHealth::Status::Unchecked)
        w.fieldNull("checked_at");
    else
        w.field("checked_at", isoUtc(row.health.checkedAtMs));
    w.endObject().endObject();
}

}  // namespace

std::string writeBlacklistResponse(const BlacklistReport& report, const ResponseStamp& stamp) {
    const std::string ip = report.address.text();
    JsonWriter w;
    w.beginObject()
        .field("ip", ip)
        .field("version", report.address.version)
        .field("listed_count", report.listedCount)
        .field("total_count", static_cast<int>(report.rows.size()))
        .field("error_count", report.errorCount)
        .key("results")
        .beginArray();
    for (const BlacklistRow& row : report.rows) writeRow(w, row, ip);
    w.endArray();
    stamp.writeTo(w).endObject();
    return w.take();
}

}  // namespace ipfacts::dnsbl
