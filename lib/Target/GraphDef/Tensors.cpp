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

template <typename T>
DenseElementsAttr fromValues(RankedTensorType type,
                             const std::vector<T> &values) {
  return DenseElementsAttr::getFromRawBuffer(
      type, ArrayRef<char>(reinterpret_cast<const char *>(values.data()),
                           values.size() * sizeof(T)));
}

} // namespace

FailureOr<DenseElementsAttr>
mlir::tfc::graphdef::convertTensor(const tensorflow::TensorProto &proto,
                                   MLIRContext *context, std::string &error) {
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
  int64_t count = 1;
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
  auto type = RankedTensorType::get(dims, element);
  const std::string &content = proto.tensor_content();
  unsigned bits = element.getIntOrFloatBitWidth();
  if (!content.empty()) {
    size_t width = bits == 1 ? 1 : bits / 8;
    if (content.size() != static_cast<size_t>(count) * width) {
      error = "has " + std::to_string(content.size()) +
              " bytes of tensor_content for " + std::to_string(count) +
              " elements of " + std::to_string(width) + " bytes";
      return failure();
    }
    if (bits == 1) {
      std::vector<bool> values;
      for (char c : content)
        values.push_back(c != 0);
      SmallVector<bool> flags(values.begin(), values.end());
      return DenseElementsAttr::get(type, ArrayRef<bool>(flags));
    }
    static_assert(llvm::endianness::native == llvm::endianness::little,
                  "tensor_content is little endian");
    return DenseElementsAttr::getFromRawBuffer(
        type, ArrayRef<char>(content.data(), content.size()));
  }

  switch (proto.dtype()) {
  case tensorflow::DT_FLOAT: {
    auto v = expand<float>(proto.float_val(), count, error);
    return failed(v) ? FailureOr<DenseElementsAttr>() : fromValues(type, *v);
  }
  case tensorflow::DT_DOUBLE: {
    auto v = expand<double>(proto.double_val(), count, error);
    return failed(v) ? FailureOr<DenseElementsAttr>() : fromValues(type, *v);
  }
  case tensorflow::DT_INT32: {
    auto v = expand<int32_t>(proto.int_val(), count, error);
    return failed(v) ? FailureOr<DenseElementsAttr>() : fromValues(type, *v);
  }
  case tensorflow::DT_INT8: {
    auto v = expand<int8_t>(proto.int_val(), count, error);
    return failed(v) ? FailureOr<DenseElementsAttr>() : fromValues(type, *v);
  }
  case tensorflow::DT_INT64: {
    auto v = expand<int64_t>(proto.int64_val(), count, error);
    return failed(v) ? FailureOr<DenseElementsAttr>() : fromValues(type, *v);
  }
  case tensorflow::DT_HALF:
  case tensorflow::DT_BFLOAT16: {
    // Both keep their 16 bits in half_val.
    auto v = expand<uint16_t>(proto.half_val(), count, error);
    return failed(v) ? FailureOr<DenseElementsAttr>() : fromValues(type, *v);
  }
  case tensorflow::DT_BOOL: {
    auto v = expand<bool>(proto.bool_val(), count, error);
    if (failed(v))
      return failure();
    SmallVector<bool> flags(v->begin(), v->end());
    return DenseElementsAttr::get(type, ArrayRef<bool>(flags));
  }
  default:
    error = "holds " + dataTypeName(proto.dtype()) + " values";
    return failure();
  }
}
