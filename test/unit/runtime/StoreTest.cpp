//===- StoreTest.cpp - Variable registration, sharing, reflection ---------===//

#include "RuntimeTestUtils.h"

#include <cstdint>

using namespace tfc::runtime::testing;

namespace {

class StoreTest : public ::testing::Test {
protected:
  void SetUp() override {
    store.reset(tfc_store_create(status.get()));
    ASSERT_TRUE(store) << describe(status.get());
  }

  /// Registers through a descriptor and expects an INVALID_ARGUMENT error
  /// containing `text`, with nothing registered.
  void expectRejected(const tfc_variable_desc &desc, const char *text) {
    EXPECT_EQ(tfc_store_register(store.get(), &desc, status.get()), nullptr);
    EXPECT_TFC_ERROR(status.get(), TFC_INVALID_ARGUMENT, text);
    EXPECT_EQ(tfc_store_num_variables(store.get()), 0);
  }

  std::vector<std::string> collectionsOf(const tfc_variable *var) {
    std::vector<std::string> result;
    for (int64_t i = 0; i < tfc_variable_num_collections(var); ++i)
      result.push_back(tfc_variable_collection(var, i));
    return result;
  }

  std::vector<std::string> uninitialized(const char *collection) {
    int64_t count = tfc_store_uninitialized(store.get(), collection, nullptr, 0,
                                            status.get());
    EXPECT_GE(count, 0) << describe(status.get());
    std::vector<const char *> names(static_cast<size_t>(count));
    EXPECT_EQ(tfc_store_uninitialized(store.get(), collection, names.data(),
                                      count, status.get()),
              count);
    return std::vector<std::string>(names.begin(), names.end());
  }

