# ipfacts_plugin(<name> <sources...>): a plugin module lib<name>.so built
# against the installed SDK, exporting only ipfacts_plugin_v1.
function(ipfacts_plugin name)
  add_library(${name} MODULE ${ARGN})
  set_target_properties(${name} PROPERTIES PREFIX "lib"
    CXX_VISIBILITY_PRESET hidden VISIBILITY_INLINES_HIDDEN ON)
  target_link_libraries(${name} PRIVATE ipfacts::sdk)
  target_link_options(${name} PRIVATE -Wl,--no-undefined)
endfunction()

# ipfacts_plugin_openapi(<target> <json>): compiles <json> into the plugin as
# ipfacts::kOpenApiFragment, for the descriptor's openapi_fragment.
function(ipfacts_plugin_openapi target json)
  file(READ ${json} text)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${json})
  set(out ${CMAKE_CURRENT_BINARY_DIR}/${target}_openapi.cpp)
  file(CONFIGURE OUTPUT ${out} CONTENT
"namespace ipfacts {\nextern const char kOpenApiFragment[];\nconst char kOpenApiFragment[] = R\"IPFOPENAPI(@text@)IPFOPENAPI\";\n}\n" @ONLY)
  target_sources(${target} PRIVATE ${out})
endfunction()
