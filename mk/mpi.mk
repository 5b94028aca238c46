# mpi.mk - included by the Makefile: build/tabula-mpi, the `tabula`
# command whose sim and analyze spread their games over the processes of
# mpirun (src/mpi/tabula_mpi.c, docs/scale.md).  Only these targets need
# MPI (Debian: libopenmpi-dev, openmpi-bin); the default build does not.
# main.c is compiled a second time with its main renamed tbi_cli_main, which
# tabula_mpi.c calls between MPI_Init and MPI_Finalize.

MPICC ?= mpicc
MPI_OBJ := $(BUILD)/mpi/main.o $(BUILD)/mpi/tabula_mpi.o

.PHONY: mpi test-mpi

mpi: $(BUILD)/tabula-mpi

$(BUILD)/mpi/main.o: src/cli/main.c $(wildcard include/*.h src/*/*.h)
	@mkdir -p $(dir $@)
	$(MPICC) $(CFLAGS) -Dmain=tbi_cli_main -c $< -o $@

$(BUILD)/mpi/tabula_mpi.o: src/mpi/tabula_mpi.c $(wildcard include/*.h src/*/*.h)
	@mkdir -p $(dir $@)
	$(MPICC) $(CFLAGS) -c $< -o $@

# It is the whole command (serve included), so it links the server too.
$(BUILD)/tabula-mpi: $(filter-out $(BUILD)/src/cli/main.o,$(CLI_OBJ)) $(SERVER_OBJ) \
                     $(MPI_OBJ) $(BUILD)/libtabula.a
	$(MPICC) $(CFLAGS) $(filter-out $(BUILD)/src/cli/main.o,$(CLI_OBJ)) \
	  $(SERVER_OBJ) $(MPI_OBJ) $(BUILD)/libtabula.a $(SERVER_LDLIBS) $(LDLIBS) -o $@

# Runs sim and analyze under `mpirun -np 2 --oversubscribe` and compares
# their output with one process's, byte for byte (CI runs it: .ci/run).
test-mpi: $(BUILD)/tabula-mpi $(BUILD)/tabula
	TABULA=$(BUILD)/tabula TABULA_MPI=$(BUILD)/tabula-mpi sh tests/mpi.sh
