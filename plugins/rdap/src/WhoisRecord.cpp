#include "WhoisRecord.h"

#include "AsciiText.h"

#include <algorithm>
#include <cctype>

namespace ipfacts::rdap {
namespace {

/// Columns of leading white space (a tab counts 4).
size_t depthOf(std::string_view line) {
    size_t d = 0;
    for (char c : line) {
        if (c == ' ')
            d += 1;
        else if (c == '\t')
            d += 4;
        else
            break;
    }
    return d;
}

bool keyMatches(const std::string& key, const char* pattern) {
    const std::string_view p(pattern);
    if (p.size() > 2 && p.substr(0, 2) == "*.")
        return key.size() >= p.size() - 1 &&
               key.compare(key.size() - (p.size() - 1), std::string::npos, p.substr(1)) == 0;
    if (!p.empty() && p.back() == '*') return key.compare(0, p.size() - 1, p.substr(0, p.size() - 1)) == 0;
    return key == p;
}

/// "domain.............", "Registrant ": the key without its padding.
std::string cleanKey(std::string_view raw) {
    std::string k = lowerText(trimText(raw));
    while (!k.empty() && (k.back() == '.' || std::isspace(static_cast<unsigned char>(k.back())))) k.pop_back();
    return k;
}

/// A line of dashes, equals signs or stars only: a rule drawn between sections.
bool isRule(const std::string& t) {
    return std::all_of(t.begin(), t.end(),
                       [](char c) { return c == '-' || c == '=' || c == '*' || c == '_' || c == ' '; });
}

/// A short line naming a section ("Registrar", "Nameservers", "Technical Contacts").
bool isHeading(const std::string& t) {
    if (t.size() > 40 || t.back() == '.' || t.find("://") != std::string::npos) return false;
    return std::all_of(t.begin(), t.end(), [](char c) {
        return std::isalpha(static_cast<unsigned char>(c)) || c == ' ' || c == '(' || c == ')' || c == '-' ||
               (static_cast<unsigned char>(c) >= 0x80);
    });
}

/// Sentences some registries write instead of a key: "Record created on 2018-02-05 22:59:12".
bool readSentence(const std::string& t, std::string& key, std::string& value) {
    const std::string lower = lowerText(t.substr(0, 24));
    for (const char* k : {"record created on ", "record expires on ", "registered on ", "expires on "}) {
        const std::string_view p(k);
        if (lower.compare(0, p.size(), p) != 0 || t.size() == p.size()) continue;
        key = std::string(p.substr(0, p.size() - 1));
        value = trimText(std::string_view(t).substr(p.size()));
        return !value.empty();
    }
    return false;
}

/// JPRS: "a. [Domain Name]                GOOGLE.CO.JP", "[State]   Connected (2024/03/31)".
bool readBracketed(const std::string& t, std::string& key, std::string& value) {
    size_t at = 0;
    if (t.size() > 2 && std::islower(static_cast<unsigned char>(t[0])) && t[1] == '.') at = t.find_first_not_of(' ', 2);
    if (at == std::string::npos || at >= t.size() || t[at] != '[') return false;
    const size_t close = t.find(']', at);
    if (close == std::string::npos || close == at + 1 || close - at > 41) return false;
    key = cleanKey(std::string_view(t).substr(at + 1, close - at - 1));
    value = trimText(std::string_view(t).substr(close + 1));
    return !key.empty();
}

}  // namespace

WhoisRecord::WhoisRecord(std::string_view text) {
    std::string block;  // the key whose values follow on the lines below
    size_t blockDepth = 0;
    bool blockFlat = false;  // only unkeyed lines at the block key's depth so far (pl, mo, hk)
    std::string lastKey;
    size_t lastDepth = 0;
    bool blockHasValues = false;
    int object = 0;
    bool objectHasPairs = false;
    std::string label;  // the heading the next object begins under
    auto add = [&](std::string key, std::string value) {
        if (value.empty() || key.empty()) return;
        if (!objectHasPairs) {
            labels_.resize(static_cast<size_t>(object) + 1), labels_.back() = label;
            firstKeys_.resize(static_cast<size_t>(object) + 1), firstKeys_.back() = key;
        }
        pairs_.push_back({std::move(key), std::move(value), object});
        objectHasPairs = true;
        blockHasValues = true;
    };
    auto open = [&](std::string key, size_t depth, bool flat) {
        if (!objectHasPairs) label = key;
        block = std::move(key), blockDepth = depth, blockFlat = flat, blockHasValues = false, lastKey.clear();
    };
    size_t at = 0;
    while (at <= text.size()) {
        const size_t nl = text.find('\n', at);
        std::string_view line = text.substr(at, nl == std::string_view::npos ? std::string_view::npos : nl - at);
        at = nl == std::string_view::npos ? text.size() + 1 : nl + 1;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        const std::string t = trimText(line);
        const size_t depth = depthOf(line);
        if (t.empty()) {
            // "Name Servers Information:", a blank line, then the names (HKIRC): the block stays open.
            if (!(blockFlat && !blockHasValues)) block.clear(), label.clear();
            lastKey.clear();
            if (objectHasPairs) ++object, objectHasPairs = false;
            continue;
        }
        if (t[0] == '%' || t[0] == '#' || t.rfind(">>>", 0) == 0) {
            comments_.push_back(t);
            continue;
        }
        if (isRule(t)) continue;
        std::string key, value;
        bool keyed = false;
        keyed = readBracketed(t, key, value);
        if (!keyed) {
            const size_t colon = t.find(':');
            // "key: value"; a colon inside a URL or a time ("https://", "12:00") has no blank after it.
            // "Registry WHOIS Server:: x" (CoCCA) doubles the colon.
            const size_t from = colon == std::string::npos        ? 0
                                : t.compare(colon, 3, ":: ") == 0 ? colon + 2
                                                                  : colon + 1;
            keyed = colon != std::string::npos && colon > 0 && colon < 48 &&
                    (from == t.size() || t[from] == ' ' || t[from] == '\t');
            if (keyed) {
                key = cleanKey(std::string_view(t).substr(0, colon));
                value = trimText(std::string_view(t).substr(from));
            }
        }
        if (!keyed && readSentence(t, key, value)) {
            add(key, value);
            continue;
        }
        const bool inBlock = !block.empty() && depth > blockDepth;
        if (keyed) {
            if (!block.empty() && !inBlock) block.clear();
            const std::string full = inBlock ? block + "." + key : key;
            if (value.empty()) {
                open(full, depth, true);
                continue;
            }
            if (inBlock) blockFlat = false;
            add(full, value);
            lastKey = full, lastDepth = depth;
            blockFlat = false;
            continue;
        }
        if (!block.empty() && (inBlock || (blockFlat && depth == blockDepth))) {
            add(block, t);
            continue;
        }
        if (!lastKey.empty() && depth > lastDepth) {  // a value continued on the next line
            add(lastKey, t);
            continue;
        }
        if (depth == 0 && isHeading(t)) {
            open(cleanKey(t), 0, false);
            continue;
        }
        block.clear();
    }
}

std::string WhoisRecord::first(std::initializer_list<const char*> keys, const ObjectFilter& in) const {
    for (const char* k : keys)
        for (const auto& p : pairs_)
            if ((!in || in(p.object)) && keyMatches(p.key, k)) return p.value;
    return "";
}

std::vector<std::string> WhoisRecord::all(std::initializer_list<const char*> keys, const ObjectFilter& in) const {
    std::vector<std::string> out;
    for (const auto& p : pairs_)
        if (!in || in(p.object))
            for (const char* k : keys)
                if (keyMatches(p.key, k)) {
                    out.push_back(p.value);
                    break;
                }
    return out;
}

int WhoisRecord::objectOf(std::initializer_list<const char*> keys) const {
    for (const auto& p : pairs_)
        for (const char* k : keys)
            if (keyMatches(p.key, k)) return p.object;
    return -1;
}

std::string WhoisRecord::labelOf(int object) const {
    return object >= 0 && static_cast<size_t>(object) < labels_.size() ? labels_[static_cast<size_t>(object)] : "";
}

std::string WhoisRecord::firstKeyOf(int object) const {
    return object >= 0 && static_cast<size_t>(object) < firstKeys_.size() ? firstKeys_[static_cast<size_t>(object)]
                                                                          : "";
}

}  // namespace ipfacts::rdap
