# Runs at install time (cmake --install, cpack): writes what depends on where the
# files land, from the prefix of this install, not of the configure, so one build
# tree installs as well into a scratch prefix (tests/install) as into /usr (the .deb).
#
# The rule is GNUInstallDirs', the one host/install/InstallLayout.cpp applies when
# ipfactsd looks for its manifest: sysconfdir and localstatedir are /etc and /var
# for the prefixes / and /usr, /etc/opt/X and /var/opt/X for /opt/X, else under
# the prefix. Then:
#   <sysconfdir>/ipfacts/            etc/ of the source tree: the manifest and its files
#   <localstatedir>/lib/ipfacts/     state_dir (SQLite store; systemd's StateDirectory)
#   <localstatedir>/lib/ipfacts/data the fetched data (ipfacts-fetch-data)
#   <libdir>/ipfacts/plugins         plugin_dir
#   <unitdir>/ipfactsd.service       /lib/systemd/system for /usr, else <prefix>/lib/systemd/system
#
# Set by packaging/CMakeLists.txt: IPFACTS_SOURCE_DIR, IPFACTS_WORK_DIR and the
# configured relative folders IPFACTS_{BINDIR,SBINDIR,LIBDIR,LIBEXECDIR,DATADIR,DOCDIR,
# SYSCONFDIR,LOCALSTATEDIR}.

function(ipfacts_system_dir prefix relative out)
  if(IS_ABSOLUTE "${relative}")
    set(${out} "${relative}" PARENT_SCOPE)
  elseif(prefix STREQUAL "/" OR prefix STREQUAL "/usr")
    set(${out} "/${relative}" PARENT_SCOPE)
  elseif(prefix MATCHES "^/opt/")
    set(${out} "/${relative}${prefix}" PARENT_SCOPE)
  else()
    set(${out} "${prefix}/${relative}" PARENT_SCOPE)
  endif()
endfunction()

function(ipfacts_prefix_dir prefix relative out)
  if(IS_ABSOLUTE "${relative}")
    set(${out} "${relative}" PARENT_SCOPE)
  else()
    set(${out} "${prefix}/${relative}" PARENT_SCOPE)
  endif()
endfunction()

