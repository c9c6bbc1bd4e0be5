# Build helpers shared by every folder.
include(GNUInstallDirs)

# ipfacts_add_plugin(<name> SOURCES <files...> [LIBS <libs...>] [OPENAPI <file>])
# Builds plugins/<name> as lib<name>.so into ${IPFACTS_PLUGIN_DIR}, against the
# SDK headers only (plugins never link the host). OPENAPI (default openapi.json
# beside the CMakeLists) is compiled in as ipfacts::kOpenApiFragment.
function(ipfacts_add_plugin name)
  cmake_parse_arguments(P "" "OPENAPI" "SOURCES;LIBS" ${ARGN})
  if(NOT P_OPENAPI)
    set(P_OPENAPI ${CMAKE_CURRENT_SOURCE_DIR}/openapi.json)
  endif()
  ipfacts_embed_openapi(${P_OPENAPI} ${CMAKE_CURRENT_BINARY_DIR}/${name}_openapi.cpp)
  add_library(plugin_${name} MODULE ${P_SOURCES} ${CMAKE_CURRENT_BINARY_DIR}/${name}_openapi.cpp)
  set_target_properties(plugin_${name} PROPERTIES
    OUTPUT_NAME ${name}
    PREFIX "lib"
    LIBRARY_OUTPUT_DIRECTORY ${IPFACTS_PLUGIN_DIR}
    CXX_VISIBILITY_PRESET hidden
    VISIBILITY_INLINES_HIDDEN ON)
  target_link_libraries(plugin_${name} PRIVATE ipfacts::sdk ${P_LIBS})
  target_link_options(plugin_${name} PRIVATE -Wl,--no-undefined)
  # The production families (plugins/) are installed; the test plugins (tests/plugins) are not.
  string(FIND "${CMAKE_CURRENT_SOURCE_DIR}/" "${PROJECT_SOURCE_DIR}/plugins/" at)
  if(at EQUAL 0)
    install(TARGETS plugin_${name} LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}/ipfacts/plugins COMPONENT service)
  endif()
endfunction()

# ipfacts_add_unit_test(<name> SOURCES <files...> [LIBS <libs...>])
# A CppUnit suite run by ctest; tests/unit/main.cpp supplies main().
function(ipfacts_add_unit_test name)
  cmake_parse_arguments(T "" "" "SOURCES;LIBS" ${ARGN})
  add_executable(test_${name} ${T_SOURCES} ${PROJECT_SOURCE_DIR}/tests/unit/main.cpp)
  target_link_libraries(test_${name} PRIVATE ${T_LIBS} PkgConfig::CPPUNIT)
  target_include_directories(test_${name} PRIVATE ${PROJECT_SOURCE_DIR})
  add_test(NAME unit.${name} COMMAND test_${name})
  set_tests_properties(unit.${name} PROPERTIES
    ENVIRONMENT "IPFACTS_SOURCE_DIR=${PROJECT_SOURCE_DIR};IPFACTS_BUILD_DIR=${CMAKE_BINARY_DIR}"
    TIMEOUT 120)
endfunction()

find_package(PkgConfig REQUIRED)
pkg_check_modules(CPPUNIT REQUIRED IMPORTED_TARGET cppunit)

# ipfacts_embed_text(<file> <out.cpp> <symbol>): defines the char array
# ipfacts::<symbol> holding the file's text; re-run when the file changes.
function(ipfacts_embed_text file out symbol)
  file(READ ${file} text)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${file})
  file(CONFIGURE OUTPUT ${out} CONTENT
"// Generated from ${file}; edit that file.\nnamespace ipfacts {\nextern const char @symbol@[];\nconst char @symbol@[] = R\"IPFEMBED(@text@)IPFEMBED\";\n}\n" @ONLY)
endfunction()

# ipfacts_embed_openapi(<json> <out.cpp>): the plugin's fragment as ipfacts::kOpenApiFragment.
function(ipfacts_embed_openapi json out)
  ipfacts_embed_text(${json} ${out} kOpenApiFragment)
endfunction()

# ipfacts_add_plugin_core(<name> SOURCES <files...> [LIBS <libs...>])
# A plugin's pure logic as a static library <name>, apart from the plugin so its
# unit tests link the same build; PIC and hidden visibility, since it ends up
# inside a plugin that must export nothing but its entry point. src/ is public.
function(ipfacts_add_plugin_core name)
  cmake_parse_arguments(C "" "" "SOURCES;LIBS" ${ARGN})
  add_library(${name} STATIC ${C_SOURCES})
  set_target_properties(${name} PROPERTIES
    POSITION_INDEPENDENT_CODE ON
    CXX_VISIBILITY_PRESET hidden
    VISIBILITY_INLINES_HIDDEN ON)
  target_include_directories(${name} PUBLIC ${CMAKE_CURRENT_SOURCE_DIR}/src)
  target_link_libraries(${name} PUBLIC ipfacts::sdk ${C_LIBS})
endfunction()
