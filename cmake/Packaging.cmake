# Installation layout and the Debian package (issue 5, section 3). Included by the top-level
# CMakeLists.txt after every target is defined.
#
#   cmake --install build --prefix /usr          (or DESTDIR=/tmp/stage cmake --install ...)
#   cmake --build build --target package         (or scripts/package.sh: a Release build + .deb)
#
# Layout, with prefix /usr:
#   /usr/bin/membersync, /usr/bin/membercenter-emulator
#   /usr/lib/systemd/system/membersync.service, membersync-sync.service, membersync-sync.timer,
#   membersync-console.service (and the templates @ of each)
#   /usr/lib/sysusers.d/membersync.conf, /usr/lib/tmpfiles.d/membersync.conf
#   /usr/share/man/man1/membersync.1.gz, membercenter-emulator.1.gz;
#   /usr/share/man/zh_CN/man1/membersync.1.gz (the Simplified Chinese membersync(1))
#   /usr/share/doc/membersync/README.md, README.zh-CN.md (its Chinese translation), docs/ (the
#     topics README.md links), emulator.md,
#     examples/ (membersync.ini: the template for /etc/membersync; membersync-demo.ini: every
#     key, for the emulator, and membersync-demo.zh_CN.ini, the same commented in Chinese;
#     policy.json, hr-export.csv)
#   /usr/share/membersync/emulator/demo.json (the emulator's demo fixture)
# Nothing goes to /etc: the administrator copies examples/membersync.ini there (docs/systemd.md,
# "Run it under systemd"), so no placeholder configuration is ever started and dpkg has no
# conffile to merge. The demo secrets (config/examples/secrets) are not installed anywhere.
include(GNUInstallDirs)

set(MEMBERSYNC_SYSTEMD_UNIT_DIR "lib/systemd/system" CACHE STRING
    "Where the systemd units are installed, relative to the prefix")
set(MEMBERSYNC_SYSUSERS_DIR "lib/sysusers.d" CACHE STRING
    "Where the sysusers.d file is installed, relative to the prefix")
set(MEMBERSYNC_TMPFILES_DIR "lib/tmpfiles.d" CACHE STRING
    "Where the tmpfiles.d file is installed, relative to the prefix")
set(MEMBERSYNC_PACKAGE_MAINTAINER "membersync maintainers <membersync@example.com>" CACHE STRING
    "The Maintainer field of the Debian package")

