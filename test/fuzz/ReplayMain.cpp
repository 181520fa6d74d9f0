//===- ReplayMain.cpp - Runs a fuzz target on files, without libFuzzer ----===//
//
// The normal build links each fuzz target with this main, so that `make
// test` runs it on its seed corpus and on the inputs of the crashes fuzzing
// found (test/fuzz/inputs/TARGET/): each file, or each file of each
// directory, given on the command line.
//
//===----------------------------------------------------------------------===//

#include <cstdint>
#include <cstdio>
#include <dirent.h>
#include <fstream>
#include <iterator>
#include <string>
#include <sys/stat.h>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int replay(const std::string &path) {
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    std::fprintf(stderr, "cannot read %s\n", path.c_str());
    return 1;
  }
  std::vector<char> bytes((std::istreambuf_iterator<char>(file)),
                          std::istreambuf_iterator<char>());
  LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t *>(bytes.data()),
                         bytes.size());
  return 0;
}

int main(int argc, char **argv) {
  int failures = 0, inputs = 0;
  for (int i = 1; i < argc; ++i) {
    struct stat info;
    if (stat(argv[i], &info) == 0 && S_ISDIR(info.st_mode)) {
      DIR *dir = opendir(argv[i]);
      while (const dirent *entry = dir ? readdir(dir) : nullptr) {
        if (entry->d_name[0] == '.')
          continue;
        failures += replay(std::string(argv[i]) + "/" + entry->d_name);
        ++inputs;
      }
      if (dir)
        closedir(dir);
    } else {
      failures += replay(argv[i]);
      ++inputs;
    }
  }
  std::printf("%d inputs replayed\n", inputs);
  return failures != 0 || inputs == 0;
}
