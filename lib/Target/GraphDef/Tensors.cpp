//===- Tensors.cpp - TensorFlow dtypes, shapes and TensorProtos -----------===//

#include "Importer.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/Endian.h"

using namespace mlir;
using namespace mlir::tfc::graphdef;

Type mlir::tfc::graphdef::convertDataType(MLIRContext *context, int dtype) {
  if (dtype > 100)
    dtype -= 100;
  Builder b(context);
  switch (dtype) {
  case tensorflow::DT_FLOAT:
    return b.getF32Type();
  case tensorflow::DT_DOUBLE:
    return b.getF64Type();
  case tensorflow::DT_HALF:
    return b.getF16Type();
  case tensorflow::DT_BFLOAT16:
    return b.getBF16Type();
  case tensorflow::DT_INT32:
    return b.getI32Type();
  case tensorflow::DT_INT64:
    return b.getI64Type();
  case tensorflow::DT_INT8:
    return b.getI8Type();
  case tensorflow::DT_BOOL:
    return b.getI1Type();
  default:
    return {};
  }
}

std::string mlir::tfc::graphdef::dataTypeName(int dtype) {
  bool ref = dtype > 100;
  int base = ref ? dtype - 100 : dtype;
  std::string name =
      tensorflow::DataType_IsValid(base)
          ? tensorflow::DataType_Name(static_cast<tensorflow::DataType>(base))
          : "dtype " + std::to_string(base);
  return ref ? name + "_REF" : name;
}

Type mlir::tfc::graphdef::convertShape(
    const tensorflow::TensorShapeProto &shape, Type element) {
  if (shape.unknown_rank())
    return UnrankedTensorType::get(element);
  SmallVector<int64_t> dims;
  for (const auto &dim : shape.dim())
    dims.push_back(dim.size() < 0 ? ShapedType::kDynamic : dim.size());
  return RankedTensorType::get(dims, element);
}

namespace {

/// The values of a typed field, repeated by TensorFlow's rule: fewer values
/// than elements means the last one fills the rest (one value is a splat).
template <typename T, typename Field>
FailureOr<std::vector<T>> expand(const Field &field, int64_t count,
                                 std::string &error) {
  std::vector<T> values;
  if (field.size() > count) {
    error = "holds " + std::to_string(field.size()) + " values for " +
            std::to_string(count) + " elements";
    return failure();
  }
  values.reserve(count);
  for (const auto &v : field)
    values.push_back(static_cast<T>(v));
  T last = values.empty() ? T() : values.back();
  values.resize(count, last);
  return values;
}

/// The elements of a typed field, expanded by TensorFlow's rule, as an
/// attribute of `type` (bool, which DenseElementsAttr packs, from flags).
template <typename T, typename Field>
FailureOr<DenseElementsAttr> fromField(RankedTensorType type,
                                       const Field &field, int64_t count,
                                       std::string &error) {
  FailureOr<std::vector<T>> values = expand<T>(field, count, error);
  if (failed(values))
    return failure();
  if constexpr (std::is_same_v<T, bool>) {
    SmallVector<bool> flags(values->begin(), values->end());
    return DenseElementsAttr::get(type, ArrayRef<bool>(flags));
  } else {
    return DenseElementsAttr::getFromRawBuffer(
        type, ArrayRef<char>(reinterpret_cast<const char *>(values->data()),
                             values->size() * sizeof(T)));
  }
}

/// The tensor type of a TensorProto, with its element count; an error for a
/// dtype tfc lacks, an unknown shape, or more elements than an int64 counts.
FailureOr<RankedTensorType>
convertTensorType(const tensorflow::TensorProto &proto, MLIRContext *context,
                  int64_t &count, std::string &error) {
  Type element = convertDataType(context, proto.dtype());
  if (!element) {
    error = "holds " + dataTypeName(proto.dtype()) +
            " values, a dtype tfc does not have";
    return failure();
  }
  if (proto.tensor_shape().unknown_rank()) {
    error = "has an unknown rank";
    return failure();
  }
  SmallVector<int64_t> dims;
  count = 1;
  for (const auto &dim : proto.tensor_shape().dim()) {
    if (dim.size() < 0) {
      error = "has an unknown dimension";
      return failure();
    }
    dims.push_back(dim.size());
    if (dim.size() != 0 && count > INT64_MAX / dim.size()) {
      error = "has too many elements";
      return failure();
    }
    count *= dim.size();
  }
  return RankedTensorType::get(dims, element);
}

/// The elements of a TensorProto's tensor_content: the raw little-endian
/// bytes, one byte per bool.
FailureOr<DenseElementsAttr> fromContent(RankedTensorType type,
                                         const std::string &content,
                                         int64_t count, std::string &error) {
  unsigned bits = type.getElementType().getIntOrFloatBitWidth();
  size_t width = bits == 1 ? 1 : bits / 8;
  if (content.size() != static_cast<size_t>(count) * width) {
    error = "has " + std::to_string(content.size()) +
            " bytes of tensor_content for " + std::to_string(count) +
            " elements of " + std::to_string(width) + " bytes";
    return failure();
  }
  if (bits == 1) {
    SmallVector<bool> flags;
    for (char c : content)
      flags.push_back(c != 0);
    return DenseElementsAttr::get(type, ArrayRef<bool>(flags));
  }
  static_assert(llvm::endianness::native == llvm::endianness::little,
                "tensor_content is little endian");
  return DenseElementsAttr::getFromRawBuffer(
      type, ArrayRef<char>(content.data(), content.size()));
}

} // namespace

FailureOr<DenseElementsAttr>
mlir::tfc::graphdef::convertTensor(const tensorflow::TensorProto &proto,
                                   MLIRContext *context, std::string &error) {
  int64_t count = 0;
  FailureOr<RankedTensorType> type =
      convertTensorType(proto, context, count, error);
  if (failed(type))
    return failure();
  if (!proto.tensor_content().empty())
    return fromContent(*type, proto.tensor_content(), count, error);

  switch (proto.dtype()) {
  case tensorflow::DT_FLOAT:
    return fromField<float>(*type, proto.float_val(), count, error);
  case tensorflow::DT_DOUBLE:
    return fromField<double>(*type, proto.double_val(), count, error);
  case tensorflow::DT_INT32:
    return fromField<int32_t>(*type, proto.int_val(), count, error);
  case tensorflow::DT_INT8:
    return fromField<int8_t>(*type, proto.int_val(), count, error);
  case tensorflow::DT_INT64:
    return fromField<int64_t>(*type, proto.int64_val(), count, error);
  case tensorflow::DT_HALF:
  case tensorflow::DT_BFLOAT16:
    // Both keep their 16 bits in half_val.
    return fromField<uint16_t>(*type, proto.half_val(), count, error);
  case tensorflow::DT_BOOL:
    return fromField<bool>(*type, proto.bool_val(), count, error);
  default:
    error = "holds " + dataTypeName(proto.dtype()) + " values";
    return failure();
  }
}
