# What `cmake --install` puts under the prefix, and the Debian package CPack
# builds from it (scripts/package). Translations are not installed: they are
# compiled into the programs as Qt resources (app/CMakeLists.txt); only Qt's
# own qtbase_<lang>.qm comes from the system (qt6-translations-l10n).
include(GNUInstallDirs)
set(pkg ${PROJECT_SOURCE_DIR}/resources/package)
set(gen ${PROJECT_BINARY_DIR}/package)

install(TARGETS irqscope irqscope-cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${pkg}/irqscope.desktop DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
install(FILES ${PROJECT_SOURCE_DIR}/resources/icons/irqscope.svg
        DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)
install(FILES ${pkg}/irqscope-mime.xml DESTINATION ${CMAKE_INSTALL_DATADIR}/mime/packages RENAME irqscope.xml)
configure_file(${pkg}/irqscope.metainfo.xml ${gen}/org.irqscope.IRQScope.metainfo.xml @ONLY)
install(FILES ${gen}/org.irqscope.IRQScope.metainfo.xml DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)
install(FILES ${pkg}/irqscope-cli.bash DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
        RENAME irqscope-cli)

# Man pages and the Debian changelog, compressed as Debian policy asks
# (gzip -9n: no name or time stamp, so the package is reproducible).
find_program(GZIP_PROGRAM gzip REQUIRED)
set(gzipped)
foreach(src IN ITEMS irqscope.1 irqscope-cli.1 changelog.Debian)
  configure_file(${pkg}/${src} ${gen}/${src} @ONLY)
  add_custom_command(OUTPUT ${gen}/${src}.gz
                     COMMAND ${GZIP_PROGRAM} -9nf -k ${gen}/${src}
                     DEPENDS ${gen}/${src} VERBATIM)
  list(APPEND gzipped ${gen}/${src}.gz)
endforeach()
add_custom_target(irqscope_package_files ALL DEPENDS ${gzipped})
install(FILES ${gen}/irqscope.1.gz ${gen}/irqscope-cli.1.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${pkg}/copyright DESTINATION ${CMAKE_INSTALL_DOCDIR})
# a native package (version without a Debian revision) names it changelog.gz
install(FILES ${gen}/changelog.Debian.gz DESTINATION ${CMAKE_INSTALL_DOCDIR} RENAME changelog.gz)
install(FILES ${PROJECT_SOURCE_DIR}/README.md ${PROJECT_SOURCE_DIR}/docs/sweeps.md
              ${PROJECT_SOURCE_DIR}/docs/user-guide.md ${PROJECT_SOURCE_DIR}/docs/real-traces.md
        DESTINATION ${CMAKE_INSTALL_DOCDIR})

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME irqscope)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "explorer of simulated Linux interrupt handling")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT) # irqscope_<version>_<arch>.deb
set(CPACK_DEBIAN_PACKAGE_MAINTAINER
    "IRQ Scope maintainers <maintainers@users.noreply.a-seed-dadda4d2.example>")
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
# The synopsis is CPACK_PACKAGE_DESCRIPTION_SUMMARY; CPack indents these
# lines by one space ("." is the empty line).
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "IRQ Scope simulates a multi-CPU Linux machine handling interrupts (hardirq,
softirq and tasklets, threaded IRQs, workqueues, the scheduler, an ARM GIC and
devices) and draws what every CPU executed. Change a parameter, run again,
compare; read real ftrace captures into the same views; follow guided lessons.
.
irqscope is the window; irqscope-cli runs, sweeps (on several machines with
--shard and merge) and imports from the command line.")
# Library dependencies come from dpkg-shlibdeps (dpkg-dev); the rest by name.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "qt6-translations-l10n")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "parallel")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION TRUE)
include(CPack)
