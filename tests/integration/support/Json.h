// Parsing response bodies in the integration suite.
#pragma once

#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>
#include <cppunit/TestAssert.h>

#include <string>

namespace ipfacts::testing {

inline Poco::JSON::Object::Ptr parseJson(const std::string& body) {
    Poco::JSON::Parser p;
    return p.parse(body).extract<Poco::JSON::Object::Ptr>();
}

/// The check named `name` of a /readyz body; fails the test when there is none.
inline Poco::JSON::Object::Ptr readyzCheck(const Poco::JSON::Object::Ptr& body, const std::string& name) {
    auto checks = body->getArray("checks");
    for (size_t i = 0; i < checks->size(); ++i) {
        auto c = checks->getObject(static_cast<unsigned>(i));
        if (c->getValue<std::string>("name") == name) return c;
    }
    CPPUNIT_FAIL("no check named " + name);
    return nullptr;
}

}  // namespace ipfacts::testing
