//===- SaverCallTest.cpp - SaveV2 and RestoreV2 from compiled code --------===//
//
// tfc_rt_save_tensors and tfc_rt_restore_tensors as a compiled graph's
// saver calls them, and string inputs (a checkpoint path): a model written
// by hand whose packed functions make the calls `tfc-lower-runtime-calls`
// emits. What a save writes must be what tfc_store_save_tensorflow writes
// for the same values; what a restore reads must come back bit for bit.
//
//===----------------------------------------------------------------------===//

#include "TensorFlowTestUtils.h"

#include <cstdint>

using namespace tfc::runtime::testing;

namespace {

/// A memref descriptor of rank 1: {allocated, aligned, offset, size,
/// stride}. `sizes` points at size, followed by the stride, the
/// sizes-and-strides encoding of tfc_rt_push_tensor.
struct Descriptor1 {
  int64_t allocated, aligned, offset, size, stride;
  uintptr_t sizes() const { return reinterpret_cast<uintptr_t>(&size); }
};

const Descriptor1 &argument(void **args, int index) {
  return *static_cast<const Descriptor1 *>(args[index]);
}

/// save(path: string, b: f32[2], w: f32[2]): SaveV2 of ["w", "b"] (not
/// sorted: the runtime sorts).
void saveFunction(void **args) {
  const Descriptor1 &path = argument(args, 0);
  tfc_rt_push_tensor(TFC_I8, 1, path.aligned, path.offset, path.sizes());
  const Descriptor1 &b = argument(args, 1);
  const Descriptor1 &w = argument(args, 2);
  tfc_rt_push_tensor(TFC_F32, 1, w.aligned, w.offset, w.sizes());
  tfc_rt_push_tensor(TFC_F32, 1, b.aligned, b.offset, b.sizes());
  tfc_rt_save_tensors("w\0b", 2);
}

/// The result buffer of `restore`: returned, so the runtime copies it out.
float restored[2];

/// restore(path: string) -> w: f32[2]: RestoreV2 of ["w"]. The result's
/// shape is static, as the importer makes it: the runtime checks the
/// tensor read against it.
void restoreFunction(void **args) {
  const Descriptor1 &path = argument(args, 1);
  tfc_rt_push_tensor(TFC_I8, 1, path.aligned, path.offset, path.sizes());
  tfc_rt_restore_tensors("w", 1);
  int64_t sizes[2] = {2, 1};
  auto *result = static_cast<Descriptor1 *>(args[0]);
  *result = {reinterpret_cast<int64_t>(restored),
             reinterpret_cast<int64_t>(restored), 0, sizes[0], 1};
  tfc_rt_host_result(0, TFC_F32, 1, reinterpret_cast<uintptr_t>(restored), 0,
                     reinterpret_cast<uintptr_t>(sizes));
}

const char kMetadata[] =
    "tfc-model 1\n"
    "model saver\n"
    "entry save 0 public reads args 3 path string 1 -1 b f32 1 2 "
    "w f32 1 2 results 0 variables 0\n"
    "entry restore 1 public reads args 1 path string 1 -1 results 1 "
    "w f32 1 2 variables 0\n"
    "end\n";
const tfc_packed_fn kFunctions[] = {saveFunction, restoreFunction};
const tfc_model_abi kAbi = {
    TFC_MODEL_ABI_VERSION, 2,          0,       0,      kMetadata,
    sizeof(kMetadata) - 1, kFunctions, nullptr, nullptr};

using tfc::ModelPtr;

class SaverCallTest : public ::testing::Test {
protected:
  void SetUp() override {
    model.reset(tfc_model_create(&kAbi, nullptr, status.get()));
    ASSERT_TRUE(model) << describe(status.get());
  }

  tfc_code save(const std::string &path, const char *b, const char *w) {
    TensorPtr pathTensor(tfc_tensor_create_string(path.c_str(), status.get()));
    TensorPtr bTensor = parse(b, TFC_F32), wTensor = parse(w, TFC_F32);
    const tfc_tensor *inputs[] = {pathTensor.get(), bTensor.get(),
                                  wTensor.get()};
    tfc_tensor *none[1] = {nullptr};
    return tfc_model_call(model.get(), 0, inputs, 3, none, 0, status.get());
  }

  /// The restored `w` as text, or the error.
  std::string restore(const std::string &path) {
    TensorPtr pathTensor(tfc_tensor_create_string(path.c_str(), status.get()));
    const tfc_tensor *inputs[] = {pathTensor.get()};
    tfc_tensor *output = nullptr;
    if (tfc_model_call(model.get(), 1, inputs, 1, &output, 1, status.get()))
      return describe(status.get());
    TensorPtr owned(output);
    return toString(output);
  }

