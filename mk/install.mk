# install.mk - included by the Makefile: the shared library libtabula.so
# (position-independent objects under $(BUILD)/pic), `make install` and
# `make uninstall` (PREFIX, DESTDIR), the pkg-config file, and the tests of
# the installed files (tests/install.sh) and of the Python package
# (python/tests, pytest), and of the man pages (tests/man.sh).

VERSION := $(shell sed -n 's/^\#define TB_VERSION "\(.*\)"/\1/p' include/tabula.h)
SOMAJOR := $(firstword $(subst ., ,$(VERSION)))
SONAME  := libtabula.so.$(SOMAJOR)

PREFIX       ?= /usr/local
BINDIR       ?= $(PREFIX)/bin
LIBDIR       ?= $(PREFIX)/lib
INCLUDEDIR   ?= $(PREFIX)/include
MANDIR       ?= $(PREFIX)/share/man
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
INSTALL      ?= install

# The Python that runs pytest: Debian's, where `make deps` installs
# python3-pytest, unless PYTHON says otherwise.
PYTHON ?= $(shell test -x /usr/bin/python3 && echo /usr/bin/python3 || echo python3)

# What `make test` runs besides the C tests (make asan leaves them out:
# see the asan target).
LIB_TESTS ?= test-install test-man test-python test-python-install

PIC_OBJ := $(LIB_SRC:%.c=$(BUILD)/pic/%.o) $(BUILD)/pic/gen/docs.o \
           $(BUILD)/pic/gen/nets.o

.PHONY: install uninstall test-install test-man test-python test-python-install

$(BUILD)/pic/%.o: %.c $(wildcard include/*.h src/*/*.h src/games/*/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -fPIC -c $< -o $@

$(BUILD)/pic/gen/docs.o: $(BUILD)/gen/docs.c
	@mkdir -p $(dir $@)
	$(CC) $(filter-out -Wconversion,$(CFLAGS)) -fPIC -c $< -o $@

$(BUILD)/pic/gen/nets.o: $(BUILD)/gen/nets.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -fPIC -c $< -o $@

# -z defs: every symbol the library uses must come from the libraries
# named here, so that programs need not know them.
$(BUILD)/libtabula.so.$(VERSION): $(PIC_OBJ) mk/libtabula.map
	$(CC) -shared -Wl,-soname,$(SONAME) -Wl,-z,defs \
	  -Wl,--version-script=mk/libtabula.map $(LDFLAGS) $(PIC_OBJ) \
	  -ljansson -lpthread -lm -o $@

$(BUILD)/libtabula.so: $(BUILD)/libtabula.so.$(VERSION)
	ln -sf libtabula.so.$(VERSION) $(BUILD)/$(SONAME)
	ln -sf libtabula.so.$(VERSION) $@

install: $(BUILD)/tabula $(BUILD)/libtabula.a $(BUILD)/libtabula.so
	$(INSTALL) -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR) \
	  $(DESTDIR)$(INCLUDEDIR) $(DESTDIR)$(PKGCONFIGDIR) \
	  $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man3
	$(INSTALL) -m 755 $(BUILD)/tabula $(DESTDIR)$(BINDIR)/tabula
	$(INSTALL) -m 644 $(BUILD)/libtabula.a $(DESTDIR)$(LIBDIR)/libtabula.a
	$(INSTALL) -m 755 $(BUILD)/libtabula.so.$(VERSION) $(DESTDIR)$(LIBDIR)/
	ln -sf libtabula.so.$(VERSION) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(LIBDIR)/libtabula.so
	$(INSTALL) -m 644 include/tabula.h $(DESTDIR)$(INCLUDEDIR)/tabula.h
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' \
	  -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|' -e 's|@VERSION@|$(VERSION)|' \
	  mk/tabula.pc.in > $(DESTDIR)$(PKGCONFIGDIR)/tabula.pc
	$(INSTALL) -m 644 man/tabula.1 $(DESTDIR)$(MANDIR)/man1/tabula.1
	$(INSTALL) -m 644 man/tabula.3 $(DESTDIR)$(MANDIR)/man3/tabula.3
	@if [ -z "$(DESTDIR)" ] && command -v ldconfig >/dev/null; then \
	  ldconfig 2>/dev/null || true; fi

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/tabula $(DESTDIR)$(LIBDIR)/libtabula.a \
	  $(DESTDIR)$(LIBDIR)/libtabula.so.$(VERSION) \
	  $(DESTDIR)$(LIBDIR)/$(SONAME) $(DESTDIR)$(LIBDIR)/libtabula.so \
	  $(DESTDIR)$(INCLUDEDIR)/tabula.h $(DESTDIR)$(PKGCONFIGDIR)/tabula.pc \
	  $(DESTDIR)$(MANDIR)/man1/tabula.1 $(DESTDIR)$(MANDIR)/man3/tabula.3

# Installs into a temporary DESTDIR and builds docs/api.md's example with
# pkg-config alone, against the shared and the static library.
test-install: $(BUILD)/tabula $(BUILD)/libtabula.a $(BUILD)/libtabula.so
	@MAKE="$(MAKE)" BUILD="$(BUILD)" CC="$(CC)" VERSION="$(VERSION)" \
	  SONAME="$(SONAME)" sh tests/install.sh

# The man pages render cleanly and name every command, option and function.
test-man: $(BUILD)/tabula
	@TABULA=$(BUILD)/tabula sh tests/man.sh

# pytest's exit status: 0 all passed, 1 some failed, 2 interrupted,
# 3 internal error, 4 usage error, 5 no tests collected; all but 0 fail.
test-python: $(BUILD)/libtabula.so $(BUILD)/tabula
	@if ! $(PYTHON) -c 'import pytest' 2>/dev/null; then \
	  echo "FAILED: pytest: $(PYTHON) cannot import pytest; install"; \
	  echo "        python3-pytest (make deps) or set PYTHON=..."; exit 1; fi
	@PYTHONDONTWRITEBYTECODE=1 TABULA_LIB="$(abspath $(BUILD))/libtabula.so" \
	  TABULA="$(abspath $(BUILD))/tabula" \
	  $(PYTHON) -m pytest -q -p no:cacheprovider python/tests; rc=$$?; \
	case $$rc in \
	  0) ;; \
	  1) echo "FAILED: pytest: some Python tests failed"; exit 1;; \
	  2) echo "FAILED: pytest: interrupted"; exit 1;; \
	  3) echo "FAILED: pytest: internal error"; exit 1;; \
	  4) echo "FAILED: pytest: usage error"; exit 1;; \
	  5) echo "FAILED: pytest: no tests were collected"; exit 1;; \
	  *) echo "FAILED: pytest: exit status $$rc"; exit 1;; \
	esac

# The Python package installs with pip into a fresh virtual environment (a
# wheel that carries libtabula.so) and `import tabula` works from anywhere.
test-python-install: $(BUILD)/libtabula.so
	@PYTHON=$(PYTHON) sh tests/python_install.sh
