// irqscope-cli subcommands. Each returns the process exit status:
// 0 success, 2 usage error or invalid input (message on stderr), 1 failure.
#pragma once

#include "cli_args.h"

namespace irqscope::cli {

int cmdPresets(Args& a);
int cmdDescribe(Args& a);
int cmdRun(Args& a);
int cmdSweep(Args& a);
int cmdImport(Args& a);
int cmdMerge(Args& a);
int cmdTwin(Args& a);

// Shared by run/describe/sweep: a preset or file plus --set overrides.
struct ScenarioArgs;

} // namespace irqscope::cli
