//===- HooksTest.cpp - tfc.print and tfc.assert support -------------------===//

#include "RuntimeTestUtils.h"

#include <thread>
#include <unistd.h>

using namespace tfc::runtime::testing;

namespace {

void collectLine(void *userData, const char *text, size_t size) {
  auto *lines = static_cast<std::vector<std::string> *>(userData);
  EXPECT_EQ(text[size], '\0');
  lines->emplace_back(text, size);
}

class HooksTest : public ::testing::Test {
protected:
  void SetUp() override { tfc_set_print_hook(collectLine, &lines); }
  void TearDown() override { tfc_set_print_hook(nullptr, nullptr); }

  std::string printed(const char *message,
                      std::vector<const tfc_tensor *> tensors,
                      int64_t summarize = TFC_DEFAULT_SUMMARIZE) {
    lines.clear();
    tfc_print(message, tensors.data(), static_cast<int64_t>(tensors.size()),
              summarize);
    EXPECT_EQ(lines.size(), 1u);
    return lines.empty() ? "" : lines.back();
  }

  std::vector<std::string> lines;
  StatusPtr status = makeStatus();
};

TEST_F(HooksTest, PrintFormatsLikeTfPrint) {
  TensorPtr vector = parse("[1, 2, 3, 4, 5]", TFC_F32);
  TensorPtr matrix = parse("[[1, 2], [3, 4]]", TFC_I32);
  TensorPtr scalar = parse("7", TFC_I64);
  EXPECT_EQ(printed("x = ", {vector.get()}), "x = [1 2 3...]");
  EXPECT_EQ(printed("x = ", {vector.get()}, -1), "x = [1 2 3 4 5]");
  EXPECT_EQ(printed("m", {matrix.get(), scalar.get()}, 10),
            "m[[1 2] [3 4]][7]");
  EXPECT_EQ(printed("only a message", {}), "only a message");
  EXPECT_EQ(printed(nullptr, {scalar.get()}), "[7]");
  EXPECT_EQ(printed("t: ", {nullptr}), "t: <null>");
  lines.clear();
  tfc_print("bad ", nullptr, 2, 3);
  EXPECT_EQ(lines, std::vector<std::string>{"bad <invalid tensor list>"});
}

TEST_F(HooksTest, DefaultHookWritesToStderr) {
  tfc_set_print_hook(nullptr, nullptr);
  int pipeFds[2];
  ASSERT_EQ(::pipe(pipeFds), 0);
  fflush(stderr);
  int savedStderr = ::dup(2);
  ::dup2(pipeFds[1], 2);
  TensorPtr tensor = parse("[true, false]", TFC_BOOL);
  const tfc_tensor *tensors[] = {tensor.get()};
  tfc_print("flags: ", tensors, 1, 3);
  fflush(stderr);
  ::dup2(savedStderr, 2);
  ::close(savedStderr);
  ::close(pipeFds[1]);
  char buffer[128] = {};
  ssize_t got = ::read(pipeFds[0], buffer, sizeof(buffer) - 1);
  ::close(pipeFds[0]);
  ASSERT_GT(got, 0);
  EXPECT_EQ(std::string(buffer, size_t(got)), "flags: [true false]\n");
}

TEST_F(HooksTest, HookCallsAreSerialized) {
  // `lines` is a plain vector: concurrent callbacks would corrupt it (and
  // ThreadSanitizer would report the race).
  lines.clear();
  TensorPtr tensor = parse("[1, 2]", TFC_I8);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&] {
      const tfc_tensor *tensors[] = {tensor.get()};
      for (int i = 0; i < 250; ++i)
        tfc_print("v", tensors, 1, 3);
    });
  for (std::thread &thread : threads)
    thread.join();
  ASSERT_EQ(lines.size(), 1000u);
  for (const std::string &line : lines)
    EXPECT_EQ(line, "v[1 2]");
}

TEST_F(HooksTest, AssertFailureBecomesAStatus) {
  TensorPtr x = parse("[1, -2, 3, 4]", TFC_F32);
  TensorPtr y = parse("0", TFC_I32);
  const tfc_tensor *data[] = {x.get(), y.get()};
  EXPECT_EQ(tfc_assert_fail("x must be positive", data, 2, 3, status.get()),
            TFC_INVALID_ARGUMENT);
  EXPECT_STREQ(tfc_status_message(status.get()),
               "assertion failed: [x must be positive] [1 -2 3...] [0]");
  EXPECT_EQ(tfc_assert_fail(nullptr, nullptr, 0, 3, nullptr),
            TFC_INVALID_ARGUMENT);
  tfc_assert_fail("m", nullptr, 0, 3, status.get());
  EXPECT_STREQ(tfc_status_message(status.get()), "assertion failed: [m]");
}

TEST_F(HooksTest, AssertChecksEveryElement) {
  TensorPtr allTrue = parse("[[true, true], [true, true]]", TFC_BOOL);
  TensorPtr oneFalse = parse("[[true, true], [false, true]]", TFC_BOOL);
  TensorPtr none = parse("[]", TFC_BOOL);
  TensorPtr x = parse("[5, -1]", TFC_I32);
  const tfc_tensor *data[] = {x.get()};
  EXPECT_EQ(tfc_assert(allTrue.get(), "ok", data, 1, 3, status.get()), TFC_OK);
  EXPECT_EQ(tfc_assert(none.get(), "ok", data, 1, 3, status.get()), TFC_OK);
  EXPECT_TFC_OK(status.get());
  EXPECT_EQ(tfc_assert(oneFalse.get(), "x > 0", data, 1, 3, status.get()),
            TFC_INVALID_ARGUMENT);
  EXPECT_STREQ(tfc_status_message(status.get()),
               "assertion failed: [x > 0] [5 -1]");
}

TEST_F(HooksTest, AssertRejectsBadConditions) {
  TensorPtr floats = parse("[1, 0]", TFC_F32);
  EXPECT_EQ(tfc_assert(floats.get(), "c", nullptr, 0, 3, status.get()),
            TFC_INVALID_ARGUMENT);
  EXPECT_TFC_ERROR(status.get(), TFC_INVALID_ARGUMENT,
                   "the condition of assert [c] must be bool but is f32[2]");
  EXPECT_EQ(tfc_assert(nullptr, "c", nullptr, 0, 3, status.get()),
            TFC_INVALID_ARGUMENT);
  EXPECT_TFC_ERROR(status.get(), TFC_INVALID_ARGUMENT,
                   "the condition of assert [c] is NULL");
}

} // namespace
