#include "tests/spf/SuiteFile.h"

#include <yaml-cpp/yaml.h>

#include <stdexcept>

namespace ipfacts::testing::spf {
namespace {

std::vector<std::string> stringsOf(const YAML::Node& value) {
    std::vector<std::string> out;
    if (value.IsSequence())
        for (const YAML::Node& s : value) out.push_back(s.as<std::string>());
    else
        out.push_back(value.as<std::string>());
    return out;
}

SuiteRecord recordOf(const std::string& type, const YAML::Node& value) {
    SuiteRecord r;
    r.type = type;
    if (type == "MX") {
        if (!value.IsSequence() || value.size() != 2) throw std::runtime_error("an MX record is [preference, host]");
        r.preference = value[0].as<int>();
        r.strings.push_back(value[1].as<std::string>());
        return r;
    }
    r.strings = stringsOf(value);
    r.none = value.IsScalar() && r.strings.front() == "NONE";
    return r;
}

SuiteName nameOf(const std::string& name, const YAML::Node& entries) {
    SuiteName n{name, {}, false};
    for (const YAML::Node& entry : entries) {
        if (entry.IsScalar() && entry.as<std::string>() == "TIMEOUT") {
            n.timeout = true;
            continue;
        }
        if (!entry.IsMap() || entry.size() != 1)
            throw std::runtime_error("zone data of " + name + " is not TYPE: value");
        for (const auto& kv : entry) n.records.push_back(recordOf(kv.first.as<std::string>(), kv.second));
    }
    return n;
}

SuiteTest testOf(const std::string& id, const YAML::Node& t) {
    SuiteTest test;
    test.id = id;
    for (const std::string& section : t["spec"] ? stringsOf(t["spec"]) : std::vector<std::string>())
        test.spec += (test.spec.empty() ? "" : ", ") + section;  // one section, or a list of them
    test.helo = t["helo"].as<std::string>();
    test.host = t["host"].as<std::string>();
    test.mailfrom = t["mailfrom"].as<std::string>();
    test.results = stringsOf(t["result"]);
    return test;
}

}  // namespace

std::vector<SuiteScenario> readSuiteFile(const std::string& path) {
    std::vector<SuiteScenario> out;
    for (const YAML::Node& doc : YAML::LoadAllFromFile(path)) {
        if (!doc.IsMap() || !doc["tests"]) throw std::runtime_error(path + ": a scenario without tests");
        SuiteScenario s;
        s.description = doc["description"] ? doc["description"].as<std::string>() : "";
        if (const YAML::Node zone = doc["zonedata"])
            for (const auto& kv : zone) s.zone.push_back(nameOf(kv.first.as<std::string>(), kv.second));
        for (const auto& kv : doc["tests"]) s.tests.push_back(testOf(kv.first.as<std::string>(), kv.second));
        out.push_back(std::move(s));
    }
    return out;
}

}  // namespace ipfacts::testing::spf
