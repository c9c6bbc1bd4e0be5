#include "RateTable.h"

#include <cstdlib>

namespace rates {
namespace {

/// Reads a document of JSON tokens from left to right; every read returns
/// false (and leaves the position wherever it was) when the text does not
/// hold what was asked for.
class Scanner {
public:
    explicit Scanner(std::string_view text) : s_(text) {}

    bool literal(char c) {
        skipSpace();
        if (at_ >= s_.size() || s_[at_] != c) return false;
        ++at_;
        return true;
    }
    bool peek(char c) {
        skipSpace();
        return at_ < s_.size() && s_[at_] == c;
    }
    /// A string without escapes (the only kind this document holds).
    bool string(std::string& out) {
        if (!literal('"')) return false;
        const size_t end = s_.find_first_of("\"\\", at_);
        if (end == std::string_view::npos || s_[end] != '"') return false;
        out.assign(s_.substr(at_, end - at_));
        at_ = end + 1;
        return true;
    }
    bool number(double& out) {
        skipSpace();
        const size_t end = s_.find_first_not_of("+-0123456789.eE", at_);
        const std::string text(s_.substr(at_, end == std::string_view::npos ? std::string_view::npos : end - at_));
        if (text.empty()) return false;
        char* stop = nullptr;
        out = std::strtod(text.c_str(), &stop);
        if (stop != text.c_str() + text.size()) return false;
        at_ += text.size();
        return true;
    }
    /// Skips one value of any kind (a member the plugin does not read).
    bool skipValue() {
        std::string ignored;
        double number_ignored = 0;
        if (peek('"')) return string(ignored);
        if (peek('{') || peek('[')) return skipNested();
        if (number(number_ignored)) return true;
        for (std::string_view word : {"true", "false", "null"}) {
            if (s_.substr(at_, word.size()) != word) continue;
            at_ += word.size();
            return true;
        }
        return false;
    }
    bool atEnd() {
        skipSpace();
        return at_ == s_.size();
    }

private:
    void skipSpace() {
        while (at_ < s_.size() && (s_[at_] == ' ' || s_[at_] == '\n' || s_[at_] == '\r' || s_[at_] == '\t')) ++at_;
    }
    bool skipNested() {
        int depth = 0;
        std::string ignored;
        do {
            if (peek('"')) {
                if (!string(ignored)) return false;
                continue;
            }
            if (at_ >= s_.size()) return false;
            const char c = s_[at_++];
            depth += (c == '{' || c == '[') ? 1 : (c == '}' || c == ']') ? -1 : 0;
        } while (depth > 0);
        return true;
    }

    std::string_view s_;
    size_t at_ = 0;
};

/// {"USD":1.08,...} into `out`.
bool readRates(Scanner& in, std::vector<std::pair<std::string, double>>& out) {
    if (!in.literal('{')) return false;
    if (in.literal('}')) return true;
    do {
        std::string code;
        double rate = 0;
        if (!in.string(code) || !in.literal(':') || !in.number(rate)) return false;
        out.emplace_back(std::move(code), rate);
    } while (in.literal(','));
    return in.literal('}');
}

}  // namespace

std::optional<double> RateTable::rateOf(std::string_view currency) const {
    if (currency == base) return 1.0;
    for (const auto& [code, rate] : rates)
        if (code == currency) return rate;
    return std::nullopt;
}

std::optional<RateTable> parseRateTable(std::string_view json) {
    Scanner in(json);
    RateTable t;
    bool sawRates = false;
    if (!in.literal('{')) return std::nullopt;
    if (!in.peek('}')) {
        do {
            std::string key;
            if (!in.string(key) || !in.literal(':')) return std::nullopt;
            bool ok = key == "base"    ? in.string(t.base)
                      : key == "date"  ? in.string(t.date)
                      : key == "rates" ? (sawRates = readRates(in, t.rates))
                                       : in.skipValue();
            if (!ok) return std::nullopt;
        } while (in.literal(','));
    }
    if (!in.literal('}') || !in.atEnd() || t.base.empty() || !sawRates) return std::nullopt;
    return t;
}

bool isCurrencyCode(std::string_view code) {
    if (code.size() != 3) return false;
    for (char c : code)
        if (c < 'A' || c > 'Z') return false;
    return true;
}

}  // namespace rates
