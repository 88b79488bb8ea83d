// irqscope-cli: the IRQ Scope engine without windows.
#include "commands.h"
#include "output.h"

#include <cstdio>
#include <cstring>
#include <string>

namespace {
const char* kUsage = R"(usage: irqscope-cli COMMAND [ARGS]

commands:
  presets                         list the built-in presets (name TAB title)
  describe PRESET|FILE [--set K=V]...
                                  print the full effective scenario as JSON
  run PRESET|FILE [--set K=V]... [--seed N] [--duration 500ms]
      [--metrics FILE|-] [--trace FILE.json] [--image FILE.png|.svg|.pdf]
                                  simulate and write what is asked
  sweep PRESET|FILE --vary K=v1,v2,... [--vary ...] [--set K=V]... [--jobs N]
      --out results.csv           run the cross product in parallel
  import TRACE [--metrics FILE|-] [--trace FILE.json] [--image FILE]
                                  read an ftrace text capture

exit status: 0 success, 2 usage error or invalid input, 1 other failure
)";
} // namespace

int main(int argc, char** argv) {
    using namespace irqscope::cli;
    if (argc < 2 || !std::strcmp(argv[1], "-h") || !std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "help")) {
        std::fputs(kUsage, argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    const std::string cmd = argv[1];
    Args args(argc, argv, 2);
    try {
        int rc = -1;
        if (cmd == "presets") rc = cmdPresets(args);
        else if (cmd == "describe") rc = cmdDescribe(args);
        else if (cmd == "run") rc = cmdRun(args);
        else if (cmd == "sweep") rc = cmdSweep(args);
        else if (cmd == "import") rc = cmdImport(args);
        // a full disk or a closed descriptor behind stdout is a failure, not a success
        if (rc >= 0) return checkStdout() && rc == 0 ? 1 : rc;
        std::fprintf(stderr, "irqscope-cli: unknown command '%s'\n\n%s", cmd.c_str(), kUsage);
        return 2;
    } catch (const UsageError& e) {
        std::fprintf(stderr, "irqscope-cli %s: %s\n", cmd.c_str(), e.message.c_str());
        return 2;
    }
}
