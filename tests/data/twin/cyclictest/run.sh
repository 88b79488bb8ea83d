#!/bin/sh
# The command recorded for this capture: cyclictest, one SCHED_FIFO 95 thread
# per CPU pinned to it, a 1 ms absolute-time clock_nanosleep loop, for 1 s,
# with a latency histogram of 1 µs bins up to 400 µs.
exec cyclictest --mlockall --priority=95 --policy=fifo --interval=1000 --threads=2 --affinity \
    --duration=1 --histogram=400 --quiet > histogram.txt
