// CppUnit assertions on JSON bodies written by plugins, shared by the
// plugin suites. Header-only.
#pragma once

#include <cppunit/extensions/HelperMacros.h>

#include <string>
#include <vector>

namespace ipfacts::testing {

/// Fails unless every key appears in `body`, as a key ("key":), after the
/// one before it: the documented field order, checked without parsing.
inline void assertKeysInOrder(const std::string& body, const std::vector<std::string>& keys) {
    size_t at = 0;
    for (const std::string& k : keys) {
        const size_t found = body.find("\"" + k + "\":", at);
        CPPUNIT_ASSERT_MESSAGE("missing or out of order: " + k + " in " + body, found != std::string::npos);
        at = found + k.size() + 3;
    }
}

}  // namespace ipfacts::testing
