// Runs every CppUnit suite registered in the executable, printing progress
// and failures; shared by the unit and integration test mains.
#pragma once

#include <cppunit/BriefTestProgressListener.h>
#include <cppunit/CompilerOutputter.h>
#include <cppunit/TestResult.h>
#include <cppunit/TestResultCollector.h>
#include <cppunit/TestRunner.h>
#include <cppunit/extensions/TestFactoryRegistry.h>

#include <cstdlib>
#include <iostream>

namespace ipfacts::testing {

/// True when every registered test passed. IPFACTS_TEST, when set, names
/// the one suite or test to run ("SlowUpstreamTest" or
/// "SlowUpstreamTest::oneCallerHoldsAtMostItsShareOfSlowRequests"), for
/// working on one test by hand; tools/test never sets it.
inline bool runRegisteredSuites() {
    CppUnit::TestResult controller;
    CppUnit::TestResultCollector result;
    controller.addListener(&result);
    CppUnit::BriefTestProgressListener progress;
    controller.addListener(&progress);
    CppUnit::TestRunner runner;
    runner.addTest(CppUnit::TestFactoryRegistry::getRegistry().makeTest());
    const char* only = std::getenv("IPFACTS_TEST");
    runner.run(controller, only ? only : "");
    CppUnit::CompilerOutputter(&result, std::cerr).write();
    return result.wasSuccessful();
}

}  // namespace ipfacts::testing
