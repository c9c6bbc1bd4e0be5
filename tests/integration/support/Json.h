// Parsing response bodies in the integration suite.
#pragma once

#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>

#include <string>

namespace ipfacts::testing {

inline Poco::JSON::Object::Ptr parseJson(const std::string& body) {
    Poco::JSON::Parser p;
    return p.parse(body).extract<Poco::JSON::Object::Ptr>();
}

}  // namespace ipfacts::testing
