//===- ModelApiTest.cpp - the model API on compiled models ----------------===//
//
// Loads models compiled by `tfc compile` at build time and exercises the
// runtime's model API: misuse, sharing a store, reflection, concurrency.
//
//===----------------------------------------------------------------------===//

#include "ModelTestUtils.h"

#include "tfc/runtime.h"

#include <gtest/gtest.h>

#include <dlfcn.h>

#include <atomic>
#include <memory>
#include <string>
#include <thread>
#include <vector>

namespace {

using namespace tfc::testing;

Tensor vector3(float a, float b, float c) {
  int64_t shape[] = {3};
  Tensor t(tfc_tensor_create(TFC_F32, 1, shape, nullptr));
  float *data = static_cast<float *>(tfc_tensor_data(t.get()));
  data[0] = a, data[1] = b, data[2] = c;
  return t;
}

std::vector<float> values(const tfc_tensor *t) {
  const float *data = static_cast<const float *>(tfc_tensor_data(t));
  return std::vector<float>(data, data + tfc_tensor_num_elements(t));
}

class ModelApiTest : public ::testing::Test {
protected:
  void SetUp() override {
    trainAbi = loadTestModel("train");
    serveAbi = loadTestModel("serve");
    ASSERT_TRUE(trainAbi && serveAbi) << dlerror();
  }

  /// Calls train(x) and returns its output.
  std::vector<float> train(tfc_model *model, const tfc_tensor *x) {
    tfc_tensor *out = nullptr;
    EXPECT_EQ(tfc_model_call(model, 0, &x, 1, &out, 1, status.get()), TFC_OK)
        << tfc_status_message(status.get());
    Tensor owned(out);
    return out ? values(out) : std::vector<float>{};
  }

