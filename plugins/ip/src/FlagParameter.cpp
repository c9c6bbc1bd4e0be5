#include "FlagParameter.h"

namespace ipfacts::ip {

Flag readFlag(size_t count, std::optional<std::string_view> first) {
    if (count == 0) return Flag::Absent;
    // "full=true" or "full=0" would look meaningful and silently not be:
    // refusing them keeps a caller from believing in a flag we ignored.
    if (count > 1 || !first || *first != "1") return Flag::Invalid;
    return Flag::Set;
}

}  // namespace ipfacts::ip
