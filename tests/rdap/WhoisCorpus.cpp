#include "tests/rdap/WhoisCorpus.h"

#include <yaml-cpp/yaml.h>

#include <fstream>
#include <iomanip>
#include <sstream>
#include <stdexcept>

namespace ipfacts::testing {

bool FieldValue::operator==(const FieldValue& o) const {
    if (absent() || o.absent()) return absent() && o.absent();
    return isList == o.isList && text == o.text && list == o.list;
}

std::string FieldValue::show() const {
    if (null) return "null";
    if (!isList) return "\"" + text + "\"";
    std::string out = "[";
    for (const auto& s : list) out += (out.size() > 1 ? ", " : "") + s;
    return out + "]";
}

const std::vector<std::string>& WhoisCorpus::fieldsOf(const std::string& kind) {
    static const std::vector<std::string> domain = {"ldh_name", "registrar",     "registered",
                                                    "updated",  "expires",       "nameservers",
                                                    "status",   "dnssec_signed", "abuse_email"};
    static const std::vector<std::string> ip = {"handle",      "name", "type",       "country", "start_address",
                                                "end_address", "cidr", "registered", "updated", "abuse_email"};
    static const std::vector<std::string> none;
    return kind == "domain" ? domain : kind == "ip" ? ip : none;
}

namespace {

FieldValue valueOf(const YAML::Node& n) {
    if (!n || n.IsNull()) return FieldValue::none();
    if (n.IsSequence()) {
        std::vector<std::string> v;
        for (const auto& e : n) v.push_back(e.as<std::string>());
        return FieldValue::ofList(v);
    }
    return FieldValue::of(n.as<std::string>());
}

}  // namespace

WhoisCorpus WhoisCorpus::load(const std::string& dir) {
    WhoisCorpus out;
    out.dir_ = dir;
    const YAML::Node root = YAML::LoadFile(dir + "/cases.yaml");
    for (const auto& n : root["cases"]) {
        WhoisCase c;
        c.query = n["query"].as<std::string>();
        c.replay = n["replay"] ? n["replay"].as<std::string>() : "";
        c.kind = n["kind"] ? n["kind"].as<std::string>() : "domain";
        c.source = n["source"].as<std::string>();
        c.outcome = n["outcome"] ? n["outcome"].as<std::string>() : "answer";
        if (c.outcome == "answer")
            for (const auto& field : fieldsOf(c.kind)) {
                if (!n[field]) throw std::runtime_error("cases.yaml: " + c.query + " has no " + field);
                c.expected[field] = valueOf(n[field]);
            }
        if (root["referrals"][c.query]) c.referral = root["referrals"][c.query].as<std::string>();
        out.cases_.push_back(std::move(c));
    }
    for (const auto& kv : root["known_wrong"])
        out.knownWrong_[kv.first.as<std::string>()] = kv.second.as<std::string>();
    return out;
}

std::string WhoisCorpus::answer(const WhoisCase& c) const {
    std::ifstream in(dir_ + "/answers/" + c.query + ".txt", std::ios::binary);
    if (!in) throw std::runtime_error("no recorded answer for " + c.query);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

bool WhoisCoverage::judge(const WhoisCase& c, const std::string& field, const FieldValue& got) {
    const auto at = c.expected.find(field);
    // Beyond the summary's fields: the outcome, and the referral ("" none).
    const FieldValue want = at != c.expected.end() ? at->second
                            : field == "referral"
                                ? (c.referral.empty() ? FieldValue::none() : FieldValue::of(c.referral))
                                : FieldValue::of(c.outcome);
    Tally& t = table_[c.source][field];
    if (want == got) {
        want.absent() ? ++t.absent : (++t.right, ++right_);
        return true;
    }
    ++t.wrong;
    wrong_.push_back(c.query + " " + field);
    details_.push_back(c.query + " " + field + ": expected " + want.show() + ", got " + got.show());
    return false;
}

void WhoisCoverage::print(std::ostream& out, const std::string& title) const {
    out << "\n" << title << " (right / wrong / not present)\n";
    for (const auto& [source, fields] : table_) {
        int r = 0, w = 0, a = 0;
        out << "  " << source << "\n";
        for (const auto& [field, t] : fields) {
            out << "    " << std::left << std::setw(14) << field << std::right << std::setw(4) << t.right
                << std::setw(4) << t.wrong << std::setw(4) << t.absent << "\n";
            r += t.right, w += t.wrong, a += t.absent;
        }
        out << "    " << std::left << std::setw(14) << "all" << std::right << std::setw(4) << r << std::setw(4) << w
            << std::setw(4) << a << "\n";
    }
    for (const auto& d : details_) out << "  wrong: " << d << "\n";
}

}  // namespace ipfacts::testing
