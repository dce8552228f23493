cmake_minimum_required(VERSION 3.25)
# Writes OUTPUT, a header defining NXHOST_VERSION: `git describe` of SOURCE_DIR when it is a git
# checkout, else FALLBACK (the project's version). Run at every build, so a commit shows without
# reconfiguring; the header is rewritten only when the version changed, so nothing else rebuilds.
execute_process(COMMAND git -C ${SOURCE_DIR} describe --always --dirty --tags
                OUTPUT_VARIABLE version OUTPUT_STRIP_TRAILING_WHITESPACE
                RESULT_VARIABLE status ERROR_QUIET)
if(NOT status EQUAL 0 OR version STREQUAL "")
  set(version ${FALLBACK})
endif()
file(CONFIGURE OUTPUT ${OUTPUT} CONTENT "#pragma once\n#define NXHOST_VERSION \"@version@\"\n" @ONLY)
