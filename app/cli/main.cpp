// irqscope-cli: the IRQ Scope engine without windows.
#include "commands.h"
#include "output.h"

#include <cstdio>
#include <cstring>
#include <string>

#ifndef IRQSCOPE_VERSION
#error "IRQSCOPE_VERSION comes from the project version (app/CMakeLists.txt)"
#endif

namespace {
const char* kUsage = R"(usage: irqscope-cli COMMAND [ARGS]
       irqscope-cli --version | --help

commands:
  presets [--format text|csv|json] list the built-in presets (name TAB title)
  describe PRESET|FILE [--set K=V]...
                                  print the full effective scenario as JSON
  describe --params [PRESET|FILE [--set K=V]...] [--format text|csv|json]
                                  every parameter: path, type, default, (value,)
                                  range, unit and what it controls
  run PRESET|FILE [--set K=V]... [--seed N] [--duration 500ms]
      [--metrics FILE.json|FILE.csv|-] [--trace FILE.json|FILE.pftrace]
      [--image FILE.png|.svg|.pdf [--image-preset paper|slide]]
      [--rtapp-logs DIR] [--quiet]
                                  simulate and write what is asked (metrics
                                  .csv: long format run,metric,value; trace
                                  .pftrace: Perfetto protobuf, else Chrome JSON;
                                  --rtapp-logs: rt-app's per-thread logs).
                                  FILE may be an rt-app task set
  sweep PRESET|FILE --vary K=v1,v2,... [--vary ...] [--set K=V]... [--jobs N]
      [--duration D] [--shard K/N] [--images DIR [--image-format svg|png|pdf]]
      [--format text|csv|json] [--long FILE.csv] [--quiet] --out results.csv
                                  run the cross product in parallel (or its
                                  K-th of N slices) and print percentiles
  merge OUT.csv|- PART.csv...     join the shards of a sweep, checking that
                                  every run is there exactly once
  import TRACE [--metrics FILE|-] [--trace FILE] [--image FILE]
      [--image-preset paper|slide] [--quiet]
                                  read an ftrace text capture
  twin CAPTURE -o TWIN.json [--workload TASKSET.json] [--replay-arrivals]
      [--report REPORT] [--rtapp-logs DIR] [--seed N] [--quiet]
                                  fit a scenario of the captured machine, run
                                  it and print capture and twin side by side
                                  (--report: REPORT.md and REPORT.json;
                                  --rtapp-logs: rt-app's logs of the real run)

run, sweep and import draw a progress bar on standard error when it is a
terminal (--quiet: never).

exit status: 0 success; 1 failure (a file not written, a run of a sweep
failed); 2 usage error or invalid input (the message names the file and
place); 130 interrupted by Ctrl+C (what was finished is written, marked partial)
)";
} // namespace

int main(int argc, char** argv) {
    using namespace irqscope::cli;
    if (argc < 2 || !std::strcmp(argv[1], "-h") || !std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "help")) {
        std::fputs(kUsage, argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    if (!std::strcmp(argv[1], "--version") || !std::strcmp(argv[1], "-V")) {
        std::printf("irqscope-cli %s\n", IRQSCOPE_VERSION);
        return 0;
    }
    const std::string cmd = argv[1];
    Args args(argc, argv, 2);
    try {
        int rc = -1;
        if (cmd == "presets") rc = cmdPresets(args);
        else if (cmd == "describe") rc = cmdDescribe(args);
        else if (cmd == "run") rc = cmdRun(args);
        else if (cmd == "sweep") rc = cmdSweep(args);
        else if (cmd == "merge") rc = cmdMerge(args);
        else if (cmd == "import") rc = cmdImport(args);
        else if (cmd == "twin") rc = cmdTwin(args);
        // a full disk or a closed descriptor behind stdout is a failure, not a success
        if (rc >= 0) return checkStdout() && rc == 0 ? 1 : rc;
        std::fprintf(stderr, "irqscope-cli: unknown command '%s'\n\n%s", cmd.c_str(), kUsage);
        return 2;
    } catch (const UsageError& e) {
        std::fprintf(stderr, "irqscope-cli %s: %s\n", cmd.c_str(), e.message.c_str());
        return 2;
    }
}
