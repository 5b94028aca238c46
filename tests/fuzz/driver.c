/*
 * driver.c - a plain main() for a fuzz harness, so that the inputs kept in
 * tests/fuzz/regressions/ run under `make test` (and `make asan`) with any
 * C compiler and no libFuzzer: it reads each file named on the command
 * line (each regular file of a folder named, its dot files aside) and
 * hands it to the harness's LLVMFuzzerTestOneInput.  A failing input
 * aborts the run; the line printed before it names the input.  Each
 * input's last state is determinized many more times than under libFuzzer
 * (fz_final_rounds), so that a kept input fails however rare its sample.
 *
 * Usage: fuzz-HARNESS FILE-OR-FOLDER...
 */
#include "fuzz.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Runs the harness on the contents of one file; returns 0, or -1 when the
 * file cannot be read. */
static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "fuzz driver: cannot read %s: %s\n", path,
                strerror(errno));
        return -1;
    }
    size_t cap = 4096, len = 0;
    uint8_t *data = malloc(cap);
    for (;;) {
        if (!data) {
            fclose(f);
            fprintf(stderr, "fuzz driver: out of memory for %s\n", path);
            return -1;
        }
        len += fread(data + len, 1, cap - len, f);
        if (len < cap)
            break;
        uint8_t *bigger = realloc(data, cap * 2);
        if (!bigger)
            free(data);
        data = bigger;
        cap *= 2;
    }
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        free(data);
        fprintf(stderr, "fuzz driver: cannot read %s\n", path);
        return -1;
    }
    printf("  %s\n", path);
    fflush(stdout);
    /* Exactly len bytes, as libFuzzer gives them: a harness reading past
     * the end is caught by ASan. */
    uint8_t *exact = malloc(len ? len : 1);
    if (!exact) {
        free(data);
        return -1;
    }
    memcpy(exact, data, len);
    free(data);
    LLVMFuzzerTestOneInput(exact, len);
    free(exact);
    return 0;
}

/* Compares two names for qsort, so that a folder's inputs run in the same
 * order everywhere. */
static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Runs every regular file of a folder, in name order; returns the number
 * run, or -1 on an error. */
static int run_folder(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "fuzz driver: cannot open %s: %s\n", dir,
                strerror(errno));
        return -1;
    }
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 64;
            char **more = realloc(names, cap * sizeof *names);
            if (!more)
                break;
            names = more;
        }
        size_t len = strlen(dir) + strlen(e->d_name) + 2;
        int slash = dir[0] && dir[strlen(dir) - 1] == '/';
        if (!(names[n] = malloc(len)))
            break;
        snprintf(names[n], len, "%s%s%s", dir, slash ? "" : "/",
                 e->d_name);
        n++;
    }
    closedir(d);
    if (n)
        qsort(names, n, sizeof *names, by_name);
    int run = 0;
    for (size_t i = 0; i < n; i++) {
        struct stat sb;
        if (run >= 0 && stat(names[i], &sb) == 0 && S_ISREG(sb.st_mode))
            run = run_file(names[i]) < 0 ? -1 : run + 1;
        free(names[i]);
    }
    free(names);
    return run;
}

int main(int argc, char **argv)
{
    const char *self = strrchr(argv[0], '/');
    self = self ? self + 1 : argv[0];
    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE-OR-FOLDER...\n", self);
        return 2;
    }
    fz_final_rounds = 256;
    int total = 0;
    for (int i = 1; i < argc; i++) {
        struct stat sb;
        if (stat(argv[i], &sb) != 0) {
            fprintf(stderr, "%s: cannot read %s: %s\n", self, argv[i],
                    strerror(errno));
            return 1;
        }
        int run = S_ISDIR(sb.st_mode) ? run_folder(argv[i])
                                      : run_file(argv[i]) < 0 ? -1 : 1;
        if (run < 0)
            return 1;
        total += run;
    }
    printf("%s: %d inputs ran without a failure\n", self, total);
    return 0;
}
