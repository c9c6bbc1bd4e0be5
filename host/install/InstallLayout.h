// InstallLayout: where an installed ipfactsd finds its manifest when it is given
// no --config. The rule is GNUInstallDirs' (cmake --install, the .deb): the
// binary sits in <prefix>/<sbindir>; the manifest in <sysconfdir>/ipfacts/,
// where sysconfdir is /etc for the prefixes / and /usr, /etc/opt/X for /opt/X,
// and <prefix>/<sysconfdir> otherwise. The prefix is read from the binary's own
// path at run time, not compiled in, so one build serves `cmake --install
// --prefix DIR` and the package (prefix /usr) alike; packaging/InstallLayout.cmake
// applies the same rule when it writes the installed manifest.
#pragma once

#include <filesystem>
#include <optional>

namespace ipfacts::install {

/// The manifest an ipfactsd at `executable` reads by default, given the layout's
/// sbindir and sysconfdir (relative to the prefix, or absolute) as configured.
/// nullopt when `executable` is not in <prefix>/<sbindir> (a build tree).
std::optional<std::filesystem::path> installedManifest(const std::filesystem::path& executable,
                                                       const std::filesystem::path& sbindir,
                                                       const std::filesystem::path& sysconfdir);

/// The sysconfdir of `prefix` by GNUInstallDirs' rule (see above).
std::filesystem::path sysconfDirOf(const std::filesystem::path& prefix, const std::filesystem::path& sysconfdir);

/// installedManifest() for this process (/proc/self/exe) and the layout it was
/// configured with (IPFACTS_INSTALL_SBINDIR, IPFACTS_INSTALL_SYSCONFDIR).
std::optional<std::filesystem::path> defaultManifest();

/// The same for the admin command `ipfacts`, which is installed in <bindir>
/// (IPFACTS_INSTALL_BINDIR) and reads the manifest the installed ipfactsd reads.
std::optional<std::filesystem::path> defaultAdminManifest();

}  // namespace ipfacts::install
