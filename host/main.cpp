// ipfactsd: the ipfacts service. See README.md for the manifest and routes.
#include "host/facilities/Catalogue.h"
#include "host/install/InstallLayout.h"
#include "host/manifest/Manifest.h"
#include "host/plugins/PluginCheck.h"
#include "host/server/Daemon.h"
#include "host/server/HostRoutes.h"

#include <ipfacts/plugin.h>

#include <spdlog/spdlog.h>

#include <cstring>
#include <filesystem>
#include <iostream>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

void usage(std::ostream& out) {
    out << "usage: ipfactsd [--config FILE] [--listen ADDR:PORT]... [--state-dir DIR] [--url URL]\n"
           "       ipfactsd --check-config FILE\n"
           "       ipfactsd --version\n"
           "  --config FILE        run the service with this manifest; default, when installed:\n"
           "                       <sysconfdir>/ipfacts/ipfacts.yaml (/etc/ipfacts/ipfacts.yaml for prefix /usr)\n"
           "  --listen ADDR:PORT   plain-HTTP listener replacing the manifest's server.listen (repeatable;\n"
           "                       e.g. 127.0.0.1:8080 or [::1]:8080)\n"
           "  --state-dir DIR      keep what the service writes (SQLite file, logs) here\n"
           "  --url URL            the address clients call, replacing the manifest's service.url (the\n"
           "                       OpenAPI document's server), e.g. http://localhost:8080\n"
           "  --check-config FILE  validate a manifest and its plugins (libraries, ABI, handlers, required\n"
           "                       facilities, config keys) and exit: 0 when usable, 1 with every reason\n";
}

struct Options {
    std::string config;
    std::string check;
    std::vector<std::string> listen;
    std::string state_dir;
    std::string url;
};

/// The manifest an installed ipfactsd reads when given no --config (docs/operations.md, "Installing").
std::string installedManifestOrThrow() {
    auto path = ipfacts::install::defaultManifest();
    if (!path) throw std::invalid_argument("--config is required: this ipfactsd is not in an installed layout");
    if (!std::filesystem::exists(*path))
        throw std::invalid_argument("no --config given and no installed manifest at " + path->string());
    return path->string();
}

/// Parses argv; returns an exit code when the program should stop now.
std::optional<int> parse(int argc, char** argv, Options& o) {
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        auto value = [&](const char* name) -> std::string {
            if (i + 1 >= argc) throw std::invalid_argument(std::string(name) + " needs a value");
            return argv[++i];
        };
        if (a == "--config")
            o.config = value("--config");
        else if (a == "--check-config")
            o.check = value("--check-config");
        else if (a == "--listen")
            o.listen.push_back(value("--listen"));
        else if (a == "--state-dir")
            o.state_dir = value("--state-dir");
        else if (a == "--url")
            o.url = value("--url");
        else if (a == "--version") {
            std::cout << "ipfactsd " IPFACTS_VERSION " (plugin ABI " << IPF_ABI_MAJOR << "." << IPF_ABI_MINOR << ")\n";
            return 0;
        } else if (a == "--help" || a == "-h") {
            usage(std::cout);
            return 0;
        } else
            throw std::invalid_argument("unknown option " + a);
    }
    if (o.config.empty() && o.check.empty()) o.config = installedManifestOrThrow();
    return std::nullopt;
}

void applyOverrides(ipfacts::manifest::Manifest& m, const Options& o) {
    if (!o.listen.empty()) {
        m.server.listen.clear();
        for (const auto& l : o.listen) {
            auto la = ipfacts::manifest::ListenAddress::parse(l);
            if (!la)
                throw std::invalid_argument("--listen " + l + ": want ADDR:PORT, e.g. 127.0.0.1:8080 or [::1]:8080");
            m.server.listen.push_back(*la);
        }
    }
    if (!o.state_dir.empty())
        m.state_dir = ipfacts::manifest::resolvePath(std::filesystem::current_path(), o.state_dir);
    if (!o.url.empty()) {
        auto url = ipfacts::manifest::serviceUrl(o.url);
        if (!url) throw std::invalid_argument("--url " + o.url + ": want an http:// or https:// URL");
        m.service_url = *url;
    }
}

void setLogLevel(const std::string& level) {
    spdlog::set_level(spdlog::level::from_str(level));
    spdlog::set_pattern("%Y-%m-%dT%H:%M:%S.%eZ %^%l%$ %v", spdlog::pattern_time_type::utc);
}

}  // namespace

int main(int argc, char** argv) {
    Options o;
    try {
        if (auto code = parse(argc, argv, o)) return *code;
    } catch (const std::exception& e) {
        std::cerr << "ipfactsd: " << e.what() << "\n";
        usage(std::cerr);
        return 2;
    }
    try {
        if (!o.check.empty()) {
            auto m = ipfacts::manifest::loadManifest(o.check);
            ipfacts::server::checkHostRoutes(m);
            // Beyond the syntax: libraries, ABI, handlers, required facilities, plugin config keys.
            auto problems = ipfacts::plugins::checkPlugins(m, ipfacts::facilities::configuredFacilities(m));
            for (const auto& p : problems) std::cerr << p << "\n";
            if (!problems.empty()) return 1;
            std::cout << o.check << ": ok\n";
            return 0;
        }
        auto m = ipfacts::manifest::loadManifest(o.config);
        applyOverrides(m, o);
        setLogLevel(m.log_level);
        ipfacts::server::blockServiceSignals();
        ipfacts::server::Daemon daemon(std::move(m));
        return daemon.run();
    } catch (const std::exception& e) {
        std::cerr << "ipfactsd: " << e.what() << "\n";
        return 1;
    }
}
