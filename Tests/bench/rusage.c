// Runs a command and prints what it used, for scripts/bench: 'EXIT-STATUS MAX-RSS-KiB CPU-SECONDS
// WALL-SECONDS' (the exit status as a shell shows it: 128 + N for a signal).
//
// Why C and not python's os.wait4: Linux records the peak of the memory a process leaves at exec
// into that process's maximum, so a command started from python (vfork or fork) reported python's
// own 13.9 MiB as its floor ('true' measured 13.9 MiB) and hid the difference between meli and
// curl. Started from this small program, the floor is this program's own size (about 1 MiB),
// below any command measured.
//
// Usage: rusage COMMAND [ARG...] (standard output and error of COMMAND go to /dev/null)
#include <fcntl.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: rusage COMMAND [ARG...]\n"); return 2; }
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    pid_t child = fork();
    if (child < 0) { perror("rusage: fork"); return 1; }
    if (child == 0) {
        int null = open("/dev/null", O_RDWR);
        if (null >= 0) { dup2(null, 0); dup2(null, 1); dup2(null, 2); }
        execvp(argv[1], argv + 1);
        _exit(127);
    }
    int status = 0;
    struct rusage usage;
    if (wait4(child, &status, 0, &usage) < 0) { perror("rusage: wait4"); return 1; }
    clock_gettime(CLOCK_MONOTONIC, &end);
    long rss_kib = usage.ru_maxrss;
#ifdef __APPLE__
    rss_kib /= 1024; // bytes there, KiB on Linux
#endif
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    double cpu = usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6 + usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6;
    double wall = (end.tv_sec - start.tv_sec) + (end.tv_nsec - start.tv_nsec) / 1e9;
    printf("%d %ld %.3f %.2f\n", code, rss_kib, cpu, wall);
    return 0;
}
