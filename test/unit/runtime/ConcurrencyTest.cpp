//===- ConcurrencyTest.cpp - The store lock and concurrent use ------------===//
//
// Readers must overlap, writers must exclude everyone, and checkpoints must
// see a consistent store while writers run. Run under ThreadSanitizer too
// (TFC_SANITIZER=thread), which also checks the absence of data races.
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestUtils.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

using namespace tfc::runtime::testing;
using namespace std::chrono_literals;

namespace {

/// A barrier that gives up at a deadline instead of hanging the test.
class TimedBarrier {
public:
  TimedBarrier(int count, std::chrono::seconds timeout)
      : remaining(count), deadline(std::chrono::steady_clock::now() + timeout) {
  }

  /// True when all `count` threads arrived before the deadline.
  bool arriveAndWait() {
    std::unique_lock<std::mutex> lock(mutex);
    if (--remaining == 0) {
      released.notify_all();
      return true;
    }
    return released.wait_until(lock, deadline, [&] { return remaining <= 0; });
  }

private:
  std::mutex mutex;
  std::condition_variable released;
  int remaining;
  std::chrono::steady_clock::time_point deadline;
};

class StoreLockTest : public ::testing::Test {
protected:
  void SetUp() override { ASSERT_TRUE(store); }
  StatusPtr status = makeStatus();
  StorePtr store{tfc_store_create(nullptr)};
};

TEST_F(StoreLockTest, ReadersHoldTheLockTogether) {
  // Each reader waits, holding the shared lock, until all readers hold it:
  // the barrier only opens if the lock admits them all at once.
  constexpr int kReaders = 4;
  TimedBarrier barrier(kReaders, 10s);
  std::atomic<int> passed{0};
  std::vector<std::thread> threads;
  for (int i = 0; i < kReaders; ++i)
    threads.emplace_back([&] {
      tfc_store_lock_shared(store.get());
      if (barrier.arriveAndWait())
        ++passed;
      tfc_store_unlock_shared(store.get());
    });
  for (std::thread &thread : threads)
    thread.join();
  EXPECT_EQ(passed.load(), kReaders);
}

TEST_F(StoreLockTest, WritersAreSerialized) {
  constexpr int kWriters = 8;
  constexpr int kIterations = 20000;
  int64_t counter = 0; // Deliberately not atomic: the lock protects it.
  std::atomic<int> holders{0};
  std::atomic<int> overlaps{0};
  std::vector<std::thread> threads;
  for (int i = 0; i < kWriters; ++i)
    threads.emplace_back([&] {
      for (int j = 0; j < kIterations; ++j) {
        tfc_store_lock_exclusive(store.get());
        if (holders.fetch_add(1) != 0)
          ++overlaps;
        ++counter;
        holders.fetch_sub(1);
        tfc_store_unlock_exclusive(store.get());
      }
    });
  for (std::thread &thread : threads)
    thread.join();
  EXPECT_EQ(counter, int64_t(kWriters) * kIterations);
  EXPECT_EQ(overlaps.load(), 0);
}

TEST_F(StoreLockTest, WritersExcludeReaders) {
  std::atomic<bool> writing{false};
  std::atomic<int> violations{0};
  std::atomic<int> reads{0};
  std::vector<std::thread> threads;
  for (int i = 0; i < 4; ++i)
    threads.emplace_back([&] {
      for (int j = 0; j < 5000; ++j) {
        tfc_store_lock_shared(store.get());
        if (writing.load())
          ++violations;
        ++reads;
        tfc_store_unlock_shared(store.get());
      }
    });
  for (int i = 0; i < 2; ++i)
    threads.emplace_back([&] {
      for (int j = 0; j < 2000; ++j) {
        tfc_store_lock_exclusive(store.get());
        writing.store(true);
        std::this_thread::yield();
        writing.store(false);
        tfc_store_unlock_exclusive(store.get());
      }
    });
  for (std::thread &thread : threads)
    thread.join();
  EXPECT_EQ(violations.load(), 0);
  EXPECT_EQ(reads.load(), 4 * 5000);
}

TEST_F(StoreLockTest, WriterWaitsForTheReader) {
  std::atomic<bool> acquired{false};
  tfc_store_lock_shared(store.get());
  std::thread writer([&] {
    tfc_store_lock_exclusive(store.get());
    acquired.store(true);
    tfc_store_unlock_exclusive(store.get());
  });
  std::this_thread::sleep_for(100ms);
  EXPECT_FALSE(acquired.load()) << "the writer got in beside a reader";
  tfc_store_unlock_shared(store.get());
  writer.join();
  EXPECT_TRUE(acquired.load());
}

TEST_F(StoreLockTest, ConcurrentRegistrationsAgree) {
  constexpr int kThreads = 6;
  std::vector<std::vector<tfc_variable *>> seen(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < 50; ++i) {
        std::string name = "v" + std::to_string(i);
        int64_t shape[] = {i + 1};
        tfc_variable_desc desc = {};
        desc.name = name.c_str();
        desc.dtype = TFC_F32;
        desc.rank = 1;
        desc.shape = shape;
        seen[t].push_back(tfc_store_register(store.get(), &desc, nullptr));
      }
    });
  for (std::thread &thread : threads)
    thread.join();
  EXPECT_EQ(tfc_store_num_variables(store.get()), 50);
  for (int t = 0; t < kThreads; ++t)
    for (int i = 0; i < 50; ++i) {
      ASSERT_NE(seen[t][i], nullptr);
      EXPECT_EQ(seen[t][i], seen[0][i]) << "thread " << t << ", v" << i;
    }
}

