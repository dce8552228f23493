# Building AArch64 guest programs with clang and lld, and turning them into NRO files and ExeFS
# folders with nxhost's own writers. Reference builds of the same sources as static aarch64
# Linux programs run under qemu-aarch64 for the differential tests.

find_program(NX_GUEST_CLANG NAMES clang clang-14 REQUIRED)
find_program(NX_GUEST_LLD NAMES ld.lld ld.lld-14 REQUIRED)
find_program(NX_QEMU_AARCH64 NAMES qemu-aarch64 qemu-aarch64-static REQUIRED)
set(NX_PICOLIBC_DIR /usr/lib/picolibc/aarch64-linux-gnu)
if(NOT EXISTS ${NX_PICOLIBC_DIR}/lib/libc.a)
  message(FATAL_ERROR "picolibc for aarch64 is missing: run scripts/setup")
endif()
file(GLOB NX_GUEST_LIBGCC /usr/lib/gcc-cross/aarch64-linux-gnu/*/libgcc.a)
if(NOT NX_GUEST_LIBGCC)
  message(FATAL_ERROR "libgcc for aarch64 is missing: run scripts/setup")
endif()
list(GET NX_GUEST_LIBGCC 0 NX_GUEST_LIBGCC)

# The Switch 2's CPU is a Cortex-A78C (ARMv8.2: LSE atomics, FP16, dot product, RCpc).
set(NX_GUEST_CPU_FLAGS --target=aarch64-none-elf -mcpu=cortex-a78c)
set(NX_GUEST_COMMON_FLAGS -O2 -g -ffunction-sections -fdata-sections -Wall -Wextra -Werror
    -I${PROJECT_SOURCE_DIR}/guest/testlib)
set(NX_GUEST_CFLAGS ${NX_GUEST_CPU_FLAGS} ${NX_GUEST_COMMON_FLAGS} -fPIE -ftls-model=local-exec
    -nostdlibinc -isystem ${NX_PICOLIBC_DIR}/include -I${PROJECT_SOURCE_DIR}/guest/runtime)
set(NX_REFERENCE_CFLAGS --target=aarch64-linux-gnu -mcpu=cortex-a78c ${NX_GUEST_COMMON_FLAGS})
set(NX_GUEST_LAUNCHER ${CMAKE_C_COMPILER_LAUNCHER})

# nx_guest_compile(OUT_VAR FLAGS_VAR OBJECT_DIR SOURCES...): object files, with header deps.
function(nx_guest_compile out_var flags_var object_dir)
  set(objects)
  foreach(source ${ARGN})
    get_filename_component(source ${source} ABSOLUTE)
    file(RELATIVE_PATH relative ${PROJECT_SOURCE_DIR} ${source})
    set(object ${object_dir}/${relative}.o)
    add_custom_command(
      OUTPUT ${object}
      COMMAND ${NX_GUEST_LAUNCHER} ${NX_GUEST_CLANG} ${${flags_var}} -MD -MF ${object}.d
              -c ${source} -o ${object}
      DEPENDS ${source}
      DEPFILE ${object}.d
      COMMENT "Compiling guest ${relative}"
      VERBATIM)
    list(APPEND objects ${object})
  endforeach()
  set(${out_var} ${objects} PARENT_SCOPE)
endfunction()

set(NX_GUEST_RUNTIME_SOURCES
    ${PROJECT_SOURCE_DIR}/guest/runtime/crt0.S
    ${PROJECT_SOURCE_DIR}/guest/runtime/exception.S
    ${PROJECT_SOURCE_DIR}/guest/runtime/exception.c
    ${PROJECT_SOURCE_DIR}/guest/runtime/svc.S
    ${PROJECT_SOURCE_DIR}/guest/runtime/runtime.c
    ${PROJECT_SOURCE_DIR}/guest/runtime/thread.c
    ${PROJECT_SOURCE_DIR}/guest/runtime/ipc.c)

# nx_add_guest_program(NAME SOURCES... [REFERENCE] [ROMFS FOLDER]): NAME.elf, NAME.nro (with
# FOLDER as its RomFS) and NAME.exefs/ in the current binary folder; with REFERENCE also
# NAME.linux, the same sources as a static aarch64 Linux program (sources then use
# guest/testlib's platform layer instead of the runtime).
function(nx_add_guest_program name)
  cmake_parse_arguments(ARG "REFERENCE" "ROMFS" "SOURCES;REFERENCE_SOURCES;GUEST_SOURCES" ${ARGN})
  set(dir ${CMAKE_CURRENT_BINARY_DIR}/${name}.objects)
  nx_guest_compile(guest_objects NX_GUEST_CFLAGS ${dir}/guest
                   ${NX_GUEST_RUNTIME_SOURCES} ${ARG_SOURCES} ${ARG_GUEST_SOURCES})
  set(elf ${CMAKE_CURRENT_BINARY_DIR}/${name}.elf)
  set(script ${PROJECT_SOURCE_DIR}/guest/runtime/guest.ld)
  add_custom_command(
    OUTPUT ${elf}
    COMMAND ${NX_GUEST_LLD} -pie --no-dynamic-linker -z text --gc-sections --build-id=sha1
            -z max-page-size=0x1000 -T ${script} -o ${elf} ${guest_objects}
            ${NX_PICOLIBC_DIR}/lib/libc.a ${NX_GUEST_LIBGCC}
    DEPENDS ${guest_objects} ${script}
    COMMENT "Linking guest ${name}.elf"
    VERBATIM)
  set(nro ${CMAKE_CURRENT_BINARY_DIR}/${name}.nro)
  set(exefs ${CMAKE_CURRENT_BINARY_DIR}/${name}.exefs)
  set(romfs_flags)
  set(romfs_files)
  if(ARG_ROMFS)
    get_filename_component(romfs_dir ${ARG_ROMFS} ABSOLUTE)
    set(romfs_flags --romfs ${romfs_dir})
    file(GLOB_RECURSE romfs_files CONFIGURE_DEPENDS ${romfs_dir}/*)
  endif()
  add_custom_command(
    OUTPUT ${nro} ${exefs}/main ${exefs}/main.npdm
    COMMAND nxhost elf2nro ${elf} ${nro} ${romfs_flags}
    COMMAND nxhost elf2exefs ${elf} ${exefs} --name ${name}
    DEPENDS ${elf} nxhost ${romfs_files}
    COMMENT "Packing guest ${name}.nro and ${name}.exefs"
    VERBATIM)
  set(outputs ${nro} ${exefs}/main)
  if(ARG_REFERENCE)
    nx_guest_compile(reference_objects NX_REFERENCE_CFLAGS ${dir}/reference
                     ${ARG_SOURCES} ${ARG_REFERENCE_SOURCES})
    set(linux ${CMAKE_CURRENT_BINARY_DIR}/${name}.linux)
    add_custom_command(
      OUTPUT ${linux}
      COMMAND ${NX_GUEST_CLANG} --target=aarch64-linux-gnu -static -fuse-ld=lld
              ${reference_objects} -o ${linux}
      DEPENDS ${reference_objects}
      COMMENT "Linking reference ${name}.linux"
      VERBATIM)
    list(APPEND outputs ${linux})
  endif()
  add_custom_target(guest_${name} ALL DEPENDS ${outputs})
endfunction()
