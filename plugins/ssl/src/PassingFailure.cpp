#include "PassingFailure.h"

namespace ipfacts::ssl {

bool isPassingFailure(std::string_view error) {
    constexpr std::string_view kPrefixes[] = {"timeout after ", "connection refused", "connection timed out",
                                              "connection failed",
                                              "the server closed the connection without answering"};
    for (std::string_view prefix : kPrefixes)
        if (error.substr(0, prefix.size()) == prefix) return true;
    return false;
}

}  // namespace ipfacts::ssl