TEST_F(StoreLockTest, SavesSeeWholeAssignments) {
  // Writers fill a variable with one value per assignment; every checkpoint
  // saved meanwhile must hold a single value, never a mix of two writes.
  constexpr int64_t kSize = 4096;
  tfc_variable *var = registerVariable(store.get(), "v", TFC_I32, {kSize});
  tfc_variable_set_initialized(var, 1);
  std::atomic<bool> stop{false};
  std::vector<std::thread> writers;
  for (int w = 0; w < 2; ++w)
    writers.emplace_back([&, w] {
      for (int32_t k = 1 + w; !stop.load(); k += 2) {
        tfc_store_lock_exclusive(store.get());
        auto *data = static_cast<int32_t *>(tfc_variable_data(var));
        for (int64_t i = 0; i < kSize; ++i)
          data[i] = k;
        tfc_store_unlock_exclusive(store.get());
      }
    });
  TempDir dir;
  constexpr int kSaves = 20;
  for (int s = 0; s < kSaves; ++s) {
    std::string path = dir.file("ckpt" + std::to_string(s));
    EXPECT_EQ(tfc_store_save(store.get(), path.c_str(), status.get()), TFC_OK)
        << describe(status.get());
  }
  stop.store(true);
  for (std::thread &writer : writers)
    writer.join();
  for (int s = 0; s < kSaves; ++s) {
    StorePtr copy(tfc_store_create(nullptr));
    tfc_variable *restored =
        registerVariable(copy.get(), "v", TFC_I32, {kSize});
    std::string path = dir.file("ckpt" + std::to_string(s));
    ASSERT_EQ(tfc_store_restore(copy.get(), path.c_str(), status.get()), TFC_OK)
        << describe(status.get());
    const auto *data =
        static_cast<const int32_t *>(tfc_variable_data(restored));
    int mixed = 0;
    for (int64_t i = 1; i < kSize; ++i)
      mixed += data[i] != data[0];
    EXPECT_EQ(mixed, 0) << "checkpoint " << s << " mixes two assignments";
  }
}

TEST_F(StoreLockTest, AssignAndReadFromManyThreads) {
  tfc_variable *var = addVariable(store.get(), "pair", TFC_I64, "[0, 0]");
  std::atomic<int> torn{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      StatusPtr local = makeStatus();
      for (int i = 0; i < 500; ++i) {
        if (t % 2 == 0) {
          std::string literal =
              "[" + std::to_string(i) + ", " + std::to_string(i) + "]";
          TensorPtr value = parse(literal.c_str(), TFC_I64);
          tfc_variable_assign(var, value.get(), local.get());
        } else {
          TensorPtr value(tfc_variable_read(var, local.get()));
          std::vector<int64_t> pair = elements<int64_t>(value.get());
          torn += pair[0] != pair[1];
        }
      }
    });
  for (std::thread &thread : threads)
    thread.join();
  EXPECT_EQ(torn.load(), 0);
}

} // namespace