install(TARGETS membersync membercenter-emulator RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

# The units name /usr/bin/membersync, as installed by the package. For another prefix (a
# /usr/local install), the path is rewritten at install time, when the prefix is known.
set(_membersync_units
  ${PROJECT_SOURCE_DIR}/systemd/membersync.service
  ${PROJECT_SOURCE_DIR}/systemd/membersync-sync.service
  ${PROJECT_SOURCE_DIR}/systemd/membersync-sync.timer
  ${PROJECT_SOURCE_DIR}/systemd/membersync@.service
  ${PROJECT_SOURCE_DIR}/systemd/membersync-sync@.service
  ${PROJECT_SOURCE_DIR}/systemd/membersync-sync@.timer
  ${PROJECT_SOURCE_DIR}/systemd/membersync-console.service
  ${PROJECT_SOURCE_DIR}/systemd/membersync-console@.service)
install(CODE "
  set(_units \"${_membersync_units}\")
  set(_bindir \"${CMAKE_INSTALL_BINDIR}\")
  if(NOT IS_ABSOLUTE \"\${_bindir}\")
    set(_bindir \"\${CMAKE_INSTALL_PREFIX}/\${_bindir}\")
  endif()
  set(_unitdir \"${MEMBERSYNC_SYSTEMD_UNIT_DIR}\")
  if(NOT IS_ABSOLUTE \"\${_unitdir}\")
    set(_unitdir \"\${CMAKE_INSTALL_PREFIX}/\${_unitdir}\")
  endif()
  set(_work \"${PROJECT_BINARY_DIR}/systemd-units\")
  file(MAKE_DIRECTORY \"\${_work}\")
  foreach(_unit IN LISTS _units)
    get_filename_component(_name \"\${_unit}\" NAME)
    file(READ \"\${_unit}\" _text)
    string(REPLACE \"/usr/bin/membersync\" \"\${_bindir}/membersync\" _text \"\${_text}\")
    file(WRITE \"\${_work}/\${_name}\" \"\${_text}\")
    file(INSTALL DESTINATION \"\${_unitdir}\" TYPE FILE
         PERMISSIONS OWNER_READ OWNER_WRITE GROUP_READ WORLD_READ
         FILES \"\${_work}/\${_name}\")
  endforeach()
")
install(FILES systemd/membersync.sysusers DESTINATION ${MEMBERSYNC_SYSUSERS_DIR}
        RENAME membersync.conf)
install(FILES systemd/membersync.tmpfiles DESTINATION ${MEMBERSYNC_TMPFILES_DIR}
        RENAME membersync.conf)

# membersync(1) and membercenter-emulator(1), compressed as Debian installs man pages; the
# translations (docs/<language>/) go under man/<language>/man1, where man finds them by locale.
set(_membersync_man_pages)
set(_membersync_man_pages_zh_CN)
foreach(_page membersync.1 membercenter-emulator.1 zh_CN/membersync.1)
  set(_gz ${PROJECT_BINARY_DIR}/man/${_page}.gz)
  get_filename_component(_gz_dir ${_gz} DIRECTORY)
  add_custom_command(
    OUTPUT ${_gz}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${_gz_dir}
    COMMAND sh -c "gzip -9 -n -c '${PROJECT_SOURCE_DIR}/docs/${_page}' > '${_gz}'"
    DEPENDS ${PROJECT_SOURCE_DIR}/docs/${_page}
    COMMENT "Compressing ${_page}"
    VERBATIM)
  if(_page MATCHES "^zh_CN/")
    list(APPEND _membersync_man_pages_zh_CN ${_gz})
  else()
    list(APPEND _membersync_man_pages ${_gz})
  endif()
endforeach()
add_custom_target(membersync_man ALL
  DEPENDS ${_membersync_man_pages} ${_membersync_man_pages_zh_CN})
install(FILES ${_membersync_man_pages} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${_membersync_man_pages_zh_CN} DESTINATION ${CMAKE_INSTALL_MANDIR}/zh_CN/man1)

# The Debian copyright file (the Apache-2.0 licence, LICENSE) and the changelog, compressed as
# Debian installs it: lintian, run by the packaging tests, requires both.
set(_membersync_changelog ${PROJECT_BINARY_DIR}/debian/changelog.gz)
add_custom_command(
  OUTPUT ${_membersync_changelog}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${PROJECT_BINARY_DIR}/debian
  COMMAND sh -c "gzip -9 -n -c '${PROJECT_SOURCE_DIR}/packaging/debian/changelog' > '${_membersync_changelog}'"
  DEPENDS ${PROJECT_SOURCE_DIR}/packaging/debian/changelog
  COMMENT "Compressing the Debian changelog"
  VERBATIM)
add_custom_target(membersync_changelog ALL DEPENDS ${_membersync_changelog})
install(FILES packaging/debian/copyright ${_membersync_changelog} DESTINATION ${CMAKE_INSTALL_DOCDIR})

install(FILES packaging/bash-completion/membersync
        DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions)
install(FILES README.md README.zh-CN.md docs/status-json.md docs/explain-json.md
              docs/report-json.md docs/prometheus-alerts.yml DESTINATION ${CMAKE_INSTALL_DOCDIR})
# The topics README.md links to, beside it as in the source tree so that its links work
# (docs/status-json.md and the others above stay where membersync(1) names them too).
install(FILES docs/command-line.md docs/configuration.md docs/console.md docs/daemon.md
              docs/design.md docs/development.md docs/explain-json.md docs/hr-export.md
              docs/inspecting.md docs/passwords.md docs/performance.md docs/policy.md
              docs/report-json.md docs/reports.md docs/revert.md docs/source-dingtalk.md
              docs/source-feishu.md docs/source-gb18030.md docs/source-ldap.md
              docs/source-wecom.md docs/source-xlsx.md docs/status-json.md docs/sync.md
              docs/systemd.md docs/glossary.md docs/prometheus-alerts.yml
        DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs)
install(FILES docs/console/home.png docs/console/people.png docs/console/person.png
              docs/console/phone-home.png docs/console/pools.png docs/console/run-held.png
        DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs/console)
install(FILES tests/emulator/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR} RENAME emulator.md)
install(FILES packaging/membersync.ini config/examples/policy.json config/examples/hr-export.csv
              config/examples/ldap.ini config/examples/dingtalk.ini
              config/examples/wecom.ini config/examples/feishu.ini
        DESTINATION ${CMAKE_INSTALL_DOCDIR}/examples)
install(FILES config/examples/membersync.ini DESTINATION ${CMAKE_INSTALL_DOCDIR}/examples
        RENAME membersync-demo.ini)
# The same, its comments in Simplified Chinese (the settings are membersync.ini's: config_test).
install(FILES config/examples/membersync.zh_CN.ini DESTINATION ${CMAKE_INSTALL_DOCDIR}/examples
        RENAME membersync-demo.zh_CN.ini)
# The message catalogues (po/), compiled beside the build tree's membersync; an installed
# membersync finds them under /usr/share/locale (jobs/i18n).
foreach(_language ${MEMBERSYNC_LANGUAGES})
  install(FILES ${MEMBERSYNC_LOCALE_DIR}/${_language}/LC_MESSAGES/membersync.mo
          DESTINATION ${CMAKE_INSTALL_LOCALEDIR}/${_language}/LC_MESSAGES)
endforeach()
install(FILES tests/emulator/fixtures/demo.json
        DESTINATION ${CMAKE_INSTALL_DATADIR}/membersync/emulator)

# The Debian package: membersync_<version>_<arch>.deb.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME membersync)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "${MEMBERSYNC_PACKAGE_MAINTAINER}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "keeps a member center's accounts in step with an HR export")
set(CPACK_PACKAGE_DESCRIPTION
    "membersync reads the HR directory's nightly export (CSV or JSON), compares it\n\
with the members of the vendor's member center and makes the member center\n\
match: it adds, edits and removes members, hands out licence assets, lends\n\
hardware locks and enrols people in activities according to a policy file.\n\
Every run is journalled in a SQLite database. It runs as a systemd service\n\
(membersync.service) or a nightly timer (membersync-sync.timer). The package\n\
also holds membercenter-emulator, a local stand-in for the member center to\n\
try a configuration and policy against.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION admin)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
# The shared libraries' packages (libpoco*, libboost-program-options1.74.0,
# libboost-locale1.74.0, libcsv3,
# libsystemd0, libstdc++6, libc6) come from dpkg-shlibdeps on the installed binaries.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# systemd-sysusers and systemd-tmpfiles create the user and folders; without systemd the
# programs still work from the command line.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "systemd")
set(CPACK_DEBIAN_PACKAGE_CONTROL_EXTRA
  ${PROJECT_SOURCE_DIR}/packaging/debian/postinst
  ${PROJECT_SOURCE_DIR}/packaging/debian/prerm
  ${PROJECT_SOURCE_DIR}/packaging/debian/postrm)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(CPACK_SOURCE_GENERATOR TGZ)
set(CPACK_SOURCE_IGNORE_FILES "/\\\\.git/" "/build[^/]*/")
include(CPack)
