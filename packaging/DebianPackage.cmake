# The Debian packages, built by CPack from the install rules (docs/operations.md "Installing"):
#   ipfacts      the service: component `service`, installed for the prefix /usr
#                (/usr/sbin/ipfactsd, /etc/ipfacts/, /lib/systemd/system/ipfactsd.service)
#   ipfacts-sdk  the plugin SDK: component `sdk` (headers, the CMake package, the
#                fake host); depends on nothing of the service, installs none of it
# cpack --config build/CPackConfig.cmake -G DEB  (tests/install/deb.sh builds and installs them)
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME ipfacts)
set(CPACK_PACKAGE_VENDOR "ipfacts")
set(CPACK_PACKAGE_CONTACT "ipfacts maintainers <ipfacts@ipfacts.local>")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
# No CPACK_PACKAGE_DESCRIPTION_SUMMARY: each package's description below starts with its own synopsis.
# InstallLayout.cmake reads the install's prefix: install with DESTDIR into the
# staging tree and prefix /usr, so /etc and /lib/systemd stay absolute.
set(CPACK_SET_DESTDIR ON)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_COMPONENTS_ALL service sdk)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_COMPRESSION_TYPE gzip)   # fast to build in the tests; xz saves little here

set(CPACK_DEBIAN_SERVICE_PACKAGE_NAME ipfacts)
set(CPACK_DEBIAN_SERVICE_PACKAGE_SECTION net)
set(CPACK_DEBIAN_SERVICE_PACKAGE_SHLIBDEPS ON)
# Beyond the libraries: country names and time zones netdb reads at run time, the
# system's CA store (connect, http), libpsl's Public Suffix List (mail), useradd
# for the service's user (postinst).
set(CPACK_DEBIAN_SERVICE_PACKAGE_DEPENDS "iso-codes, tzdata, ca-certificates, publicsuffix, passwd")
# The installed manifest sends sign-in links through the local MTA on 127.0.0.1:25.
set(CPACK_DEBIAN_SERVICE_PACKAGE_RECOMMENDS "default-mta | mail-transport-agent")
# npm for ipfacts-fetch-data; unbound for a blocklists resolver of its own
# (the installed manifest asks the system's resolver: resolver.named.blocklists).
set(CPACK_DEBIAN_SERVICE_PACKAGE_SUGGESTS "npm, unbound")
set(CPACK_DEBIAN_SERVICE_DESCRIPTION "public HTTP API of facts about a caller's connection and named targets
ipfactsd answers callers with facts about their own connection (address,
location, network, headers, user agent) and about targets they name (DNS,
reverse names, TLS, mail records, blocklists, registration data).

This package holds the daemon, its plugins, the admin command, the systemd
unit and the default manifest in /etc/ipfacts.")

# Maintainer scripts and conffiles: every file installed under /etc/ipfacts is one.
set(deb_dir ${CMAKE_CURRENT_BINARY_DIR}/debian)
file(GLOB_RECURSE etc_files RELATIVE ${PROJECT_SOURCE_DIR}/etc CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/etc/*)
list(SORT etc_files)
list(TRANSFORM etc_files PREPEND /etc/ipfacts/)
list(JOIN etc_files "\n" conffiles)
file(WRITE ${deb_dir}/conffiles "${conffiles}\n")
foreach(script postinst prerm postrm)
  configure_file(${CMAKE_CURRENT_SOURCE_DIR}/debian/${script} ${deb_dir}/${script} COPYONLY)
endforeach()
set(CPACK_DEBIAN_SERVICE_PACKAGE_CONTROL_EXTRA
    "${deb_dir}/conffiles;${deb_dir}/postinst;${deb_dir}/prerm;${deb_dir}/postrm")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)

set(CPACK_DEBIAN_SDK_PACKAGE_NAME ipfacts-sdk)
set(CPACK_DEBIAN_SDK_PACKAGE_SECTION libdevel)
set(CPACK_DEBIAN_SDK_PACKAGE_ARCHITECTURE all)
set(CPACK_DEBIAN_SDK_DESCRIPTION "ipfacts plugin SDK: headers and CMake package
The C ABI (ipfacts/plugin.h), the header-only C++ glue and the fake host for
unit tests (ipfacts/testing/); find_package(ipfacts-sdk) builds a plugin
against it. It installs nothing of the service: a plugin is built here and
loaded by an ipfactsd elsewhere.")

include(CPack)
