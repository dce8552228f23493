# The set-up is two commands: `make run` and `make test` (see README.md).
PRESET ?= default
BUILD_DIR = $(if $(filter default,$(PRESET)),build,build-$(PRESET))
JOBS ?= $(shell nproc)
# ccache hits across clones and build folders (CI builds a fresh clone on this machine).
export CCACHE_BASEDIR := $(CURDIR)
export CCACHE_NOHASHDIR := true

.PHONY: setup configure build run test bench format fuzz tsan clean

setup:
	@scripts/setup

configure: setup
	@test -f $(BUILD_DIR)/build.ninja || cmake --preset $(PRESET)

build: configure
	cmake --build --preset $(PRESET) -j $(JOBS)

# The demo presents a test card through vi; a control script shoots it.
run: build
	@printf '0.25s shot $(BUILD_DIR)/hello-frame.png\n' > $(BUILD_DIR)/hello-shot.txt
	$(BUILD_DIR)/src/app/nxhost run --input $(BUILD_DIR)/hello-shot.txt $(BUILD_DIR)/guest/hello.nro
	@echo "make run: the demo's frame is in $(BUILD_DIR)/hello-frame.png"

test: build
	ctest --preset $(PRESET)

bench: build
	bench/cpu/run.sh $(BUILD_DIR)
	bench/nup/run.sh $(BUILD_DIR)
	bench/kernel/run.sh $(BUILD_DIR)

fuzz: setup
	@test -f build-fuzz/build.ninja || cmake --preset fuzz
	cmake --build --preset fuzz --target fuzz_targets -j $(JOBS)
	ctest --test-dir build-fuzz -L fuzz --output-on-failure

# The kernel's multi-core tests under ThreadSanitizer (build-tsan; nxhost only, not the whole
# tree). A build of its own, so not part of `make test`; TSan options are in the tsan test preset.
tsan: setup
	@test -f build-tsan/build.ninja || cmake --preset tsan
	cmake --build --preset tsan -j $(JOBS)
	ctest --preset tsan

format:
	git ls-files '*.cpp' '*.h' '*.c' | xargs clang-format -i

clean:
	rm -rf build build-debug build-fuzz build-tsan
