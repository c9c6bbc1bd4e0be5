#include "host/install/InstallLayout.h"

#include <system_error>
#include <vector>

#ifndef IPFACTS_INSTALL_SBINDIR
#define IPFACTS_INSTALL_SBINDIR "sbin"
#endif
#ifndef IPFACTS_INSTALL_BINDIR
#define IPFACTS_INSTALL_BINDIR "bin"
#endif
#ifndef IPFACTS_INSTALL_SYSCONFDIR
#define IPFACTS_INSTALL_SYSCONFDIR "etc"
#endif

namespace fs = std::filesystem;

namespace ipfacts::install {

fs::path sysconfDirOf(const fs::path& prefix, const fs::path& sysconfdir) {
    if (sysconfdir.is_absolute()) return sysconfdir;
    const fs::path p = prefix.lexically_normal();
    if (sysconfdir == "etc") {
        if (p == "/" || p == "/usr") return "/etc";
        auto first = p.begin();
        if (first != p.end() && ++first != p.end() && *first == "opt") return fs::path("/etc") / p.relative_path();
    }
    return p / sysconfdir;
}

std::optional<fs::path> installedManifest(const fs::path& executable, const fs::path& sbindir,
                                          const fs::path& sysconfdir) {
    fs::path dir = executable.lexically_normal().parent_path();
    if (sbindir.is_absolute()) {
        if (dir != sbindir.lexically_normal()) return std::nullopt;
        // An absolute sbindir says nothing of the prefix: only an absolute sysconfdir can follow.
        if (!sysconfdir.is_absolute()) return std::nullopt;
        return sysconfdir / "ipfacts" / "ipfacts.yaml";
    }
    // Walk sbindir's components back up from the binary's folder: what is left is the prefix.
    const fs::path relative = sbindir.lexically_normal();
    std::vector<fs::path> parts(relative.begin(), relative.end());
    for (auto it = parts.rbegin(); it != parts.rend(); ++it) {
        if (it->empty()) continue;  // a trailing "/"
        if (dir.filename() != *it) return std::nullopt;
        dir = dir.parent_path();
    }
    return sysconfDirOf(dir, sysconfdir) / "ipfacts" / "ipfacts.yaml";
}

namespace {

std::optional<fs::path> manifestOfThisProgram(const fs::path& programdir) {
    std::error_code ec;
    fs::path self = fs::read_symlink("/proc/self/exe", ec);
    if (ec) return std::nullopt;
    return installedManifest(self, programdir, IPFACTS_INSTALL_SYSCONFDIR);
}

}  // namespace

std::optional<fs::path> defaultManifest() { return manifestOfThisProgram(IPFACTS_INSTALL_SBINDIR); }

std::optional<fs::path> defaultAdminManifest() { return manifestOfThisProgram(IPFACTS_INSTALL_BINDIR); }

}  // namespace ipfacts::install