# Replaces `from` by `to` in `text_var`; fails the install when `from` is not
# there (etc/ipfacts.yaml changed under this rewrite).
function(ipfacts_manifest_setting text_var from to)
  string(FIND "${${text_var}}" "${from}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "packaging/InstallLayout.cmake: etc/ipfacts.yaml no longer has '${from}': update the installed defaults")
  endif()
  string(REPLACE "${from}" "${to}" replaced "${${text_var}}")
  set(${text_var} "${replaced}" PARENT_SCOPE)
endfunction()

# The installed manifest: etc/ipfacts.yaml with its paths into the source tree
# (../build/plugins, ../var/data/..., ../var) pointed at the installed layout,
# and two settings of a source tree that nothing installed provides:
#   - the blocklists' resolver on 127.0.0.1:5335 (tools/run starts that unbound):
#     installed, the system's resolver (servers: system), which works wherever
#     the machine resolves names; a list that refuses it says so in its answer
#   - mailer: log (sign-in links in the journal, development only): installed,
#     the local MTA on 127.0.0.1:25, the one a Debian machine delivers through
# A `../` left over means someone added a path this does not know: fail the install.
function(ipfacts_installed_manifest source out)
  file(READ "${source}" text)
  string(REPLACE "../build/plugins" "${plugin_dir}" text "${text}")
  string(REPLACE "../var/data/" "${data_dir}/" text "${text}")
  string(REGEX REPLACE "(state_dir:[ \t]*)\\.\\./var([ \t\r\n#])" "\\1${state_dir}\\2" text "${text}")
  string(REPLACE "build/host/ipfactsd --check-config etc/ipfacts.yaml"
                 "${sbin_dir}/ipfactsd --check-config ${conf_dir}/ipfacts.yaml" text "${text}")
  string(REGEX MATCHALL "\n[^#\n]*\\.\\./[^\n]*" left "${text}")
  if(left)
    message(FATAL_ERROR "packaging/InstallLayout.cmake: ${source} has paths into the source tree it does not know how to install:${left}")
  endif()
  ipfacts_manifest_setting(text "    blocklists: { servers: [\"127.0.0.1:5335\"],"
    "    # Installed: the system's resolver (/etc/resolv.conf); no unbound comes with the package.
    # For lists that refuse public resolvers, run a recursive one (apt install unbound,
    # docs/operations.md \"Installing\") and name it here: servers: [\"127.0.0.1:53\"].
    blocklists: { servers: system,")
  ipfacts_manifest_setting(text "  mailer: log\n"
    "  # Installed: sign-in links go out through the local MTA (Recommends: default-mta).
  # Set sender and link_base_url to this service's public name before opening /api-keys.
  mailer: smtp
  smtp: { host: 127.0.0.1, port: 25, starttls: false, sender: ipfacts@localhost }\n")
  file(WRITE "${out}" "# Installed for the prefix ${CMAKE_INSTALL_PREFIX} (packaging/InstallLayout.cmake): paths
# into the source tree now point at ${plugin_dir},
# ${state_dir} (state_dir, --state-dir overrides) and ${data_dir}
# (ipfacts-fetch-data). Local changes survive package upgrades (a conffile).
${text}")
endfunction()

set(prefix "${CMAKE_INSTALL_PREFIX}")
if(prefix MATCHES ".+/$")
  string(REGEX REPLACE "/+$" "" prefix "${prefix}")
endif()
ipfacts_system_dir("${prefix}" "${IPFACTS_SYSCONFDIR}" sysconf_dir)
ipfacts_system_dir("${prefix}" "${IPFACTS_LOCALSTATEDIR}" localstate_dir)
ipfacts_prefix_dir("${prefix}" "${IPFACTS_SBINDIR}" sbin_dir)
ipfacts_prefix_dir("${prefix}" "${IPFACTS_LIBDIR}" lib_dir)
ipfacts_prefix_dir("${prefix}" "${IPFACTS_LIBEXECDIR}" libexec_dir)
ipfacts_prefix_dir("${prefix}" "${IPFACTS_DATADIR}" share_dir)
ipfacts_prefix_dir("${prefix}" "${IPFACTS_DOCDIR}" doc_dir)
set(conf_dir "${sysconf_dir}/ipfacts")
set(state_dir "${localstate_dir}/lib/ipfacts")
set(data_dir "${state_dir}/data")
set(plugin_dir "${lib_dir}/ipfacts/plugins")
if(prefix STREQUAL "/usr")
  set(unit_dir "/lib/systemd/system")   # Debian 12's place for packaged units
else()
  set(unit_dir "${prefix}/lib/systemd/system")
endif()

# Written per destination: two installs at once (the tests) never share a file.
string(MD5 tag "$ENV{DESTDIR}${prefix}")
set(work "${IPFACTS_WORK_DIR}/${tag}")
file(REMOVE_RECURSE "${work}")

# etc/ as the defaults, the manifest rewritten.
file(INSTALL "${IPFACTS_SOURCE_DIR}/etc/" DESTINATION "${conf_dir}"
     PATTERN "ipfacts.yaml" EXCLUDE)
ipfacts_installed_manifest("${IPFACTS_SOURCE_DIR}/etc/ipfacts.yaml" "${work}/ipfacts.yaml")
file(INSTALL "${work}/ipfacts.yaml" DESTINATION "${conf_dir}")

# The unit, for this layout.
set(IPFACTSD "${sbin_dir}/ipfactsd")
set(MANIFEST "${conf_dir}/ipfacts.yaml")
set(DOCDIR "${doc_dir}")
configure_file("${IPFACTS_SOURCE_DIR}/packaging/systemd/ipfactsd.service.in" "${work}/ipfactsd.service" @ONLY)
file(INSTALL "${work}/ipfactsd.service" DESTINATION "${unit_dir}")

# ipfacts-fetch-data: tools/fetch-data with the installed sources and data folder.
set(FETCH_DATA "${libexec_dir}/ipfacts/fetch-data")
set(SOURCES_DIR "${share_dir}/ipfacts/data")
set(DATA_DIR "${data_dir}")
configure_file("${IPFACTS_SOURCE_DIR}/packaging/ipfacts-fetch-data.in" "${work}/ipfacts-fetch-data" @ONLY)
file(INSTALL "${work}/ipfacts-fetch-data" DESTINATION "${sbin_dir}"
     FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
