# The layers proved by ctest (docs/architecture.md, "How the build enforces it"): for each layer but
# the top, one probe file includes a header of the layer above it and is compiled against the layer's
# library (its include root and flags, as its own code is), and the compiler must refuse it as a file
# it cannot find; a second probe includes a header of the layer itself and must compile, so that the
# refusal is the layer's root at work and not a build that fails for any reason. Each probe is a
# target outside "all", which its test builds; the tests take turns in the build tree (one lock).
list(LENGTH CORE_LAYERS layer_count)
math(EXPR below_top "${layer_count} - 2")
foreach(index RANGE 0 ${below_top})
  list(GET CORE_LAYERS ${index} layer)
  math(EXPR up "${index} + 1")
  list(GET CORE_LAYERS ${up} above)
  file(GLOB_RECURSE own RELATIVE ${CMAKE_SOURCE_DIR}/core CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/core/${layer}/*.hpp)
  file(GLOB_RECURSE upper RELATIVE ${CMAKE_SOURCE_DIR}/core CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/core/${above}/*.hpp)
  list(SORT own)
  list(SORT upper)
  list(GET own 0 own_header)
  list(GET upper 0 upper_header)
  foreach(probe own upward)
    set(header ${own_header})
    if(probe STREQUAL "upward")
      set(header ${upper_header})
    endif()
    set(source ${CMAKE_BINARY_DIR}/layer-probes/${layer}-${probe}.cpp)
    file(GENERATE OUTPUT ${source} CONTENT "// A probe of core/${layer}/'s include root (cmake/layer-probes.cmake).\n#include \"${header}\"\n")
    add_library(attn_probe_${layer}_${probe} OBJECT EXCLUDE_FROM_ALL ${source})
    target_link_libraries(attn_probe_${layer}_${probe} PRIVATE attn_${layer})
  endforeach()
  # Names without spaces: CMake before 3.19 (policy CMP0110) refuses them in add_test.
  set(refused "layers:${layer}-cannot-include-${above}-the-layer-above")
  set(compiles "layers:${layer}-compiles-with-its-own-headers")
  add_test(NAME ${refused} COMMAND ${CMAKE_COMMAND} --build ${CMAKE_BINARY_DIR} --target attn_probe_${layer}_upward)
  add_test(NAME ${compiles} COMMAND ${CMAKE_COMMAND} --build ${CMAKE_BINARY_DIR} --target attn_probe_${layer}_own)
  # Refused by the compiler as a missing file (g++ and clang word it differently), never compiled.
  set_tests_properties(${refused} PROPERTIES RESOURCE_LOCK attn_build_tree
                       PASS_REGULAR_EXPRESSION "No such file or directory;file not found")
  set_tests_properties(${compiles} PROPERTIES RESOURCE_LOCK attn_build_tree)
endforeach()
