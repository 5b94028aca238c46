# tabula - plain Makefile.
#   make            build build/tabula (the command), build/libtabula.a and
#                   the shared build/libtabula.so (used by python/)
#   make test       build and run every test (cmocka, CLI, install, pytest)
#   make install    install into $(DESTDIR)$(PREFIX); make uninstall
#   make mpi        build/tabula-mpi: sim and analyze over MPI (needs mpicc)
#   make test-mpi   check that an MPI run's report equals a local one
#   make asan       the same tests under AddressSanitizer and UBSan
#   make fuzz       libFuzzer harnesses (clang, ASan, UBSan), FUZZ_SECONDS each
#   make bench      speed of every game: build/bench.json beside the
#                   baseline bench/baseline.json (BENCH_SECONDS per row)
#   make bench-clique  CPU time of Clique Mystique's fixed ISMCTS workload
#                   (issue 35), against BENCH_BASE binaries if given
#   make bench-chain  Mystique Chain solved over many deals (CHAIN_ARGS)
#   make bench-maze   Mystique Maze: the search's guesses of hidden hands
#   make bench-deviation  any game (GAME=ID): what a chooser's departures
#                   from the heuristic are worth, judged from the true state
#                   (DEV_ARGS; docs/bots.md, "Why the search cannot gain")
#   make bench-belief  any game (GAME=ID): how much of the others' hands
#                   the weighted worlds of ismcts infer=N place right
#                   (BELIEF_ARGS; docs/bots.md, "Weighted determinization")
#   make bench-maze-deviation  Mystique Maze: what the search's departures
#                   from the heuristic are worth (DEV_ARGS)
#   make test-web   the browser tests of `tabula serve` (Playwright driving
#                   Debian's Chromium; screenshots in $(BUILD)/web-shots)
#   make docs-shots every table photographed into docs/shots/ (README, game docs)
#   make bench-server  the load bench of `tabula serve` (docs/server.md)
#   make bench-server-attack  the same without, then with, attackers
#   make bench-tools   build the bench programs without running them
#   make deps       install the Debian packages the build needs (as root)
#   make clean
# BUILD=dir chooses the output folder; CFLAGS_EXTRA adds flags.

CC      ?= cc
BUILD   ?= build
PKGS    := jansson libedit cmocka
WARN    := -Wall -Wextra -Wshadow -Wconversion -Wstrict-prototypes -Werror
OPT     ?= -O2 -g
CFLAGS  := -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE $(OPT) $(WARN) \
           -Iinclude -Isrc/core -Isrc/ai -Isrc/cli $(CFLAGS_EXTRA)
LDLIBS  := -ljansson -ledit -lpthread -lm
TEST_LDLIBS := -lcmocka $(LDLIBS)
# `tabula serve` (src/server) and its tests also need libwebsockets, SQLite
# and libcrypto (OpenSSL, which libwebsockets links anyway: SHA-256).
SERVER_LDLIBS := -lwebsockets -lsqlite3 -lcrypto