  const tfc_model_abi *trainAbi = nullptr;
  const tfc_model_abi *serveAbi = nullptr;
  Status status{tfc_status_create()};
};

TEST_F(ModelApiTest, CreateRejectsBadAbi) {
  EXPECT_EQ(tfc_model_create(nullptr, nullptr, status.get()), nullptr);
  EXPECT_EQ(tfc_status_code(status.get()), TFC_INVALID_ARGUMENT);

  tfc_model_abi future = *trainAbi;
  future.abi_version = TFC_MODEL_ABI_VERSION + 1;
  EXPECT_EQ(tfc_model_create(&future, nullptr, status.get()), nullptr);
  EXPECT_EQ(tfc_status_code(status.get()), TFC_FAILED_PRECONDITION);

  tfc_model_abi damaged = *trainAbi;
  std::string text(trainAbi->metadata);
  text.replace(text.find("variable"), 8, "varXable");
  damaged.metadata = text.c_str();
  EXPECT_EQ(tfc_model_create(&damaged, nullptr, status.get()), nullptr);
  EXPECT_EQ(tfc_status_code(status.get()), TFC_DATA_LOSS);
  EXPECT_NE(std::string(tfc_status_message(status.get())).find("varXable"),
            std::string::npos);

  // Tables the runtime would follow into address 0.
  std::vector<tfc_packed_fn> functions(trainAbi->functions,
                                       trainAbi->functions +
                                           trainAbi->num_functions);
  functions.back() = nullptr;
  tfc_model_abi nullFunction = *trainAbi;
  nullFunction.functions = functions.data();
  EXPECT_EQ(tfc_model_create(&nullFunction, nullptr, status.get()), nullptr);
  EXPECT_EQ(tfc_status_code(status.get()), TFC_INVALID_ARGUMENT);
  EXPECT_NE(std::string(tfc_status_message(status.get())).find("is NULL"),
            std::string::npos);
  tfc_model_abi nullTable = *trainAbi;
  nullTable.functions = nullptr;
  EXPECT_EQ(tfc_model_create(&nullTable, nullptr, status.get()), nullptr);
  EXPECT_STREQ(tfc_status_message(status.get()),
               "tfc_model_create: the model's function table is NULL");

  tfc_model_abi truncated = *trainAbi;
  std::string head = text.substr(0, text.find("entry"));
  truncated.metadata = head.c_str();
  truncated.metadata_size = head.size();
  EXPECT_EQ(tfc_model_create(&truncated, nullptr, status.get()), nullptr);
  EXPECT_EQ(tfc_status_code(status.get()), TFC_DATA_LOSS);
}

// A packed copy must name an entry point and one of its variables that is
// an f32 matrix (serve's `w` is an f32[3]; `m` is a matrix serve does not
// read), on a line of its own.
TEST_F(ModelApiTest, CreateRejectsBadPackedVariables) {
  std::string text(serveAbi->metadata);
  text.insert(text.find("entry serve"),
              "variable m f32 2 4 16 collections 0 device - init zeros\n");
  tfc_model_abi withMatrix = *serveAbi;
  withMatrix.metadata = text.c_str();
  withMatrix.metadata_size = text.size();
  Model model(tfc_model_create(&withMatrix, nullptr, status.get()));
  ASSERT_TRUE(model) << tfc_status_message(status.get());
  size_t entryEnd = text.find('\n', text.find("entry serve"));
  ASSERT_NE(entryEnd, std::string::npos);
  for (const char *packed :
       {"packed serve 1 nosuch 4", "packed serve 1 w 1", "packed serve 1 m 16",
        "packed serve 2 w", "packed nosuch 0", "packed serve 0 extra"}) {
    std::string bad = text;
    bad.insert(entryEnd + 1, std::string(packed) + "\n");
    tfc_model_abi abi = *serveAbi;
    abi.metadata = bad.c_str();
    abi.metadata_size = bad.size();
    EXPECT_EQ(tfc_model_create(&abi, nullptr, status.get()), nullptr) << packed;
    EXPECT_EQ(tfc_status_code(status.get()), TFC_DATA_LOSS) << packed;
    EXPECT_NE(std::string(tfc_status_message(status.get())).find(packed),
              std::string::npos)
        << tfc_status_message(status.get());
  }
  // Nor may an entry line carry anything after its variables: the code
  // would be called without what it names.
  std::string trailing = text;
  trailing.insert(entryEnd, " packed 1 w 16");
  tfc_model_abi abi = *serveAbi;
  abi.metadata = trailing.c_str();
  abi.metadata_size = trailing.size();
  EXPECT_EQ(tfc_model_create(&abi, nullptr, status.get()), nullptr);
  EXPECT_NE(
      std::string(tfc_status_message(status.get())).find("bad entry point"),
      std::string::npos)
      << tfc_status_message(status.get());
}

TEST_F(ModelApiTest, Reflection) {
  Model model(tfc_model_create(serveAbi, nullptr, status.get()));
  ASSERT_TRUE(model) << tfc_status_message(status.get());
  EXPECT_STREQ(tfc_model_name(model.get()), "serve");
  ASSERT_EQ(tfc_model_num_entries(model.get()), 1);
  const tfc_entry_info *entry = tfc_model_entry_at(model.get(), 0);
  EXPECT_STREQ(entry->name, "serve");
  EXPECT_EQ(entry->writes_variables, 0);
  ASSERT_EQ(entry->num_inputs, 1);
  EXPECT_STREQ(entry->inputs[0].name, "x");
  EXPECT_EQ(entry->inputs[0].dtype, TFC_F32);
  ASSERT_EQ(entry->inputs[0].rank, 2);
  EXPECT_EQ(entry->inputs[0].shape[0], -1);
  EXPECT_EQ(entry->inputs[0].shape[1], 3);
  EXPECT_EQ(entry->num_outputs, 2);
  ASSERT_EQ(entry->num_variables, 1);
  EXPECT_STREQ(entry->variables[0], "w");
  EXPECT_EQ(tfc_model_find_entry(model.get(), "serve"), 0);
  EXPECT_EQ(tfc_model_find_entry(model.get(), "nothing"), -1);
  EXPECT_EQ(tfc_model_entry_at(model.get(), 1), nullptr);
  ASSERT_EQ(tfc_model_num_variables(model.get()), 1);
  EXPECT_STREQ(tfc_variable_name(tfc_model_variable_at(model.get(), 0)), "w");
}

TEST_F(ModelApiTest, ThreadCountPerModel) {
  Model a(tfc_model_create(serveAbi, nullptr, status.get()));
  Model b(tfc_model_create(serveAbi, nullptr, status.get()));
  ASSERT_TRUE(a && b) << tfc_status_message(status.get());
  // The default: TFC_NUM_THREADS or the number of cores, what a call made
  // outside any model call reports too.
  int32_t byDefault = tfc_model_num_threads(a.get());
  EXPECT_GE(byDefault, 1);
  EXPECT_EQ(tfc_runtime_num_threads(), byDefault);
  EXPECT_EQ(tfc_model_set_num_threads(a.get(), 3, status.get()), TFC_OK);
  EXPECT_EQ(tfc_model_num_threads(a.get()), 3);
  EXPECT_EQ(tfc_model_num_threads(b.get()), byDefault);
  EXPECT_EQ(tfc_model_set_num_threads(a.get(), 0, status.get()), TFC_OK);
  EXPECT_EQ(tfc_model_num_threads(a.get()), byDefault);
  EXPECT_EQ(tfc_model_set_num_threads(nullptr, 2, status.get()),
            TFC_INVALID_ARGUMENT);
  EXPECT_EQ(tfc_model_num_threads(nullptr), -1);
}

TEST_F(ModelApiTest, CallBeforeInitializeFails) {
  Model model(tfc_model_create(trainAbi, nullptr, status.get()));
  ASSERT_TRUE(model);
  Tensor x = vector3(1, 2, 3);
  const tfc_tensor *input = x.get();
  tfc_tensor *out = nullptr;
  EXPECT_EQ(tfc_model_call(model.get(), 0, &input, 1, &out, 1, status.get()),
            TFC_FAILED_PRECONDITION);
  EXPECT_STREQ(tfc_status_message(status.get()),
               "Attempting to use uninitialized value w");
  EXPECT_EQ(out, nullptr);
}

TEST_F(ModelApiTest, MisuseIsAnErrorAndLeavesTheStoreUnchanged) {
  Model model(tfc_model_create(trainAbi, nullptr, status.get()));
  ASSERT_TRUE(model);
  ASSERT_EQ(tfc_model_initialize(model.get(), "GLOBAL_VARIABLES", status.get()),
            TFC_OK);
  Tensor x = vector3(1, 2, 3);
  EXPECT_EQ(train(model.get(), x.get()), (std::vector<float>{1, 2, 3}));

  tfc_tensor *out = nullptr;
  const tfc_tensor *input = x.get();
  // Wrong dtype, shape and rank.
  int64_t two[] = {2}, oneByThree[] = {1, 3};
  Tensor ints(tfc_tensor_create(TFC_I32, 1, two + 0, nullptr));
  Tensor shortVector(tfc_tensor_create(TFC_F32, 1, two, nullptr));
  Tensor matrix(tfc_tensor_create(TFC_F32, 2, oneByThree, nullptr));
  for (const tfc_tensor *bad : {ints.get(), shortVector.get(), matrix.get()}) {
    EXPECT_EQ(tfc_model_call(model.get(), 0, &bad, 1, &out, 1, status.get()),
              TFC_INVALID_ARGUMENT);
    EXPECT_NE(std::string(tfc_status_message(status.get()))
                  .find("argument 'x' of train must be f32[3]"),
              std::string::npos)
        << tfc_status_message(status.get());
  }
  const tfc_tensor *null = nullptr;
  EXPECT_EQ(tfc_model_call(model.get(), 0, &null, 1, &out, 1, status.get()),
            TFC_INVALID_ARGUMENT);
  // Wrong counts, arrays, index, model.
  EXPECT_EQ(tfc_model_call(model.get(), 0, &input, 2, &out, 1, status.get()),
            TFC_INVALID_ARGUMENT);
  EXPECT_EQ(tfc_model_call(model.get(), 0, nullptr, 1, &out, 1, status.get()),
            TFC_INVALID_ARGUMENT);
  EXPECT_EQ(tfc_model_call(model.get(), 0, &input, 1, nullptr, 1, status.get()),
            TFC_INVALID_ARGUMENT);
  EXPECT_EQ(tfc_model_call(model.get(), 7, &input, 1, &out, 1, status.get()),
            TFC_INVALID_ARGUMENT);
  EXPECT_EQ(tfc_model_call(nullptr, 0, &input, 1, &out, 1, status.get()),
            TFC_INVALID_ARGUMENT);
  EXPECT_EQ(
      tfc_model_initialize(model.get(), "NO_SUCH_COLLECTION", status.get()),
      TFC_NOT_FOUND);
  EXPECT_EQ(out, nullptr);

  // None of that touched w: the next step goes on from [1, 2, 3].
  EXPECT_EQ(train(model.get(), x.get()), (std::vector<float>{2, 4, 6}));
}

TEST_F(ModelApiTest, ModelsOnOneStoreShareVariables) {
  tfc_store *store = tfc_store_create(status.get());
  Model trainer(tfc_model_create(trainAbi, store, status.get()));
  Model server(tfc_model_create(serveAbi, store, status.get()));
  tfc_store_release(store);
  ASSERT_TRUE(trainer && server) << tfc_status_message(status.get());
  ASSERT_EQ(
      tfc_model_initialize(trainer.get(), "GLOBAL_VARIABLES", status.get()),
      TFC_OK);
  Tensor x = vector3(1, 2, 3);
  train(trainer.get(), x.get());
  train(trainer.get(), x.get());
  trainer.reset(); // the store lives on with the server

  int64_t shape[] = {2, 3};
  Tensor batch(tfc_tensor_create(TFC_F32, 2, shape, nullptr));
  float *data = static_cast<float *>(tfc_tensor_data(batch.get()));
  for (int i = 0; i < 6; ++i)
    data[i] = static_cast<float>(i);
  const tfc_tensor *input = batch.get();
  tfc_tensor *outputs[2] = {nullptr, nullptr};
  ASSERT_EQ(
      tfc_model_call(server.get(), 0, &input, 1, outputs, 2, status.get()),
      TFC_OK)
      << tfc_status_message(status.get());
  Tensor y(outputs[0]), w(outputs[1]);
  EXPECT_EQ(values(w.get()), (std::vector<float>{2, 4, 6}));
  EXPECT_EQ(values(y.get()), (std::vector<float>{0, 4, 12, 6, 16, 30}));
  EXPECT_EQ(tfc_tensor_dim(y.get(), 0), 2);
}

TEST_F(ModelApiTest, ReadersRunInParallelWritersAreSerialized) {
  tfc_store *store = tfc_store_create(status.get());
  Model trainer(tfc_model_create(trainAbi, store, status.get()));
  Model server(tfc_model_create(serveAbi, store, status.get()));
  tfc_store_release(store);
  ASSERT_TRUE(trainer && server);
  ASSERT_EQ(tfc_model_initialize(trainer.get(), "GLOBAL_VARIABLES", nullptr),
            TFC_OK);

  constexpr int kWriters = 4, kSteps = 200, kReaders = 4;
  std::atomic<bool> torn{false}, failed{false};
  std::vector<std::thread> threads;
  for (int t = 0; t < kWriters; ++t)
    threads.emplace_back([&] {
      Tensor x = vector3(1, 2, 3);
      const tfc_tensor *input = x.get();
      for (int i = 0; i < kSteps; ++i) {
        tfc_tensor *out = nullptr;
        if (tfc_model_call(trainer.get(), 0, &input, 1, &out, 1, nullptr) !=
            TFC_OK)
          failed = true;
        tfc_tensor_destroy(out);
      }
    });
  for (int t = 0; t < kReaders; ++t)
    threads.emplace_back([&] {
      int64_t shape[] = {1, 3};
      Tensor ones(tfc_tensor_create(TFC_F32, 2, shape, nullptr));
      float *data = static_cast<float *>(tfc_tensor_data(ones.get()));
      data[0] = data[1] = data[2] = 1;
      const tfc_tensor *input = ones.get();
      for (int i = 0; i < kSteps; ++i) {
        tfc_tensor *outputs[2] = {nullptr, nullptr};
        if (tfc_model_call(server.get(), 0, &input, 1, outputs, 2, nullptr) !=
            TFC_OK) {
          failed = true;
          continue;
        }
        // w is always k * [1, 2, 3]: a reader never sees half an update.
        std::vector<float> w = values(outputs[1]);
        if (w[1] != 2 * w[0] || w[2] != 3 * w[0])
          torn = true;
        tfc_tensor_destroy(outputs[0]);
        tfc_tensor_destroy(outputs[1]);
      }
    });
  for (std::thread &thread : threads)
    thread.join();
  EXPECT_FALSE(failed);
  EXPECT_FALSE(torn);

  Tensor zero = vector3(0, 0, 0);
  EXPECT_EQ(train(trainer.get(), zero.get()),
            (std::vector<float>{kWriters * kSteps, 2 * kWriters * kSteps,
                                3 * kWriters * kSteps}));
}

} // namespace
