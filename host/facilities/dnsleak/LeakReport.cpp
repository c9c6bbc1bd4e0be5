#include "host/facilities/dnsleak/LeakReport.h"

#include <ipfacts/json.hpp>

#include <algorithm>
#include <ctime>
#include <map>
#include <optional>
#include <set>
#include <vector>

namespace ipfacts::facilities::dnsleak {
namespace {

constexpr size_t kNamesShown = 8;  // names as asked, per resolver

struct Resolver {
    std::string address;
    ipfacts::NetFacts facts;
    int64_t questions = 0;
    int64_t first = 0;
    int64_t last = 0;
    std::set<std::string> transports;
    std::set<std::string> subnets;
    std::vector<std::string> names;
    std::optional<bool> same_network;
    std::optional<bool> same_country;
};

std::optional<bool> sameNetwork(const Resolver& r, const std::string& caller, const ipfacts::NetFacts& you) {
    if (r.address == caller) return true;
    if (r.facts.asn && you.asn) return *r.facts.asn == *you.asn;
    return std::nullopt;
}

std::optional<bool> sameCountry(const Resolver& r, const ipfacts::NetFacts& you) {
    if (r.facts.country && you.country) return *r.facts.country == *you.country;
    return std::nullopt;
}

std::vector<Resolver> gather(const ReportInput& in, const FactsOf& facts, const ipfacts::NetFacts& you) {
    std::map<std::string, Resolver> by_address;
    for (const auto& q : in.questions.kept) {
        Resolver& r = by_address[q.resolver];
        if (r.questions++ == 0) {
            r.address = q.resolver;
            r.first = q.at_unix;
        }
        r.last = std::max(r.last, q.at_unix);
        r.transports.insert(q.transport);
        if (!q.subnet.empty()) r.subnets.insert(q.subnet);
        if (r.names.size() < kNamesShown && std::find(r.names.begin(), r.names.end(), q.name) == r.names.end())
            r.names.push_back(q.name);
    }
    std::vector<Resolver> out;
    const std::string caller = in.caller.toString();
    for (auto& [address, r] : by_address) {
        if (auto a = net::IpAddress::parse(address); a && facts) r.facts = facts(*a);
        r.same_network = sameNetwork(r, caller, you);
        r.same_country = sameCountry(r, you);
        out.push_back(std::move(r));
    }
    std::sort(out.begin(), out.end(), [](const Resolver& a, const Resolver& b) { return a.questions > b.questions; });
    return out;
}

void optionalBool(JsonWriter& w, std::string_view key, const std::optional<bool>& v) {
    w.key(key);
    if (v)
        w.value(*v);
    else
        w.null();
}

void networkFacts(JsonWriter& w, const std::string& address, const ipfacts::NetFacts& f) {
    w.field("address", address);
    w.key("asn");
    if (f.asn)
        w.value(static_cast<long long>(*f.asn));
    else
        w.null();
    w.field("as_name", f.as_name);
    w.field("isp", f.isp);
    w.field("country", f.country);
    w.field("country_name", f.country_name);
}

void strings(JsonWriter& w, std::string_view key, const std::set<std::string>& items) {
    w.key(key).beginArray();
    for (const auto& s : items) w.value(s);
    w.endArray();
}

/// The verdict's status and the sentence a person reads.
std::pair<std::string, std::string> verdictOf(const std::vector<Resolver>& rs, const ipfacts::NetFacts& you) {
    if (rs.empty())
        return {"no_questions_yet",
                "No resolver has asked for this session's names yet. Resolve them (open the names, or dig them), then "
                "read this again."};
    size_t other_country = 0, other_network = 0, unknown = 0;
    for (const auto& r : rs) {
        if (r.same_country == false) ++other_country;
        if (r.same_network == false) ++other_network;
        if (!r.same_network) ++unknown;
    }
    const std::string of = " of " + std::to_string(rs.size()) + " resolver" + (rs.size() == 1 ? "" : "s");
    const std::string country = you.country ? " (" + *you.country + ")" : "";
    if (other_country > 0)
        return {"other_country", std::to_string(other_country) + of +
                                     " that asked for your names are in another country than your address" + country +
                                     ": the names you look up leave your country, and their operators see them."};
    if (other_network > 0)
        return {"other_network", std::to_string(other_network) + of +
                                     " that asked for your names are outside your own network: another operator "
                                     "than your connection's sees the names you look up."};
    if (unknown > 0)
        return {"unknown", "The network of " + std::to_string(unknown) + of +
                               " is not known (no data for its address), so whether your questions leave your "
                               "network cannot be said."};
    return {"same_network",
            "Every resolver that asked is in your own network: the names you look up stay with your connection's "
            "operator."};
}

}  // namespace

std::string isoUtc(int64_t unix_s) {
    const std::time_t t = static_cast<std::time_t>(unix_s);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

std::string leakReport(const ReportInput& in, const FactsOf& facts) {
    const ipfacts::NetFacts you = facts ? facts(in.caller) : ipfacts::NetFacts{};
    const std::vector<Resolver> rs = gather(in, facts, you);
    std::set<std::string> subnets;
    for (const auto& r : rs) subnets.insert(r.subnets.begin(), r.subnets.end());
    const auto [status, summary] = verdictOf(rs, you);

    JsonWriter w;
    w.beginObject();
    w.field("session", in.session);
    w.field("expires_at", isoUtc(in.expires_unix));
    w.field("questions", static_cast<long long>(in.questions.total));
    w.key("verdict").beginObject();
    w.key("leak");
    if (status == "no_questions_yet" || status == "unknown")
        w.null();
    else
        w.value(status != "same_network");
    w.field("status", status);
    w.field("summary", summary);
    w.endObject();
    w.key("you").beginObject();
    networkFacts(w, in.caller.toString(), you);
    w.endObject();
    w.key("resolvers").beginArray();
    for (const auto& r : rs) {
        w.beginObject();
        networkFacts(w, r.address, r.facts);
        w.field("questions", static_cast<long long>(r.questions));
        strings(w, "transports", r.transports);
        strings(w, "client_subnets", r.subnets);
        w.key("names").beginArray();
        for (const auto& n : r.names) w.value(n);
        w.endArray();
        w.field("first_seen", isoUtc(r.first));
        w.field("last_seen", isoUtc(r.last));
        optionalBool(w, "same_network", r.same_network);
        optionalBool(w, "same_country", r.same_country);
        w.endObject();
    }
    w.endArray();
    strings(w, "client_subnets", subnets);
    w.field("checked_at", isoUtc(in.now_unix));
    w.field("source", in.source);
    w.endObject();
    return w.str();
}

}  // namespace ipfacts::facilities::dnsleak