LIB_SRC  := $(sort $(wildcard src/core/*.c) $(wildcard src/games/*.c) \
              $(wildcard src/games/*/*.c) $(wildcard src/ai/*.c))
CLI_SRC  := $(sort $(wildcard src/cli/*.c))
SERVER_SRC := $(sort $(wildcard src/server/*.c))
TEST_SRC := $(sort $(wildcard tests/test_*.c))
DOCS     := $(sort $(wildcard docs/games/*.md))
WEB      := $(sort $(wildcard src/server/web/*.*))
# The `net` bot's trained weights, compiled into the library (src/ai/net_bot.c).
NETS     := $(sort $(wildcard data/net/*.tbn))

LIB_OBJ  := $(LIB_SRC:%.c=$(BUILD)/%.o) $(BUILD)/gen/docs.o $(BUILD)/gen/nets.o
CLI_OBJ  := $(CLI_SRC:%.c=$(BUILD)/%.o)
SERVER_OBJ := $(SERVER_SRC:%.c=$(BUILD)/%.o) $(BUILD)/gen/web.o
TESTS    := $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)
TEST_SUPPORT := $(BUILD)/tests/support.o

# The fuzz harnesses (tests/fuzz/HARNESS.c).  Each is built with the plain
# driver by $(CC) for `make test`, which runs the inputs kept in
# tests/fuzz/regressions/HARNESS/, and with libFuzzer by clang for `make fuzz`.
FUZZ_HARNESSES := record play
FUZZ_DRIVERS := $(FUZZ_HARNESSES:%=$(BUILD)/tests/fuzz-%)
FUZZ_DEPS := tests/fuzz/fuzz.c tests/fuzz/fuzz.h tests/fuzz/play.h
FUZZ_CC ?= clang
FUZZ_SECONDS ?= 60

# clang and libclang-rt-14-dev (libFuzzer's runtime) are for `make fuzz`.
DEBIAN_PKGS := build-essential pkg-config libcmocka-dev libjansson-dev libedit-dev \
               python3 python3-pytest python3-numpy python3-venv python3-pip python3-setuptools python3-wheel libopenmpi-dev openmpi-bin groff-base man-db \
               bsdextrautils clang libclang-rt-14-dev \
               libwebsockets-dev libsqlite3-dev libssl-dev chromium

.PHONY: all test asan fuzz fuzzers bench bench-baseline bench-clique bench-chain bench-maze bench-maze-deviation bench-deviation bench-belief bench-city-tables bench-mysterium-floor bench-tools clean deps \
        mysterium-content mysterium-content-check test-web docs-shots bench-server bench-server-attack
all: $(BUILD)/tabula $(BUILD)/libtabula.so

$(BUILD)/%.o: %.c $(wildcard include/*.h src/*/*.h src/games/*/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

$(BUILD)/tools/embed: tools/embed.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $< -o $@

$(BUILD)/gen/docs.c: $(DOCS) $(BUILD)/tools/embed
	@mkdir -p $(dir $@)
	$(BUILD)/tools/embed $@ $(DOCS)

$(BUILD)/gen/docs.o: $(BUILD)/gen/docs.c
	$(CC) $(filter-out -Wconversion,$(CFLAGS)) -c $< -o $@

$(BUILD)/gen/nets.c: $(NETS) $(BUILD)/tools/embed
	@mkdir -p $(dir $@)
	$(BUILD)/tools/embed --net $@ $(NETS)

$(BUILD)/gen/nets.o: $(BUILD)/gen/nets.c
	$(CC) $(CFLAGS) -c $< -o $@

$(BUILD)/gen/web.c: $(WEB) $(BUILD)/tools/embed
	@mkdir -p $(dir $@)
	$(BUILD)/tools/embed --web src/server/web $@ $(WEB)

$(BUILD)/gen/web.o: $(BUILD)/gen/web.c
	$(CC) $(CFLAGS) -c $< -o $@

$(BUILD)/libtabula.a: $(LIB_OBJ)
	rm -f $@
	ar rcs $@ $^

$(BUILD)/tabula: $(CLI_OBJ) $(SERVER_OBJ) $(BUILD)/libtabula.a
	$(CC) $(CFLAGS) $(CLI_OBJ) $(SERVER_OBJ) $(BUILD)/libtabula.a \
	  $(SERVER_LDLIBS) $(LDLIBS) -o $@

$(BUILD)/tests/support.o: tests/support.c tests/support.h include/tabula.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Itests -c $< -o $@

$(BUILD)/tests/%: tests/%.c $(TEST_SUPPORT) $(BUILD)/libtabula.a tests/support.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Itests $< $(TEST_SUPPORT) $(BUILD)/libtabula.a $(TEST_LDLIBS) -o $@

# The server's tests link the server (without the command line) and the
# small WebSocket client of tests/wsc.c.
$(BUILD)/tests/wsc.o: tests/wsc.c tests/wsc.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

$(BUILD)/tests/test_server%: tests/test_server%.c $(TEST_SUPPORT) $(SERVER_OBJ) \
                             $(BUILD)/tests/wsc.o $(BUILD)/libtabula.a tests/support.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Itests -Isrc/server $< $(TEST_SUPPORT) $(SERVER_OBJ) \
	  $(BUILD)/tests/wsc.o $(BUILD)/libtabula.a $(SERVER_LDLIBS) $(TEST_LDLIBS) -o $@

$(BUILD)/tests/fuzz-%: tests/fuzz/%.c tests/fuzz/driver.c $(FUZZ_DEPS) $(BUILD)/libtabula.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Itests/fuzz $< tests/fuzz/fuzz.c tests/fuzz/driver.c \
	  $(BUILD)/libtabula.a $(LDLIBS) -o $@

$(BUILD)/tests/fuzz-seeds: tests/fuzz/seeds.c tests/fuzz/play.h $(BUILD)/libtabula.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Itests/fuzz $< $(BUILD)/libtabula.a $(LDLIBS) -o $@

# Each test binary runs from the project root so that it finds tests/golden.
# Each fuzz harness runs every input kept in its regressions folder, and
# some ordinary inputs: the record harness every golden record, the play
# harness tests/fuzz/smoke/play (a stretch of a real game of each game).
test: $(TESTS) $(FUZZ_DRIVERS) $(BUILD)/tabula
	@fail=0; pass=0; \
	for t in $(TESTS); do \
	  if $$t; then pass=$$((pass+1)); else fail=$$((fail+1)); echo "FAILED: $$t"; fi; \
	done; \
	for h in $(FUZZ_HARNESSES); do \
	  extra=tests/fuzz/smoke/$$h; if [ $$h = record ]; then extra="$$(ls tests/golden/*.json)"; fi; \
	  if $(BUILD)/tests/fuzz-$$h tests/fuzz/regressions/$$h $$extra; then pass=$$((pass+1)); \
	  else fail=$$((fail+1)); echo "FAILED: $(BUILD)/tests/fuzz-$$h"; fi; \
	done; \
	TABULA=$(BUILD)/tabula sh tests/cli.sh || fail=$$((fail+1)); \
	for x in $(LIB_TESTS); do \
	  $(MAKE) --no-print-directory $$x || fail=$$((fail+1)); done; \
	echo "binaries: $$pass passed, $$fail failed"; \
	test $$fail -eq 0

# The install and Python tests are left out: the sanitizers' runtime cannot
# be loaded into python3 or linked statically; `make test` runs them.
asan:
	$(MAKE) --no-print-directory BUILD=build-asan LIB_TESTS= OPT="-O1 -g -fno-omit-frame-pointer" \
	  CFLAGS_EXTRA="-fsanitize=address,undefined -fno-sanitize-recover=all" \
	  LDFLAGS="-fsanitize=address,undefined" test

# libFuzzer: the library and the harnesses built by clang with coverage,
# ASan and UBSan into build-fuzz/, then each harness run for FUZZ_SECONDS
# from seeds made by `tabula sim --record-dir` (tests/fuzz/run.sh).
fuzz: $(BUILD)/tabula $(BUILD)/tests/fuzz-seeds
	$(MAKE) --no-print-directory BUILD=build-fuzz CC=$(FUZZ_CC) \
	  OPT="-O1 -g -fno-omit-frame-pointer" \
	  CFLAGS_EXTRA="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all" \
	  fuzzers
	TABULA=$(BUILD)/tabula SEEDS=$(BUILD)/tests/fuzz-seeds FUZZ_DIR=build-fuzz \
	  FUZZ_SECONDS=$(FUZZ_SECONDS) sh tests/fuzz/run.sh $(FUZZ_HARNESSES)

fuzzers: $(FUZZ_HARNESSES:%=$(BUILD)/fuzz-%)

$(BUILD)/fuzz-%: tests/fuzz/%.c $(FUZZ_DEPS) $(BUILD)/libtabula.a
	$(CC) $(CFLAGS) -fsanitize=fuzzer -Itests/fuzz $< tests/fuzz/fuzz.c \
	  $(BUILD)/libtabula.a $(LDLIBS) -o $@

# Speed of every game and player count (random playouts, heuristic games,
# ISMCTS iterations) as JSON, then each figure beside the baseline kept in
# the repo as a ratio.  A benchmark, never a test: it fails only when the
# bench cannot run.  Take a new baseline on a quiet machine with
# `make bench BENCH_SECONDS=2 && cp build/bench.json bench/baseline.json`.
BENCH_SECONDS ?= 0.5
bench: $(BUILD)/tabula
	$(BUILD)/tabula bench --json --seconds $(BENCH_SECONDS) > $(BUILD)/bench.json.tmp
	mv $(BUILD)/bench.json.tmp $(BUILD)/bench.json
	python3 bench/compare.py bench/baseline.json $(BUILD)/bench.json

# The browser tests of `tabula serve` (tests/web/run.mjs): Playwright's
# playwright-core, pinned by tests/web/package-lock.json and installed from
# npm, drives Debian's Chromium (never a downloaded browser).  Needs Node.js
# 20 or later (playwright-core's minimum) with npm.  Screenshots of every
# game's table go to $(BUILD)/web-shots (CI keeps them as artifacts).
test-web: $(BUILD)/tabula
	@node -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 20 ? 0 : 1)' || \
	  { echo "test-web needs Node.js 20 or later (node --version)"; exit 1; }
	cd tests/web && { test -d node_modules/playwright-core || \
	  npm ci --no-audit --no-fund; }
	node tests/web/kit.test.mjs
	TABULA=$(BUILD)/tabula SHOTS=$(BUILD)/web-shots node tests/web/run.mjs

# Screenshots of a few tables for the README and the games' docs
# (docs/shots/): those games played whole by clicking in the browser tests,
# their middle screenshots at the window's size.
# Every game's table on a phone (each game's doc shows its own; Mysterium's
# as a psychic and as the ghost), and two at a desktop for the README.
DOC_GAMES := 6-nimmt no-thanks the-mind schotten-totten the-game take-5 \
             dicht-dran mystique mystique-energy clique-mystique \
             mystical-eddies mystique-circle battle-for-the-suns \
             mystique-domination mystique-pillars mystique-chain up-and-down \
             mystique-maze chain-of-restraints mystique-guilds mystery-city myst \
             mysterium
DOC_SHOTS := mystique-desktop myst-desktop $(DOC_GAMES:%=%-phone) mysterium-ghost-phone
docs-shots: $(BUILD)/tabula
	cd tests/web && { test -d node_modules/playwright-core || \
	  npm ci --no-audit --no-fund; }
	rm -rf $(BUILD)/doc-shots
	TABULA=$(BUILD)/tabula SHOTS=$(BUILD)/doc-shots VIEWPORT_SHOTS=1 \
	  ONLY=': a whole game by clicking' \
	  node tests/web/run.mjs
	mkdir -p docs/shots
	for s in $(DOC_SHOTS); do cp $(BUILD)/doc-shots/$$s-middle.png docs/shots/$$s.png || exit 1; done

# The load bench of `tabula serve` (bench/server_load.c; docs/server.md):
# LOAD_TABLES tables of two clients each play random moves for
# LOAD_SECONDS, with the server's database synced as LOAD_SYNC says.
LOAD_TABLES ?= 250
LOAD_SECONDS ?= 60
LOAD_SYNC ?= full
$(BUILD)/server_load: bench/server_load.c tests/wsc.c tests/wsc.h
	$(CC) $(CFLAGS) bench/server_load.c tests/wsc.c -ljansson -lsqlite3 -o $@

bench-server: $(BUILD)/tabula $(BUILD)/server_load
	$(BUILD)/server_load --tabula $(BUILD)/tabula --tables $(LOAD_TABLES) \
	  --seconds $(LOAD_SECONDS) --sync $(LOAD_SYNC)

# The same with attackers running issue 32's attacks all the while (the
# run without them first, for the comparison; docs/server.md).
bench-server-attack: $(BUILD)/tabula $(BUILD)/server_load
	$(BUILD)/server_load --tabula $(BUILD)/tabula --tables $(LOAD_TABLES) \
	  --seconds $(LOAD_SECONDS) --sync $(LOAD_SYNC)
	$(BUILD)/server_load --tabula $(BUILD)/tabula --tables $(LOAD_TABLES) \
	  --seconds $(LOAD_SECONDS) --sync $(LOAD_SYNC) --attack 1

# The single-purpose 6 nimmt! loop that `tabula bench 6-nimmt -p 4` is
# measured against (see bench/nimmt_baseline.c).
$(BUILD)/nimmt_baseline: bench/nimmt_baseline.c $(BUILD)/libtabula.a
	$(CC) $(CFLAGS) bench/nimmt_baseline.c $(BUILD)/libtabula.a -o $@

# The fixed real-game workload of issue 35 for Clique Mystique: two
# seeded games between ISMCTS bots, timed by CPU (user + system) in
# alternating rounds against the binaries in BENCH_BASE (say, one built
# from 441ec7e, the issue's baseline), with the median of BENCH_ROUNDS
# runs each (bench/cpu_ab.sh, docs/performance.md).
BENCH_BASE ?=
BENCH_ROUNDS ?= 3
CLIQUE_WORK ?= sim clique-mystique -n 2 --seats ismcts:iters=100 --seed 3
bench-clique: $(BUILD)/tabula
	sh bench/cpu_ab.sh $(BENCH_ROUNDS) $(BENCH_BASE) $(BUILD)/tabula -- $(CLIQUE_WORK)

bench-baseline: $(BUILD)/nimmt_baseline $(BUILD)/tabula
	$(BUILD)/nimmt_baseline
	$(BUILD)/tabula bench 6-nimmt -p 4 --seconds 2

# Mystique Chain under perfect play: the first player's share of deals
# and the solver's speed (see bench/chain_solve.c, docs/games/mystique-chain.md).
CHAIN_ARGS ?= -n 100 --seed 1
$(BUILD)/chain_solve: bench/chain_solve.c $(BUILD)/libtabula.a
	$(CC) $(CFLAGS) bench/chain_solve.c $(BUILD)/libtabula.a $(LDLIBS) -o $@

bench-chain: $(BUILD)/chain_solve
	$(BUILD)/chain_solve $(CHAIN_ARGS)

# Mystique Maze: how well determinize guesses the hands a seat cannot see
# (see bench/maze_world.c, docs/bots.md).
MAZE_ARGS ?= -p 2 -n 100
$(BUILD)/maze_world: bench/maze_world.c src/games/mystique_maze.c $(BUILD)/libtabula.a
	$(CC) $(CFLAGS) bench/maze_world.c $(BUILD)/libtabula.a $(LDLIBS) -o $@

bench-maze: $(BUILD)/maze_world
	$(BUILD)/maze_world $(MAZE_ARGS)

# Mystique Maze: what a bot's departures from the heuristic are worth,
# judged by playouts from the true state (see bench/maze_deviation.c).
DEV_ARGS ?= -p 3 -n 20 --seat 0
$(BUILD)/maze_deviation: bench/maze_deviation.c src/games/mystique_maze.c $(BUILD)/libtabula.a
	$(CC) $(CFLAGS) bench/maze_deviation.c $(BUILD)/libtabula.a $(LDLIBS) -o $@

bench-maze-deviation: $(BUILD)/maze_deviation
	$(BUILD)/maze_deviation $(DEV_ARGS)

# Any game: what a chooser's departures from the heuristic are worth, judged
# by playouts from the true state, with oracles that cheat beside fair
# choosers (see bench/deviation.c; docs/bots.md, "Why the search cannot
# gain here").  The hooks compile The Game and Mystique Maze in, to shuffle
# their draw piles again, and Mystical Eddies, for its inference (--infer).
GAME ?= mystical-eddies
DEVIATION_SRC := bench/deviation.c bench/deviation_the_game.c bench/deviation_maze.c \
  bench/deviation_eddies.c
$(BUILD)/deviation: $(DEVIATION_SRC) src/games/the_game.c src/games/mystique_maze.c \
  src/games/mystical_eddies.c $(BUILD)/libtabula.a
	$(CC) $(CFLAGS) $(DEVIATION_SRC) $(BUILD)/libtabula.a $(LDLIBS) -o $@

bench-deviation: $(BUILD)/deviation
	$(BUILD)/deviation $(GAME) $(DEV_ARGS)

# How much of the other seats' hands the weighted worlds of ismcts infer=N
# place right, against plain determinization (bench/belief.c; docs/bots.md,
# "Weighted determinization").
$(BUILD)/belief: bench/belief.c $(BUILD)/libtabula.a
	$(CC) $(CFLAGS) bench/belief.c $(BUILD)/libtabula.a $(LDLIBS) -o $@

bench-belief: $(BUILD)/belief
	$(BUILD)/belief $(GAME) $(BELIEF_ARGS)

# Mystery City's card tables tried against each other (docs/games/
# mystery-city.md, "Balance"): the game's files built again with
# MC_TABLE_MUTABLE, so that the program may load or draw other tables;
# they take the place of the library's copies when linked.
CITY_SRC := $(sort $(wildcard src/games/mystery_city/*.c))
$(BUILD)/city_tables: bench/city_tables.c $(CITY_SRC) \
  src/games/mystery_city/mc.h $(BUILD)/libtabula.a
	$(CC) $(CFLAGS) -DMC_TABLE_MUTABLE -Isrc/games/mystery_city \
	  bench/city_tables.c $(CITY_SRC) $(BUILD)/libtabula.a $(LDLIBS) -o $@

bench-city-tables: $(BUILD)/city_tables
	$(BUILD)/city_tables $(CITY_ARGS)

# Mysterium's random-vision floor: psychics that only eliminate, exact
# where the deals can be enumerated (docs/games/mysterium.md).
$(BUILD)/mysterium_floor: bench/mysterium_floor.c
	@mkdir -p $(BUILD)
	$(CC) $(CFLAGS) bench/mysterium_floor.c -lm -o $@

bench-mysterium-floor: $(BUILD)/mysterium_floor
	$(BUILD)/mysterium_floor

# The bench programs built, not run (CI builds them, warnings as errors,
# so that they keep compiling as the library changes).
bench-tools: $(BUILD)/nimmt_baseline $(BUILD)/chain_solve $(BUILD)/maze_world \
  $(BUILD)/maze_deviation $(BUILD)/deviation $(BUILD)/belief $(BUILD)/server_load $(BUILD)/city_tables \
  $(BUILD)/mysterium_floor

# Mysterium's content (ours): the vision deck generated from a fixed seed
# by src/games/mysterium/gen_content.py into content_data.c and the content
# list of docs/games/mysterium.md, both committed; -check regenerates them
# into build/ and compares.
MYSTERIUM_DIR := src/games/mysterium
mysterium-content:
	python3 $(MYSTERIUM_DIR)/gen_content.py $(MYSTERIUM_DIR)/content_data.c

mysterium-content-check:
	@mkdir -p $(BUILD)
	python3 $(MYSTERIUM_DIR)/gen_content.py $(BUILD)/mysterium_content_data.c \
	  $(BUILD)/mysterium.md
	cmp $(BUILD)/mysterium_content_data.c $(MYSTERIUM_DIR)/content_data.c
	cmp $(BUILD)/mysterium.md docs/games/mysterium.md

deps:
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $(DEBIAN_PKGS)

clean:
	rm -rf build build-asan build-fuzz

include mk/install.mk
include mk/mpi.mk

# `make test` also checks that Mysterium's generated content is what its
# generator makes.
LIB_TESTS += mysterium-content-check