  StatusPtr status = makeStatus();
  StorePtr store;
};

TEST_F(StoreTest, RegisterDescribesTheVariable) {
  tfc_variable *var =
      registerVariable(store.get(), "dense/kernel", TFC_F32, {3, 4});
  ASSERT_TRUE(var);
  EXPECT_STREQ(tfc_variable_name(var), "dense/kernel");
  EXPECT_EQ(tfc_variable_dtype(var), TFC_F32);
  EXPECT_EQ(tfc_variable_rank(var), 2);
  EXPECT_EQ(tfc_variable_shape(var)[0], 3);
  EXPECT_EQ(tfc_variable_shape(var)[1], 4);
  EXPECT_EQ(tfc_variable_num_elements(var), 12);
  EXPECT_EQ(tfc_variable_byte_size(var), 48);
  EXPECT_EQ(tfc_variable_trainable(var), 1);
  EXPECT_EQ(tfc_variable_is_initialized(var), 0);
  auto address = reinterpret_cast<uintptr_t>(tfc_variable_data(var));
  EXPECT_EQ(address % TFC_ALIGNMENT, 0u);
  const auto *bytes =
      static_cast<const unsigned char *>(tfc_variable_data(var));
  for (int i = 0; i < 48; ++i)
    EXPECT_EQ(bytes[i], 0) << "byte " << i;
}

TEST_F(StoreTest, CollectionsFollowTensorFlowDefaults) {
  tfc_variable *trainable = registerVariable(store.get(), "w", TFC_F32, {2});
  EXPECT_EQ(collectionsOf(trainable),
            (std::vector<std::string>{"variables", "trainable_variables"}));
  tfc_variable *step = registerVariable(store.get(), "global_step", TFC_I64, {},
                                        {}, /*trainable=*/false);
  EXPECT_EQ(collectionsOf(step), std::vector<std::string>{"variables"});
  tfc_variable *local =
      registerVariable(store.get(), "metrics/count", TFC_F32, {},
                       {TFC_LOCAL_VARIABLES, "metrics", TFC_LOCAL_VARIABLES},
                       /*trainable=*/false);
  EXPECT_EQ(collectionsOf(local),
            (std::vector<std::string>{"local_variables", "metrics"}));
  EXPECT_EQ(tfc_variable_in_collection(local, "metrics"), 1);
  EXPECT_EQ(tfc_variable_in_collection(local, "variables"), 0);
  EXPECT_EQ(tfc_variable_in_collection(local, nullptr), 0);
  EXPECT_EQ(tfc_variable_collection(local, 2), nullptr);
  EXPECT_EQ(tfc_variable_collection(local, -1), nullptr);
}

// A non-NULL empty list is "no collection", not the default: a variable
// only in TRAINABLE_VARIABLES (tf.get_variable(collections=[])).
TEST_F(StoreTest, AnEmptyCollectionListMeansNone) {
  const int64_t shape[] = {2};
  static const char *const none[] = {nullptr};
  tfc_variable_desc desc{"only_trainable", TFC_F32, 1, 1, shape, none, 0};
  tfc_variable *var = tfc_store_register(store.get(), &desc, status.get());
  ASSERT_TRUE(var) << describe(status.get());
  EXPECT_EQ(collectionsOf(var),
            std::vector<std::string>{"trainable_variables"});
  desc.name = "in_nothing";
  desc.trainable = 0;
  var = tfc_store_register(store.get(), &desc, status.get());
  ASSERT_TRUE(var) << describe(status.get());
  EXPECT_EQ(tfc_variable_num_collections(var), 0);
  EXPECT_EQ(uninitialized(TFC_GLOBAL_VARIABLES), std::vector<std::string>{});
}

TEST_F(StoreTest, SameNameAndTypeSharesTheVariable) {
  tfc_variable *first = registerVariable(store.get(), "w", TFC_F32, {2, 3});
  tfc_variable *second = registerVariable(store.get(), "w", TFC_F32, {2, 3},
                                          {"other"}, /*trainable=*/false);
  EXPECT_EQ(first, second);
  EXPECT_EQ(tfc_store_num_variables(store.get()), 1);
  // The first registration's metadata stays.
  EXPECT_EQ(tfc_variable_trainable(second), 1);
  EXPECT_EQ(tfc_variable_in_collection(second, "other"), 0);
}

TEST_F(StoreTest, MismatchedShareNamesBothTypes) {
  registerVariable(store.get(), "w", TFC_F32, {2, 3});
  int64_t shape[] = {3, 2};
  tfc_variable_desc desc = {};
  desc.name = "w";
  desc.dtype = TFC_F32;
  desc.rank = 2;
  desc.shape = shape;
  EXPECT_EQ(tfc_store_register(store.get(), &desc, status.get()), nullptr);
  EXPECT_TFC_ERROR(status.get(), TFC_INVALID_ARGUMENT,
                   "Trying to share variable w, but specified f32[3,2] and "
                   "found f32[2,3]");
  int64_t same[] = {2, 3};
  desc.shape = same;
  desc.dtype = TFC_F64;
  EXPECT_EQ(tfc_store_register(store.get(), &desc, status.get()), nullptr);
  EXPECT_TFC_ERROR(status.get(), TFC_INVALID_ARGUMENT,
                   "specified f64[2,3] and found f32[2,3]");
  desc.rank = 1;
  EXPECT_EQ(tfc_store_register(store.get(), &desc, status.get()), nullptr);
  EXPECT_TFC_ERROR(status.get(), TFC_INVALID_ARGUMENT,
                   "specified f64[2] and found f32[2,3]");
  EXPECT_EQ(tfc_store_num_variables(store.get()), 1);
}

TEST_F(StoreTest, TwoModelsOnOneStoreSeeEachOthersWrites) {
  // "train" registers and initializes; "serve" registers the same variable
  // later and reads what train wrote, through its own handle.
  tfc_store_retain(store.get());
  StorePtr trainRef(store.get());
  tfc_store_retain(store.get());
  StorePtr serveRef(store.get());
  store.reset();

  tfc_variable *trainW = addVariable(trainRef.get(), "w", TFC_F32, "[1, 2]");
  tfc_variable *serveW = registerVariable(serveRef.get(), "w", TFC_F32, {2});
  ASSERT_EQ(trainW, serveW);
  EXPECT_EQ(tfc_variable_is_initialized(serveW), 1);
  trainRef.reset(); // The train model goes away; the store stays.
  TensorPtr value(tfc_variable_read(serveW, status.get()));
  EXPECT_EQ(toString(value.get()), "f32[2] [1 2]");
}

TEST_F(StoreTest, FindAndReflection) {
  tfc_variable *a = registerVariable(store.get(), "a", TFC_F32, {1});
  tfc_variable *b = registerVariable(store.get(), "b/c", TFC_I8, {});
  EXPECT_EQ(tfc_store_find(store.get(), "b/c", status.get()), b);
  EXPECT_EQ(tfc_store_find(store.get(), "b", status.get()), nullptr);
  EXPECT_TFC_ERROR(status.get(), TFC_NOT_FOUND,
                   "no variable named 'b' in the store");
  EXPECT_EQ(tfc_store_num_variables(store.get()), 2);
  EXPECT_EQ(tfc_store_variable_at(store.get(), 0), a);
  EXPECT_EQ(tfc_store_variable_at(store.get(), 1), b);
  EXPECT_EQ(tfc_store_variable_at(store.get(), 2), nullptr);
  EXPECT_EQ(tfc_store_variable_at(store.get(), -1), nullptr);
  EXPECT_EQ(tfc_store_find(store.get(), nullptr, status.get()), nullptr);
  EXPECT_TFC_ERROR(status.get(), TFC_INVALID_ARGUMENT, "NULL name");
}

TEST_F(StoreTest, ReportsUninitializedVariablesPerCollection) {
  tfc_variable *w = registerVariable(store.get(), "w", TFC_F32, {2});
  registerVariable(store.get(), "b", TFC_F32, {2});
  tfc_variable *count = registerVariable(store.get(), "count", TFC_I64, {},
                                         {TFC_LOCAL_VARIABLES}, false);
  EXPECT_EQ(uninitialized(nullptr),
            (std::vector<std::string>{"w", "b", "count"}));
  EXPECT_EQ(uninitialized(TFC_GLOBAL_VARIABLES),
            (std::vector<std::string>{"w", "b"}));
  EXPECT_EQ(uninitialized(TFC_LOCAL_VARIABLES),
            std::vector<std::string>{"count"});
  tfc_variable_set_initialized(w, 1);
  tfc_variable_set_initialized(count, 1);
  EXPECT_EQ(uninitialized(nullptr), std::vector<std::string>{"b"});
  EXPECT_EQ(uninitialized(TFC_LOCAL_VARIABLES), std::vector<std::string>{});
  // A short array gets the first names and the full count.
  tfc_variable_set_initialized(w, 0);
  const char *first = nullptr;
  EXPECT_EQ(
      tfc_store_uninitialized(store.get(), nullptr, &first, 1, status.get()),
      2);
  EXPECT_STREQ(first, "w");
}

TEST_F(StoreTest, UninitializedRejectsBadArguments) {
  EXPECT_EQ(tfc_store_uninitialized(nullptr, nullptr, nullptr, 0, status.get()),
            -1);
  EXPECT_TFC_ERROR(status.get(), TFC_INVALID_ARGUMENT, "NULL store");
  EXPECT_EQ(
      tfc_store_uninitialized(store.get(), nullptr, nullptr, 3, status.get()),
      -1);
  EXPECT_TFC_ERROR(status.get(), TFC_INVALID_ARGUMENT, "NULL names");
  EXPECT_EQ(
      tfc_store_uninitialized(store.get(), nullptr, nullptr, -1, status.get()),
      -1);
  EXPECT_TFC_ERROR(status.get(), TFC_INVALID_ARGUMENT, "negative capacity");
}

TEST_F(StoreTest, RegisterRejectsBadDescriptors) {
  int64_t shape[] = {2, 3};
  int64_t unknown[] = {-1, 3};
  const char *nullCollection[] = {"variables", nullptr};
  std::string longName(5000, 'x');
  tfc_variable_desc good = {};
  good.name = "w";
  good.dtype = TFC_F32;
  good.rank = 2;
  good.shape = shape;

  EXPECT_EQ(tfc_store_register(store.get(), nullptr, status.get()), nullptr);
  EXPECT_TFC_ERROR(status.get(), TFC_INVALID_ARGUMENT, "descriptor is NULL");
  EXPECT_EQ(tfc_store_register(nullptr, &good, status.get()), nullptr);
  EXPECT_TFC_ERROR(status.get(), TFC_INVALID_ARGUMENT, "NULL store");

  tfc_variable_desc desc = good;
  desc.name = nullptr;
  expectRejected(desc, "variable name is NULL");
  desc.name = "";
  expectRejected(desc, "variable name is empty");
  desc.name = longName.c_str();
  expectRejected(desc, "longer than 4096");
  desc = good;
  desc.dtype = 12;
  expectRejected(desc, "variable 'w' has an invalid dtype 12");
  desc = good;
  desc.shape = unknown;
  expectRejected(desc, "variable 'w' has shape [-1,3]: dimension 0 is "
                       "negative");
  desc = good;
  desc.rank = 40;
  expectRejected(desc, "variable 'w' has rank 40");
  desc = good;
  desc.shape = nullptr;
  expectRejected(desc, "its shape is NULL");
  desc = good;
  desc.num_collections = 2;
  expectRejected(desc, "2 collections but a NULL list");
  desc.collections = nullCollection;
  expectRejected(desc, "collection 1 is NULL");
  desc.num_collections = -1;
  expectRejected(desc, "has -1 collections");
}

TEST_F(StoreTest, FailedAllocationRegistersNothing) {
  int64_t huge[] = {int64_t(1) << 40, 1 << 20};
  tfc_variable_desc desc = {};
  desc.name = "embedding";
  desc.dtype = TFC_I8;
  desc.rank = 2;
  desc.shape = huge;
  EXPECT_EQ(tfc_store_register(store.get(), &desc, status.get()), nullptr);
  EXPECT_TFC_ERROR(status.get(), TFC_RESOURCE_EXHAUSTED,
                   "cannot allocate 1152921504606846976 bytes for variable "
                   "'embedding' of type i8[1099511627776,1048576]");
  EXPECT_EQ(tfc_store_num_variables(store.get()), 0);
  EXPECT_EQ(tfc_store_find(store.get(), "embedding", nullptr), nullptr);
}

TEST_F(StoreTest, BuffersNeverMove) {
  tfc_variable *first = registerVariable(store.get(), "first", TFC_F32, {4});
  void *data = tfc_variable_data(first);
  for (int i = 0; i < 200; ++i)
    registerVariable(store.get(), ("v" + std::to_string(i)).c_str(), TFC_I8,
                     {i});
  EXPECT_EQ(tfc_store_find(store.get(), "first", status.get()), first);
  EXPECT_EQ(tfc_variable_data(first), data);
}

TEST_F(StoreTest, AssignAndReadCopyAndCheck) {
  tfc_variable *w = registerVariable(store.get(), "w", TFC_F32, {2});
  TensorPtr unread(tfc_variable_read(w, status.get()));
  EXPECT_FALSE(unread);
  EXPECT_TFC_ERROR(status.get(), TFC_FAILED_PRECONDITION,
                   "Attempting to use uninitialized value w");
  EXPECT_EQ(tfc_variable_require_initialized(w, status.get()),
            TFC_FAILED_PRECONDITION);

  TensorPtr value = parse("[3, 4]", TFC_F32);
  ASSERT_EQ(tfc_variable_assign(w, value.get(), status.get()), TFC_OK)
      << describe(status.get());
  EXPECT_EQ(tfc_variable_is_initialized(w), 1);
  EXPECT_EQ(tfc_variable_require_initialized(w, status.get()), TFC_OK);
  static_cast<float *>(tfc_tensor_data(value.get()))[0] = 100;
  TensorPtr read(tfc_variable_read(w, status.get()));
  EXPECT_EQ(toString(read.get()), "f32[2] [3 4]");

  TensorPtr wrong = parse("[1, 2, 3]", TFC_F32);
  EXPECT_EQ(tfc_variable_assign(w, wrong.get(), status.get()),
            TFC_INVALID_ARGUMENT);
  EXPECT_TFC_ERROR(status.get(), TFC_INVALID_ARGUMENT,
                   "value assigned to variable 'w' must be f32[2] but is "
                   "f32[3]");
  TensorPtr after(tfc_variable_read(w, status.get()));
  EXPECT_EQ(toString(after.get()), "f32[2] [3 4]");
  EXPECT_EQ(tfc_variable_assign(w, nullptr, status.get()),
            TFC_INVALID_ARGUMENT);
  EXPECT_EQ(tfc_variable_assign(nullptr, value.get(), status.get()),
            TFC_INVALID_ARGUMENT);
}

TEST(Store, NullStoreAndVariableAreHarmless) {
  tfc_store_retain(nullptr);
  tfc_store_release(nullptr);
  tfc_store_lock_shared(nullptr);
  tfc_store_unlock_shared(nullptr);
  tfc_store_lock_exclusive(nullptr);
  tfc_store_unlock_exclusive(nullptr);
  EXPECT_EQ(tfc_store_num_variables(nullptr), -1);
  EXPECT_EQ(tfc_store_variable_at(nullptr, 0), nullptr);
  EXPECT_EQ(tfc_variable_name(nullptr), nullptr);
  EXPECT_EQ(tfc_variable_dtype(nullptr), TFC_DTYPE_INVALID);
  EXPECT_EQ(tfc_variable_rank(nullptr), -1);
  EXPECT_EQ(tfc_variable_shape(nullptr), nullptr);
  EXPECT_EQ(tfc_variable_num_elements(nullptr), -1);
  EXPECT_EQ(tfc_variable_byte_size(nullptr), -1);
  EXPECT_EQ(tfc_variable_trainable(nullptr), -1);
  EXPECT_EQ(tfc_variable_num_collections(nullptr), -1);
  EXPECT_EQ(tfc_variable_data(nullptr), nullptr);
  EXPECT_EQ(tfc_variable_is_initialized(nullptr), -1);
  tfc_variable_set_initialized(nullptr, 1);
  StatusPtr status = makeStatus();
  EXPECT_EQ(tfc_variable_read(nullptr, status.get()), nullptr);
  EXPECT_TFC_ERROR(status.get(), TFC_INVALID_ARGUMENT, "NULL variable");
  EXPECT_EQ(tfc_variable_require_initialized(nullptr, status.get()),
            TFC_INVALID_ARGUMENT);
}

} // namespace
