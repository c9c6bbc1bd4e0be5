// ipfacts: the admin command. Issues and revokes API keys in the store a
// manifest names. A new key is printed once and only its SHA-256 is kept.
#include "host/manifest/Manifest.h"
#include "host/store/StoreBackend.h"

#include <filesystem>
#include <iostream>
#include <string>

namespace {

int usage() {
    std::cerr << "usage: ipfacts key add --config FILE --account ID [--state-dir DIR]\n"
                 "       ipfacts key revoke --config FILE [--state-dir DIR] KEY\n";
    return 2;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 3 || std::string(argv[1]) != "key") return usage();
    std::string verb = argv[2], config, account, state_dir, key;
    for (int i = 3; i < argc; ++i) {
        std::string a = argv[i];
        if ((a == "--config" || a == "--account" || a == "--state-dir") && i + 1 < argc) {
            std::string v = argv[++i];
            (a == "--config" ? config : a == "--account" ? account : state_dir) = v;
        } else if (a.rfind("--", 0) != 0 && key.empty()) {
            key = a;
        } else {
            return usage();
        }
    }
    if (config.empty()) return usage();
    try {
        auto m = ipfacts::manifest::loadManifest(config);
        if (!state_dir.empty()) m.state_dir = ipfacts::manifest::resolvePath(std::filesystem::current_path(), state_dir);
        std::filesystem::create_directories(m.state_dir);
        auto store = ipfacts::store::openKeyStore(m);  // store.backend: the SQLite file or PostgreSQL
        auto& keys = *store;
        if (verb == "add") {
            if (account.empty()) return usage();
            std::string fresh = ipfacts::store::newApiKey();
            keys.add(ipfacts::store::sha256Hex(fresh), account);
            std::cout << fresh << "\n";
            return 0;
        }
        if (verb == "revoke") {
            if (key.empty()) return usage();
            if (!keys.revoke(ipfacts::store::sha256Hex(key))) {
                std::cerr << "ipfacts: no live key matches\n";
                return 1;
            }
            return 0;
        }
    } catch (const std::exception& e) {
        std::cerr << "ipfacts: " << e.what() << "\n";
        return 1;
    }
    return usage();
}
