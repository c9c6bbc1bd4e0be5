#include "PatternList.h"

#include <stdexcept>
#include <string>

namespace ipfacts::ua {

PatternList::PatternList(const YAML::Node& patterns, std::string_view context) {
    if (!patterns || patterns.IsNull()) return;
    if (!patterns.IsSequence()) throw std::runtime_error(std::string(context) + " is not a list");
    patterns_.reserve(patterns.size());
    for (size_t i = 0; i < patterns.size(); ++i) {
        std::string where = std::string(context) + "[" + std::to_string(i) + "]";
        if (!patterns[i].IsScalar()) throw std::runtime_error(where + " is not a string");
        patterns_.emplace_back(patterns[i].as<std::string>(), Regex::Case::Insensitive, where);
    }
}

bool PatternList::matchesAny(std::string_view ua) const {
    for (const Regex& pattern : patterns_)
        if (pattern.matches(ua)) return true;
    return false;
}

}  // namespace ipfacts::ua
