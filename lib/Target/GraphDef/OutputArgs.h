//===- OutputArgs.h - the output arguments of TensorFlow ops ---*- C++ -*-===//
//
// A FunctionDef names a body node's output `node:out_arg:idx` by output
// argument; a GraphDef names it by its flat index. This is what the
// importer knows of the output arguments of TensorFlow's ops to map one to
// the other.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_LIB_TARGET_GRAPHDEF_OUTPUTARGS_H
#define TFC_LIB_TARGET_GRAPHDEF_OUTPUTARGS_H

#include <vector>

namespace mlir::tfc::graphdef {

/// How many tensors an output argument holds: one, or as many as an
/// integer attribute (`number_attr`) or a list attribute's length
/// (`type_list_attr`) says.
struct OutputArg {
  const char *name;
  const char *numberAttr = nullptr;
  const char *typeListAttr = nullptr;
};

struct OpOutputs {
  const char *op;
  std::vector<OutputArg> args;
};

/// The output arguments of the ops with more than one, or with a list,
/// that function bodies use; an op not here (and not in the file's op
/// list) has one output argument.
const std::vector<OpOutputs> &builtinOutputLayouts();

} // namespace mlir::tfc::graphdef

#endif // TFC_LIB_TARGET_GRAPHDEF_OUTPUTARGS_H