  StatusPtr status = makeStatus();
  ModelPtr model;
  TempDir dir;
};

TEST_F(SaverCallTest, StringInputsAreTheirBytes) {
  TensorPtr text(tfc_tensor_create_string("a/b.ckpt", status.get()));
  ASSERT_TRUE(text);
  EXPECT_EQ(tfc_tensor_dtype(text.get()), TFC_I8);
  ASSERT_EQ(tfc_tensor_rank(text.get()), 1);
  EXPECT_EQ(tfc_tensor_dim(text.get(), 0), 8);
  EXPECT_EQ(std::memcmp(tfc_tensor_data(text.get()), "a/b.ckpt", 8), 0);
  TensorPtr empty(tfc_tensor_create_string("", status.get()));
  ASSERT_TRUE(empty);
  EXPECT_EQ(tfc_tensor_dim(empty.get(), 0), 0);
  EXPECT_EQ(tfc_tensor_create_string(nullptr, status.get()), nullptr);
  EXPECT_TFC_ERROR(status.get(), TFC_INVALID_ARGUMENT, "NULL");

  // The metadata's `string` says which inputs are strings; they take i8
  // vectors.
  EXPECT_EQ(tfc_model_input_is_string(model.get(), 0, 0), 1);
  EXPECT_EQ(tfc_model_input_is_string(model.get(), 0, 1), 0);
  EXPECT_EQ(tfc_model_input_is_string(model.get(), 5, 0), 0);
  const tfc_entry_info *entry = tfc_model_entry_at(model.get(), 0);
  EXPECT_EQ(entry->inputs[0].dtype, TFC_I8);
  EXPECT_EQ(entry->inputs[0].rank, 1);
  EXPECT_EQ(entry->inputs[0].shape[0], -1);
}

TEST_F(SaverCallTest, SavesWhatTheStoreWriterWritesAndRestoresIt) {
  std::string prefix = dir.file("graph");
  ASSERT_EQ(save(prefix, "[0.5, -1]", "[2, 3]"), TFC_OK)
      << describe(status.get());

  StorePtr store(tfc_store_create(status.get()));
  addVariable(store.get(), "w", TFC_F32, "[2, 3]");
  addVariable(store.get(), "b", TFC_F32, "[0.5, -1]");
  std::string reference = dir.file("store");
  ASSERT_EQ(tfc_store_save_tensorflow(store.get(), reference.c_str(),
                                      status.get()),
            TFC_OK);
  EXPECT_EQ(readFile(prefix + ".index"), readFile(reference + ".index"));
  EXPECT_EQ(readFile(prefix + ".data-00000-of-00001"),
            readFile(reference + ".data-00000-of-00001"));

  EXPECT_EQ(restore(prefix), "f32[2] [2 3]");
  // tfc's own format is read too.
  std::string own = dir.file("own.ckpt");
  ASSERT_EQ(tfc_store_save(store.get(), own.c_str(), status.get()), TFC_OK);
  EXPECT_EQ(restore(own), "f32[2] [2 3]");
}

TEST_F(SaverCallTest, ReadsCheckpointsTensorFlowWrote) {
  // TensorFlow Rust's regression model holds w as f32[1]; TensorFlow
  // Serving's half_plus_two has no w.
  std::string regression = tensorFlowInput("regression/variables");
  EXPECT_EQ(restore(regression),
            "INVALID_ARGUMENT: checkpoint '" + regression +
                "' holds tensor 'w' as f32[1], but the model declares f32[2]");
  std::string halfPlusTwo = tensorFlowInput("half_plus_two/variables");
  EXPECT_EQ(restore(halfPlusTwo),
            "NOT_FOUND: cannot restore tensor 'w': checkpoint '" +
                halfPlusTwo + "' has no such tensor");
}

TEST_F(SaverCallTest, ErrorsNameTheCheckpointAndTheTensor) {
  std::string prefix = dir.file("bad");
  // The model checks its inputs before any code runs.
  ASSERT_EQ(save(prefix, "[0.5, -1]", "[2, 3, 4]"), TFC_INVALID_ARGUMENT);
  ASSERT_EQ(save(prefix, "[0.5, -1]", "[2, 3]"), TFC_OK);

  StorePtr store(tfc_store_create(status.get()));
  addVariable(store.get(), "w", TFC_F32, "[2, 3, 4]");
  std::string wide = dir.file("wide");
  ASSERT_EQ(tfc_store_save_tensorflow(store.get(), wide.c_str(),
                                      status.get()),
            TFC_OK);
  EXPECT_EQ(restore(wide), "INVALID_ARGUMENT: checkpoint '" + wide +
                               "' holds tensor 'w' as f32[3], but the model "
                               "declares f32[2]");
  EXPECT_EQ(restore(dir.file("missing")).rfind("NOT_FOUND: ", 0), 0u)
      << restore(dir.file("missing"));
  EXPECT_EQ(restore(""),
            "INVALID_ARGUMENT: RestoreV2: the checkpoint path is empty");

  // A directory that cannot be made (a file is in the way): the error
  // names it, nothing is written.
  writeFile(dir.file("file"), {'x'});
  std::string nowhere = dir.file("file/dir/x");
  EXPECT_NE(save(nowhere, "[0.5, -1]", "[2, 3]"), TFC_OK);
  EXPECT_NE(std::string(tfc_status_message(status.get()))
                .find("'" + dir.file("file") + "'"),
            std::string::npos)
      << tfc_status_message(status.get());
}

TEST_F(SaverCallTest, MakesTheDirectoryAsSaveV2Does) {
  // A sharded save writes its parts to a directory that does not exist yet.
  std::string part = dir.file("model_temp/part-00000-of-00001");
  ASSERT_EQ(save(part, "[0.5, -1]", "[2, 3]"), TFC_OK)
      << tfc_status_message(status.get());
  EXPECT_EQ(restore(part), "f32[2] [2 3]");
}

} // namespace
