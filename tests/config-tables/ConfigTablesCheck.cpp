// Every plugin's README states its config keys as the plugin declares them:
// for each plugins/<family>/README.md, the table headed
//   | Config key | Type | Range | Default | Meaning |
// has one row per key of lib<family>.so's descriptor (config_keys and, since
// ABI 1.7, config_ranges), with the key, its type word, its range ("1–65535",
// integer keys only) and its default ("required" for a key the manifest must
// set); a family that declares no key says "No config keys." instead.
//
// usage: config-tables-check SOURCE_DIR PLUGIN_DIR
#include <ipfacts/contract.hpp>

#include <dirent.h>
#include <dlfcn.h>

#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace {

/// The cells of one Markdown table row, trimmed.
std::vector<std::string> cellsOf(const std::string& row) {
    std::vector<std::string> cells;
    std::stringstream in(row.substr(1));
    for (std::string cell; std::getline(in, cell, '|');) {
        const size_t a = cell.find_first_not_of(' '), b = cell.find_last_not_of(' ');
        cells.push_back(a == std::string::npos ? "" : cell.substr(a, b - a + 1));
    }
    return cells;
}

const char* typeWord(uint32_t type) {
    switch (type) {
        case IPF_CONFIG_INTEGER:
            return "integer";
        case IPF_CONFIG_BOOLEAN:
            return "boolean";
        case IPF_CONFIG_PATH:
            return "path";
        case IPF_CONFIG_RESOLVER:
            return "resolver";
        default:
            return "string";
    }
}

/// The row the README must have for `k`: key, type, range, default.
std::vector<std::string> rowFor(const ipf_plugin_descriptor& d, const ipf_config_key& k) {
    std::string range;
    if (const ipf_config_range* r = ipfacts::contract::rangeOf(d, k.key))
        range = std::to_string(r->min) + "–" + std::to_string(r->max);
    const std::string fallback = k.required        ? "required"
                                 : k.default_value ? "`" + std::string(k.default_value) + "`"
                                                   : "";
    return {"`" + std::string(k.key) + "`", typeWord(k.type), range, fallback};
}

/// README rows by key: the first four cells of each row of the config table.
std::map<std::string, std::vector<std::string>> readmeRows(const std::string& text, bool& saysNone) {
    std::map<std::string, std::vector<std::string>> rows;
    std::stringstream in(text);
    bool inTable = false;
    saysNone = text.find("No config keys.") != std::string::npos;
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("| Config key | Type | Range | Default | Meaning |", 0) == 0) {
            inTable = true;
            std::getline(in, line);  // |---|
            continue;
        }
        if (!inTable) continue;
        if (line.empty() || line[0] != '|') break;
        std::vector<std::string> cells = cellsOf(line);
        cells.resize(4);
        rows[cells[0]] = cells;
    }
    return rows;
}

std::string joined(const std::vector<std::string>& cells) {
    std::string out;
    for (const std::string& c : cells) out += "| " + c + " ";
    return out + "|";
}

/// Problems of one family's README against its library.
std::vector<std::string> check(const std::string& family, const std::string& readme, const std::string& library) {
    void* dl = dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!dl) return {library + ": " + dlerror()};
    auto entry = reinterpret_cast<ipf_entry_v1_fn>(dlsym(dl, IPF_ENTRY_SYMBOL_V1));
    if (!entry) return {library + ": no " IPF_ENTRY_SYMBOL_V1};
    const ipf_plugin_descriptor& d = *entry();
    std::ifstream file(readme);
    std::stringstream text;
    text << file.rdbuf();
    bool saysNone = false;
    std::map<std::string, std::vector<std::string>> rows = readmeRows(text.str(), saysNone);
    std::vector<std::string> problems;
    const ipf_config_key* keys = ipfacts::contract::configKeys(d);
    if (!keys || !keys->key) {
        if (!saysNone || !rows.empty())
            problems.push_back(readme + ": " + family + " takes no config: say \"No config keys.\"");
        return problems;
    }
    for (const ipf_config_key* k = keys; k->key; ++k) {
        const std::vector<std::string> want = rowFor(d, *k);
        auto it = rows.find(want[0]);
        if (it == rows.end())
            problems.push_back(readme + ": no row for " + want[0] + "; want " + joined(want) + " meaning |");
        else if (it->second != want)
            problems.push_back(readme + ": row " + joined(it->second) + " should read " + joined(want));
        if (it != rows.end()) rows.erase(it);
    }
    for (const auto& [key, cells] : rows)
        problems.push_back(readme + ": " + key + " is not a key " + family + " declares");
    return problems;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 3) {
        std::cerr << "usage: config-tables-check SOURCE_DIR PLUGIN_DIR\n";
        return 2;
    }
    const std::string source = argv[1], plugins = argv[2];
    std::vector<std::string> families;
    if (DIR* dir = opendir((source + "/plugins").c_str())) {
        while (dirent* e = readdir(dir))
            if (e->d_type == DT_DIR && e->d_name[0] != '.') families.push_back(e->d_name);
        closedir(dir);
    }
    int problems = 0;
    for (const std::string& f : families)
        for (const std::string& p : check(f, source + "/plugins/" + f + "/README.md", plugins + "/lib" + f + ".so")) {
            std::cout << p << "\n";
            ++problems;
        }
    std::cout << families.size() << " plugin READMEs checked against their declarations, " << problems
              << " disagreements\n";
    return problems == 0 && !families.empty() ? 0 : 1;
}
