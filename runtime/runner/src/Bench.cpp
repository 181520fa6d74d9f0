//===- Bench.cpp - Timing the calls of an entry point ---------------------===//
//
// `tfc bench`: the inputs given or generated, the variables initialized
// or restored, warm-up calls, then timed calls until the repetitions or
// the minimum time are done; the statistics per call, calls per second and
// the peak resident memory, as text or one JSON object.
//
//===----------------------------------------------------------------------===//

#include "RunSession.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <sys/resource.h>

using namespace tfc::runner;

/// "32x784" (or "scalar") as a shape; false when it is not one.
static bool parseShape(const std::string &text, std::vector<int64_t> &shape) {
  shape.clear();
  if (text == "scalar")
    return true;
  size_t start = 0;
  while (true) {
    size_t end = text.find('x', start);
    std::string size = text.substr(start, end - start);
    if (size.empty() || size.size() > 18 ||
        size.find_first_not_of("0123456789") != std::string::npos)
      return false;
    shape.push_back(std::stoll(size));
    if (end == std::string::npos)
      return true;
    start = end + 1;
  }
}

CallStatistics tfc::runner::summarizeCalls(std::vector<double> micros) {
  std::sort(micros.begin(), micros.end());
  size_t n = micros.size(), half = n / 2;
  CallStatistics stats;
  stats.median = n % 2 ? micros[half] : (micros[half - 1] + micros[half]) / 2;
  stats.min = micros.front();
  stats.max = micros.back();
  double sum = 0;
  for (double t : micros)
    sum += t;
  stats.mean = sum / n;
  double squares = 0;
  for (double t : micros)
    squares += (t - stats.mean) * (t - stats.mean);
  stats.stddev = n > 1 ? std::sqrt(squares / (n - 1)) : 0;
  return stats;
}

/// The process's peak resident memory in KiB (Linux reports ru_maxrss so).
static long peakResidentKiB() {
  struct rusage usage;
  return ::getrusage(RUSAGE_SELF, &usage) == 0 ? usage.ru_maxrss : -1;
}

/// The `--shape NAME=SHAPE` options as a map; nonzero, having failed the
/// session, on a bad or repeated one.
static int
parseShapeOptions(Run &session, const std::vector<std::string> &specs,
                  std::map<std::string, std::vector<int64_t>> &shapes) {
  for (const std::string &spec : specs) {
    size_t equals = spec.find('=');
    std::vector<int64_t> shape;
    if (equals == std::string::npos || equals == 0 ||
        !parseShape(spec.substr(equals + 1), shape))
      return session.fail("--shape '" + spec +
                          "' is not NAME=SIZExSIZE... (e.g. x=32x784, "
                          "or x=scalar)");
    if (!shapes.emplace(spec.substr(0, equals), shape).second)
      return session.fail("--shape " + spec.substr(0, equals) +
                          " is given twice");
  }
  return 0;
}

/// The timed calls, each one's time in microseconds.
static int timeCalls(Run &session, const BenchOptions &options,
                     std::vector<double> &micros) {
  // Without --reps: calls until --min-time, and at least 10 for the
  // statistics to mean something.
  double total = 0;
  auto start = std::chrono::steady_clock::now();
  while (true) {
    size_t done = micros.size();
    if (options.reps > 0 ? static_cast<int64_t>(done) >= options.reps
                         : done >= 10 && total >= options.minSeconds)
      break;
    double time = 0;
    if (int code = session.call("call " + std::to_string(done + 1), &time))
      return code;
    micros.push_back(time);
    total =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count();
  }
  return 0;
}

/// The statistics of the timed calls, as text or one JSON object.
static void printReport(const BenchOptions &options, const Console &console,
                        const std::string &fn, int32_t threads,
                        const std::vector<double> &micros) {
  CallStatistics stats = summarizeCalls(micros);
  double callsPerSecond = 1e6 / stats.mean;
  long peakKiB = peakResidentKiB();
  char line[512];
  if (options.json) {
    std::snprintf(line, sizeof(line),
                  "\"threads\": %d, \"warmup\": %lld, \"calls\": %zu, "
                  "\"median_us\": %.3f, \"min_us\": %.3f, \"max_us\": %.3f, "
                  "\"mean_us\": %.3f, \"stddev_us\": %.3f, "
                  "\"calls_per_s\": %.1f, \"peak_rss_kib\": %ld",
                  threads, static_cast<long long>(options.warmup),
                  micros.size(), stats.median, stats.min, stats.max, stats.mean,
                  stats.stddev, callsPerSecond, peakKiB);
    console.outs << "{\"library\": " << jsonString(options.run.library)
                 << ", \"fn\": " << jsonString(fn) << ", " << line << "}\n";
    return;
  }
  console.outs << fn << ": " << micros.size() << " calls after "
               << options.warmup << " warm-up, " << threads
               << (threads == 1 ? " thread\n" : " threads\n");
  std::snprintf(line, sizeof(line),
                "  median %.3f us, min %.3f us, max %.3f us, mean %.3f us, "
                "stddev %.3f us\n"
                "  %.1f calls/s, peak resident memory %.1f MiB\n",
                stats.median, stats.min, stats.max, stats.mean, stats.stddev,
                callsPerSecond, peakKiB / 1024.0);
  console.outs << line;
}

int tfc::runner::benchModel(const BenchOptions &options,
                            const Console &console) {
  Run session(options.run, console);
  if (options.warmup < 0 || options.reps < 0)
    return session.fail("--warmup and --reps must not be negative");
  if (!(options.minSeconds > 0) || options.minSeconds > 3600)
    return session.fail("--min-time must be in (0, 3600] seconds");
  if (options.threads < 0)
    return session.fail("--threads must not be negative");

  std::map<std::string, std::vector<int64_t>> shapes;
  if (int code = parseShapeOptions(session, options.shapes, shapes))
    return code;
  session.generateMissing(shapes);
  if (int code = session.prepare())
    return code;

  tfc_model *model = session.getModel();
  if (options.threads > 0 &&
      tfc_model_set_num_threads(model, options.threads, session.getStatus()) !=
          TFC_OK)
    return session.failStatus("--threads");
  int32_t threads = tfc_model_num_threads(model);

  for (int64_t i = 0; i < options.warmup; ++i)
    if (int code = session.call("warm-up call " + std::to_string(i + 1)))
      return code;
  std::vector<double> micros;
  if (int code = timeCalls(session, options, micros))
    return code;
  if (micros.empty())
    return session.fail("--reps 0 with no time: nothing was timed");
  printReport(options, console, session.getEntry().name, threads, micros);
  return 0;
}
