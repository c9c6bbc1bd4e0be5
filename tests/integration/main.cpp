// The integration suite: one ipfactsd on loopback for every test, real HTTP.
// After the suites it saves the served OpenAPI document for the validator,
// stops the service with SIGTERM and requires a clean exit.
#include "tests/integration/support/HttpClient.h"
#include "tests/integration/support/Service.h"

#include "tests/support/RunSuites.h"

#include <sys/resource.h>

#include <fstream>
#include <iostream>

using ipfacts::testing::Service;

int main() {
    // The flood tests hold thousands of sockets: use the whole descriptor allowance.
    rlimit lim{};
    if (::getrlimit(RLIMIT_NOFILE, &lim) == 0 && lim.rlim_cur < lim.rlim_max) {
        lim.rlim_cur = lim.rlim_max;
        ::setrlimit(RLIMIT_NOFILE, &lim);
    }
    auto& service = Service::instance();
    try {
        service.start();
    } catch (const std::exception& e) {
        std::cerr << "cannot start ipfactsd: " << e.what() << "\n";
        return 1;
    }
    bool ok = ipfacts::testing::runRegisteredSuites();
    try {
        auto doc = ipfacts::testing::get("/api/openapi.json");
        std::ofstream(Service::buildDir() + "/tests/openapi.json") << doc.body;
    } catch (const std::exception& e) {
        std::cerr << "cannot fetch the OpenAPI document: " << e.what() << "\n";
        ok = false;
    }
    int code = service.stop();
    if (code != 0) {
        std::cerr << "ipfactsd did not exit cleanly on SIGTERM (status " << code << ")\n" << service.log();
        ok = false;
    } else if (service.log().find("stopped") == std::string::npos) {
        std::cerr << "ipfactsd exited without its shutdown line\n";
        ok = false;
    }
    return ok ? 0 : 1;
}
