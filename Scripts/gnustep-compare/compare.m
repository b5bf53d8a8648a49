// The GNUstep half of run.sh: times NSPredicate's -evaluateWithObject: over the objects of a
// JSON array, read with NSJSONSerialization (dictionaries of NSNumbers, strings, arrays and
// nested dictionaries).
//
//   compare DATA.json PREDICATES.txt RUNS
//
// For every line of the predicates file (empty lines and lines starting with # skipped) it
// prints "median-ns-per-object <TAB> matches <TAB> format": the median of RUNS timed runs
// after one warm-up, in the same format as `predicate-bench --time-json`.

#import <Foundation/Foundation.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/// The median of `count` values (the mean of the two middle ones for an even count).
static double median(double *values, int count) {
    qsort(values, (size_t)count, sizeof(double), compare_doubles);
    if (count % 2 == 1) return values[count / 2];
    return (values[count / 2 - 1] + values[count / 2]) / 2;
}

int main(int argc, char **argv) {
    // GCC's Objective-C has no @autoreleasepool blocks: pools are objects.
    NSAutoreleasePool *pool = [[NSAutoreleasePool alloc] init];
    {
        if (argc != 4 || atoi(argv[3]) <= 0) {
            fprintf(stderr, "usage: compare DATA.json PREDICATES.txt RUNS\n");
            return 64;
        }
        int runs = atoi(argv[3]);
        NSData *data = [NSData dataWithContentsOfFile: [NSString stringWithUTF8String: argv[1]]];
        NSError *error = nil;
        id parsed = data ? [NSJSONSerialization JSONObjectWithData: data options: 0 error: &error] : nil;
        if (![parsed isKindOfClass: [NSArray class]]) {
            fprintf(stderr, "%s: not a JSON array (%s)\n", argv[1],
                error ? [[error description] UTF8String] : "unreadable");
            return 1;
        }
        NSArray *objects = parsed;
        NSString *text = [NSString stringWithContentsOfFile: [NSString stringWithUTF8String: argv[2]]
                                                   encoding: NSUTF8StringEncoding
                                                      error: &error];
        if (text == nil) {
            fprintf(stderr, "%s: unreadable\n", argv[2]);
            return 1;
        }
        double *durations = calloc((size_t)runs, sizeof(double));
        for (NSString *line in [text componentsSeparatedByString: @"\n"]) {
            if ([line length] == 0 || [line hasPrefix: @"#"]) continue;
            NSPredicate *predicate = nil;
            @try {
                predicate = [NSPredicate predicateWithFormat: line];
            } @catch (NSException *exception) {
                fprintf(stderr, "cannot parse %s: %s\n", [line UTF8String], [[exception reason] UTF8String]);
                return 2;
            }
            long matches = 0;
            for (int run = 0; run <= runs; run++) {
                NSAutoreleasePool *runPool = [[NSAutoreleasePool alloc] init];
                {
                    double start = now_seconds();
                    long count = 0;
                    for (id object in objects) {
                        if ([predicate evaluateWithObject: object]) count++;
                    }
                    double elapsed = now_seconds() - start;
                    if (run > 0) durations[run - 1] = elapsed;
                    matches = count;
                }
                [runPool drain];
            }
            double nanoseconds = median(durations, runs) * 1e9 / (double)[objects count];
            printf("%.1f\t%ld\t%s\n", nanoseconds, matches, [line UTF8String]);
            fflush(stdout);
        }
        free(durations);
    }
    [pool drain];
    return 0;
}
