// ipfacts: the admin command. Issues, lists and revokes API keys in the store a
// manifest names. A new key is printed once and only its SHA-256 is kept; a key
// is revoked by its value or by the id the access log and `key list` show. The
// account a key is issued to is kept as the sign-in flow keeps it: the keyed
// hash of the text given (an e-mail address), never the text.
// Running daemons see a change within keys.refresh_ms.
#include "host/install/InstallLayout.h"
#include "host/manifest/Manifest.h"
#include "host/store/EmailHash.h"
#include "host/store/ServerSecret.h"
#include "host/store/StoreBackend.h"
#include "host/store/sqlite/DiskReserve.h"

#include <grp.h>
#include <sys/stat.h>
#include <unistd.h>

#include <ipfacts/plugin.hpp>

#include <ctime>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <string>

namespace {

int usage() {
    std::cerr << "usage: ipfacts key add [--config FILE] --account E-MAIL [--state-dir DIR]\n"
                 "       ipfacts key list [--config FILE] [--state-dir DIR]\n"
                 "       ipfacts key revoke [--config FILE] [--state-dir DIR] KEY-OR-ID\n"
                 "An installed ipfacts reads the installed manifest when given no --config.\n";
    return 2;
}

/// The manifest an installed `ipfacts` reads when given no --config: the one the
/// installed ipfactsd reads (docs/operations.md, "Installing").
std::string installedManifestOrThrow() {
    auto path = ipfacts::install::defaultAdminManifest();
    if (!path) throw std::invalid_argument("--config FILE is required: this ipfacts is not in an installed layout");
    if (!std::filesystem::exists(*path))
        throw std::invalid_argument("no --config given and no installed manifest at " + path->string());
    return path->string();
}

/// Run as root, the command becomes the owner of the state directory (the
/// service's user on an installed box) before it opens or creates anything
/// there, so the store, its journal and the server secret stay writable by
/// the service. A directory root owns (or none yet) leaves it root.
void becomeStateOwner(const std::string& state_dir) {
    struct stat st {};
    if (::geteuid() != 0 || ::stat(state_dir.c_str(), &st) != 0 || st.st_uid == 0) return;
    const gid_t gid = st.st_gid;
    if (::setgroups(1, &gid) != 0 || ::setgid(st.st_gid) != 0 || ::setuid(st.st_uid) != 0)
        throw std::runtime_error("cannot become the owner (uid " + std::to_string(st.st_uid) + ") of " + state_dir);
}

std::string isoTime(int64_t t) { return t == 0 ? "-" : ipfacts::isoUtc(t * 1000); }

/// One line per key: id, account, created, last used, requests today (UTC), state.
/// Today's count is what the daemons have written (they write behind within a second).
void listKeys(ipfacts::store::AccountStore& store) {
    const auto today = store.usageOn(ipfacts::store::utcDay(static_cast<int64_t>(std::time(nullptr))));
    std::cout << std::left << std::setw(18) << "ID" << std::setw(24) << "ACCOUNT" << std::setw(22) << "CREATED"
              << std::setw(22) << "LAST_USED" << std::setw(10) << "TODAY"
              << "STATE\n";
    for (const auto& k : store.allKeys()) {
        auto it = today.find(k.id);
        std::cout << std::setw(18) << k.id << std::setw(24) << k.account << std::setw(22) << isoTime(k.created_at)
                  << std::setw(22) << isoTime(k.last_used_at) << std::setw(10) << (it == today.end() ? 0 : it->second)
                  << (k.revoked_at ? "revoked " + isoTime(k.revoked_at) : std::string("live")) << "\n";
    }
}

/// A key id as `key list` and the access log show it: 16 lower-case hex.
bool isKeyId(const std::string& s) {
    return s.size() == 16 && s.find_first_not_of("0123456789abcdef") == std::string::npos;
}

/// Revokes `key` (its value or its id) in the store `m` names; 0 when done, 1 when no live key matches.
int revokeIn(const ipfacts::manifest::Manifest& m, const std::string& key) {
    auto keys = ipfacts::store::openAccountStore(m);
    const bool done = isKeyId(key) ? keys->revokeKey("", key, static_cast<int64_t>(std::time(nullptr)))
                                   : keys->revoke(ipfacts::store::sha256Hex(key));
    if (!done) {
        std::cerr << "ipfacts: no live key matches\n";
        return 1;
    }
    return 0;
}

/// `key revoke`, made to work on a full disk: a leaked key must be revocable before
/// space is freed. When the store says the disk is full, the disk reserve set aside
/// beside the SQLite file (host/store/sqlite/DiskReserve.h) is released and the
/// revocation tried once more; with no reserve left it refuses, saying what to do.
int revokeOnFullDisk(const ipfacts::manifest::Manifest& m, const std::string& key) {
    try {
        return revokeIn(m, key);
    } catch (const ipfacts::store::StoreUnavailable& e) {
        if (!ipfacts::store::saysDiskFull(e.what())) throw;
        if (!ipfacts::store::releaseDiskReserve(m)) {
            std::cerr << "ipfacts: the disk holding " << m.state_dir
                      << " is full and its reserve is used up, so the revocation cannot be written. Free space on "
                         "that disk (old logs first), then run this command again.\n";
            return 1;
        }
        std::cerr << "ipfacts: the disk holding " << m.state_dir
                  << " is full: released its reserve (4 MiB) to write the revocation. Free space; the next ipfacts "
                     "command or a restart of ipfactsd sets the reserve aside again.\n";
        return revokeIn(m, key);
    }
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
    try {
        auto m = ipfacts::manifest::loadManifest(config.empty() ? installedManifestOrThrow() : config);
        if (!state_dir.empty())
            m.state_dir = ipfacts::manifest::resolvePath(std::filesystem::current_path(), state_dir);
        becomeStateOwner(m.state_dir);
        std::filesystem::create_directories(m.state_dir);
        // Before the store opens: on a full disk even opening it may need room.
        if (verb == "revoke") return key.empty() ? usage() : revokeOnFullDisk(m, key);
        auto keys_owner = ipfacts::store::openAccountStore(m);  // store.backend: the SQLite file or PostgreSQL
        ipfacts::store::setDiskReserveAside(m);                 // again, once space was freed
        auto& keys = *keys_owner;
        if (verb == "add") {
            if (account.empty()) return usage();
            const auto secret = ipfacts::store::ServerSecret::loadOrCreate(m.state_dir);
            const std::string id =
                keys.accountFor(ipfacts::store::emailHash(secret, account), static_cast<int64_t>(std::time(nullptr)));
            std::string fresh = ipfacts::store::newApiKey();
            keys.add(ipfacts::store::sha256Hex(fresh), id);
            std::cerr << "ipfacts: key issued to account " << id << "\n";
            std::cout << fresh << "\n";
            return 0;
        }
        if (verb == "list") {
            listKeys(keys);
            return 0;
        }
    } catch (const std::exception& e) {
        std::cerr << "ipfacts: " << e.what() << "\n";
        return 1;
    }
    return usage();
}
