//===- TrainingOps.cpp - optimizer updates and scatters on variables ------===//
//
// The update ops of TensorFlow's optimizers (`ApplyGradientDescent`,
// `ApplyAdam`, ... on reference variables, `ResourceApply*` on resource
// ones) and the sparse updates (`ScatterAdd`, ...) become reads and
// assigns of the variables with the formulas of TensorFlow's CPU kernels
// (training_ops.cc, scatter_functor.h), evaluated in the variable's dtype
// in the same order. Each is effectful: it runs after the node's control
// inputs, and its token says that all its assigns have run. The reference
// forms output the variable, with the value it was given, as `Assign`.
//
//===----------------------------------------------------------------------===//

#include "Formula.h"

using namespace mlir;
using namespace mlir::tfc;
using namespace mlir::tfc::graphdef;

namespace {

/// One update node: reads and assigns ordered after the node's control
/// tokens, and the tokens of all of them.
class Update {
public:
  explicit Update(NodeImporter &n) : n(n), f(n), after(n.takeControlTokens()) {}

  NodeImporter &n;
  Formula f;

  /// Input `i` as a variable handle.
  Value variable(unsigned i) {
    FailureOr<Value> handle = n.variableInput(i);
    return failed(handle) ? f.fail() : *handle;
  }
  /// Input `i` as a tensor (a reference input is read after the control
  /// tokens).
  Value value(unsigned i) {
    FailureOr<Value> value = n.input(i);
    return failed(value) ? f.fail() : *value;
  }
  /// The variable's value before this node writes it.
  Value read(Value var) {
    if (!var)
      return f.fail();
    auto op = ReadOp::create(n.builder, n.loc, var, after);
    tokens.push_back(op.getControl());
    return op.getValue();
  }
  /// `tfc.assign`, `tfc.assign_add` or `tfc.assign_sub` of `value` to `var`;
  /// the variable's new value.
  template <typename AssignOpTy> Value write(Value var, Value value) {
    if (!var || !value)
      return f.fail();
    auto op = AssignOpTy::create(n.builder, n.loc, var, value, after);
    if (failed(n.check(op)))
      return f.fail();
    tokens.push_back(op.getControl());
    return op.getNewValue();
  }

  /// The node's control tokens, which its effects run after.
  ArrayRef<Value> controlTokens() const { return after; }
  /// An effect of the node that its later reads and writes wait for, and
  /// its token covers.
  void addPrecondition(Value token) {
    after.push_back(token);
    tokens.push_back(token);
  }

  /// Sets the node's outputs: with `resource` none, else the variable
  /// `var` holding `newValue`; and the token of every effect.
  LogicalResult finish(Value var, Value newValue, bool resource) {
    if (f.failed() || !newValue)
      return failure();
    // The reads of reference inputs taken as values.
    if (Value inputReads = n.result.token)
      tokens.insert(tokens.begin(), inputReads);
    Value token = tokens.size() == 1
                      ? tokens.front()
                      : GroupOp::create(n.builder, n.loc, tokens).getResult();
    if (!resource)
      n.setOutput(0, {newValue, var});
    n.setToken(token);
    return success();
  }

private:
  SmallVector<Value> after;
  SmallVector<Value> tokens;
};

} // namespace

/// The scalar `1` of `like`'s dtype.
static Value one(Formula &f, Value like) { return f.scalar(like, 1.0); }

//===----------------------------------------------------------------------===//
// Dense updates (training_ops.cc, the CPU functors)
//===----------------------------------------------------------------------===//

/// ApplyGradientDescent(var, alpha, delta): `var -= delta * alpha`.
static LogicalResult importApplyGradientDescent(NodeImporter &n,
                                                bool resource) {
  Update u(n);
  Value var = u.variable(0), lr = u.value(1), grad = u.value(2);
  Formula &f = u.f;
  Value updated = u.write<AssignSubOp>(var, f.mul(grad, lr));
  return u.finish(var, updated, resource);
}

/// ApplyMomentum(var, accum, lr, grad, momentum):
///   accum = accum * momentum + grad
///   var -= accum * lr, or with use_nesterov
///   var -= grad * lr + accum * momentum * lr
static LogicalResult importApplyMomentum(NodeImporter &n, bool resource) {
  Update u(n);
  Value var = u.variable(0), accum = u.variable(1), lr = u.value(2),
        grad = u.value(3), momentum = u.value(4);
  Formula &f = u.f;
  Value accumNew =
      u.write<AssignOp>(accum, f.add(f.mul(u.read(accum), momentum), grad));
  Value delta =
      n.boolAttr("use_nesterov", false)
          ? f.add(f.mul(grad, lr), f.mul(f.mul(accumNew, momentum), lr))
          : f.mul(accumNew, lr);
  return u.finish(var, u.write<AssignSubOp>(var, delta), resource);
}

/// ApplyAdam(var, m, v, beta1_power, beta2_power, lr, beta1, beta2,
/// epsilon, grad) (ApplyAdamNonCuda):
///   alpha = lr * sqrt(1 - beta2_power) / (1 - beta1_power)
///   m += (grad - m) * (1 - beta1)
///   v += (grad^2 - v) * (1 - beta2)
///   var -= (m * alpha) / (sqrt(v) + epsilon), or with use_nesterov
///   var -= ((grad * (1 - beta1) + beta1 * m) * alpha) / (sqrt(v) + epsilon)
/// The beta powers are inputs: the graph updates them itself, after every
/// ApplyAdam (AdamOptimizer._finish).
static LogicalResult importApplyAdam(NodeImporter &n, bool resource) {
  Update u(n);
  Value var = u.variable(0), m = u.variable(1), v = u.variable(2);
  Value beta1Power = u.value(3), beta2Power = u.value(4), lr = u.value(5),
        beta1 = u.value(6), beta2 = u.value(7), epsilon = u.value(8),
        grad = u.value(9);
  Formula &f = u.f;
  Value alpha = f.div(f.mul(lr, f.sqrt(f.sub(one(f, lr), beta2Power))),
                      f.sub(one(f, lr), beta1Power));
  Value oneMinusBeta1 = f.sub(one(f, beta1), beta1);
  Value mNew =
      u.write<AssignAddOp>(m, f.mul(f.sub(grad, u.read(m)), oneMinusBeta1));
  Value vNew = u.write<AssignAddOp>(
      v, f.mul(f.sub(f.square(grad), u.read(v)), f.sub(one(f, beta2), beta2)));
  Value step = n.boolAttr("use_nesterov", false)
                   ? f.add(f.mul(grad, oneMinusBeta1), f.mul(beta1, mNew))
                   : mNew;
  Value delta = f.div(f.mul(step, alpha), f.add(f.sqrt(vNew), epsilon));
  return u.finish(var, u.write<AssignSubOp>(var, delta), resource);
}

/// ApplyAdaMax(var, m, v, beta1_power, lr, beta1, beta2, epsilon, grad):
///   m += (grad - m) * (1 - beta1)
///   v = max(beta2 * v, |grad|)
///   var -= lr / (1 - beta1_power) * (m / (v + epsilon))
static LogicalResult importApplyAdaMax(NodeImporter &n, bool resource) {
  Update u(n);
  Value var = u.variable(0), m = u.variable(1), v = u.variable(2);
  Value beta1Power = u.value(3), lr = u.value(4), beta1 = u.value(5),
        beta2 = u.value(6), epsilon = u.value(7), grad = u.value(8);
  Formula &f = u.f;
  Value mNew = u.write<AssignAddOp>(
      m, f.mul(f.sub(grad, u.read(m)), f.sub(one(f, beta1), beta1)));
  Value vNew =
      u.write<AssignOp>(v, f.maximum(f.mul(beta2, u.read(v)), f.abs(grad)));
  Value delta = f.mul(f.div(lr, f.sub(one(f, lr), beta1Power)),
                      f.div(mNew, f.add(vNew, epsilon)));
  return u.finish(var, u.write<AssignSubOp>(var, delta), resource);
}

/// ApplyRMSProp(var, ms, mom, lr, rho, momentum, epsilon, grad):
///   ms += (grad^2 - ms) * (1 - rho)
///   mom = mom * momentum + (grad * lr) / sqrt(ms + epsilon)
///   var -= mom
/// ApplyCenteredRMSProp(var, mg, ms, mom, lr, rho, momentum, epsilon, grad)
/// also keeps the mean gradient:
///   mg += (grad - mg) * (1 - rho)
///   mom = mom * momentum + (grad * lr) / sqrt(ms - mg^2 + epsilon)
static LogicalResult importApplyRMSProp(NodeImporter &n, bool resource,
                                        bool centered) {
  Update u(n);
  unsigned k = centered ? 1 : 0;
  Value var = u.variable(0), mg = centered ? u.variable(1) : Value(),
        ms = u.variable(1 + k), mom = u.variable(2 + k);
  Value lr = u.value(3 + k), rho = u.value(4 + k), momentum = u.value(5 + k),
        epsilon = u.value(6 + k), grad = u.value(7 + k);
  Formula &f = u.f;
  Value oneMinusRho = f.sub(one(f, rho), rho);
  Value msNew = u.write<AssignAddOp>(
      ms, f.mul(f.sub(f.square(grad), u.read(ms)), oneMinusRho));
  Value denominator = f.add(msNew, epsilon);
  if (centered) {
    Value mgNew =
        u.write<AssignAddOp>(mg, f.mul(f.sub(grad, u.read(mg)), oneMinusRho));
    denominator = f.add(f.sub(msNew, f.square(mgNew)), epsilon);
  }
  Value momNew = u.write<AssignOp>(
      mom, f.add(f.mul(u.read(mom), momentum),
                 f.div(f.mul(grad, lr), f.sqrt(denominator))));
  return u.finish(var, u.write<AssignSubOp>(var, momNew), resource);
}

/// ApplyAdagrad(var, accum, lr, grad):
///   accum += grad^2 (unless update_slots = false)
///   var -= grad * lr * rsqrt(accum)
/// ApplyAdagradV2(var, accum, lr, epsilon, grad):
///   var -= grad * lr / (sqrt(accum) + epsilon)
static LogicalResult importApplyAdagrad(NodeImporter &n, bool resource,
                                        bool withEpsilon) {
  Update u(n);
  unsigned k = withEpsilon ? 1 : 0;
  Value var = u.variable(0), accum = u.variable(1), lr = u.value(2),
        epsilon = withEpsilon ? u.value(3) : Value(), grad = u.value(3 + k);
  Formula &f = u.f;
  Value accumNew = n.boolAttr("update_slots", true)
                       ? u.write<AssignAddOp>(accum, f.square(grad))
                       : u.read(accum);
  Value delta = withEpsilon
                    ? f.div(f.mul(grad, lr), f.add(f.sqrt(accumNew), epsilon))
                    : f.mul(f.mul(grad, lr), f.rsqrt(accumNew));
  return u.finish(var, u.write<AssignSubOp>(var, delta), resource);
}

/// ApplyAdadelta(var, accum, accum_update, lr, rho, epsilon, grad):
///   accum = accum * rho + grad^2 * (1 - rho)
///   update = sqrt(accum_update + epsilon) * rsqrt(accum + epsilon) * grad
///   var -= update * lr
///   accum_update = accum_update * rho + update^2 * (1 - rho)
static LogicalResult importApplyAdadelta(NodeImporter &n, bool resource) {
  Update u(n);
  Value var = u.variable(0), accum = u.variable(1), accumUpdate = u.variable(2);
  Value lr = u.value(3), rho = u.value(4), epsilon = u.value(5),
        grad = u.value(6);
  Formula &f = u.f;
  Value oneMinusRho = f.sub(one(f, rho), rho);
  Value accumNew =
      u.write<AssignOp>(accum, f.add(f.mul(u.read(accum), rho),
                                     f.mul(f.square(grad), oneMinusRho)));
  Value accumUpdateOld = u.read(accumUpdate);
  Value update = f.mul(f.mul(f.sqrt(f.add(accumUpdateOld, epsilon)),
                             f.rsqrt(f.add(accumNew, epsilon))),
                       grad);
  Value varNew = u.write<AssignSubOp>(var, f.mul(update, lr));
  u.write<AssignOp>(accumUpdate, f.add(f.mul(accumUpdateOld, rho),
                                       f.mul(f.square(update), oneMinusRho)));
  return u.finish(var, varNew, resource);
}

//===----------------------------------------------------------------------===//
// Sparse updates (scatter_functor.h)
//===----------------------------------------------------------------------===//

/// The first dimension of a variable's value type, or an error: the
/// scatters sum the updates per row into a tensor of that many rows.
static FailureOr<int64_t> rowCount(NodeImporter &n, Value var) {
  TensorType valueType = cast<VarType>(var.getType()).getValueType();
  auto type = dyn_cast<RankedTensorType>(valueType);
  if (!type || type.getRank() == 0 || type.isDynamicDim(0)) {
    n.emitError() << "the variable must have a static first dimension, not "
                  << valueType;
    return failure();
  }
  return type.getDimSize(0);
}

enum class ScatterKind { Add, Sub, Update };

/// ScatterAdd and ScatterSub(ref, indices, updates):
/// `ref[indices[i...], ...] += updates[i..., ...]`, as one
/// `tfc.unsorted_segment_sum` of the updates per row added to (subtracted
/// from) the variable. Repeated indices add up, as in TensorFlow, whose
/// kernel adds them one at a time (the rounding may differ).
///
/// ScatterUpdate: `ref[indices[i...], ...] = updates[i..., ...]`: rows an
/// index names take their update (summed per row like the others), the
/// others keep their value.
/// TensorFlow leaves which of several updates of one row wins undefined;
/// tfc asserts at run time, before the write, that no row is updated
/// twice.
static LogicalResult importScatter(NodeImporter &n, ScatterKind kind,
                                   bool resource) {
  Update u(n);
  Value var = u.variable(0), indices = u.value(1), updates = u.value(2);
  Formula &f = u.f;
  if (f.failed())
    return failure();
  FailureOr<int64_t> rows = rowCount(n, var);
  if (failed(rows))
    return failure();
  NamedAttribute segments =
      n.namedAttr("num_segments", n.builder.getI64IntegerAttr(*rows));
  Value sums = f.op("unsorted_segment_sum", {updates, indices}, {segments});
  if (kind == ScatterKind::Add)
    return u.finish(var, u.write<AssignAddOp>(var, sums), resource);
  if (kind == ScatterKind::Sub)
    return u.finish(var, u.write<AssignSubOp>(var, sums), resource);

  // How often each row is named, as a column [rows, 1, ...] that
  // broadcasts over the row.
  Value counts = f.op("unsorted_segment_sum",
                      {f.op("ones_like", {indices}), indices}, {segments});
  if (f.failed())
    return failure();
  auto valueType =
      cast<RankedTensorType>(cast<VarType>(var.getType()).getValueType());
  SmallVector<int64_t> column(valueType.getRank(), 1);
  column[0] = *rows;
  Value perRow =
      f.op("reshape", {counts},
           {n.namedAttr("new_shape", n.builder.getDenseI64ArrayAttr(column))});
  Value unique =
      f.op("reduce_all", {f.op("less_equal", {counts, f.scalar(counts, 1.0)})});
  if (f.failed())
    return failure();
  auto check = AssertOp::create(
      n.builder, n.loc, unique, ValueRange{indices},
      n.builder.getStringAttr(
          "ScatterUpdate: an index repeats; TensorFlow leaves which update "
          "wins undefined, tfc needs unique indices. Indices:"),
      IntegerAttr(), u.controlTokens());
  if (failed(n.check(check)))
    return failure();
  u.addPrecondition(check.getControl());
  Value updated = f.op("where", {f.op("greater", {perRow, f.scalar(perRow, 0)}),
                                 sums, u.read(var)});
  return u.finish(var, u.write<AssignOp>(var, updated), resource);
}

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

/// Registers `Apply<name>` and `ResourceApply<name>`.
static void addApply(OpRegistry &registry, StringRef name,
                     std::function<LogicalResult(NodeImporter &, bool)> fn,
                     StringRef tfcOps) {
  registry.add(("Apply" + name).str(),
               [fn](NodeImporter &n) { return fn(n, false); }, tfcOps);
  registry.add(("ResourceApply" + name).str(),
               [fn](NodeImporter &n) { return fn(n, true); }, tfcOps);
}

void mlir::tfc::graphdef::registerTrainingOpImporters(OpRegistry &registry) {
  addApply(registry, "GradientDescent", importApplyGradientDescent,
           "tfc.assign_sub");
  addApply(registry, "Momentum", importApplyMomentum,
           "tfc.read, tfc.assign, tfc.assign_sub");
  addApply(registry, "Adam", importApplyAdam,
           "tfc.read, tfc.assign_add, tfc.assign_sub");
  addApply(registry, "AdaMax", importApplyAdaMax,
           "tfc.read, tfc.assign_add, tfc.assign, tfc.assign_sub");
  addApply(
      registry, "RMSProp",
      [](NodeImporter &n, bool resource) {
        return importApplyRMSProp(n, resource, false);
      },
      "tfc.read, tfc.assign_add, tfc.assign, tfc.assign_sub");
  addApply(
      registry, "CenteredRMSProp",
      [](NodeImporter &n, bool resource) {
        return importApplyRMSProp(n, resource, true);
      },
      "tfc.read, tfc.assign_add, tfc.assign, tfc.assign_sub");
  addApply(
      registry, "Adagrad",
      [](NodeImporter &n, bool resource) {
        return importApplyAdagrad(n, resource, false);
      },
      "tfc.assign_add, tfc.assign_sub");
  addApply(
      registry, "AdagradV2",
      [](NodeImporter &n, bool resource) {
        return importApplyAdagrad(n, resource, true);
      },
      "tfc.assign_add, tfc.assign_sub");
  addApply(registry, "Adadelta", importApplyAdadelta,
           "tfc.read, tfc.assign, tfc.assign_sub");

  static const std::pair<const char *, ScatterKind> scatters[] = {
      {"Add", ScatterKind::Add},
      {"Sub", ScatterKind::Sub},
      {"Update", ScatterKind::Update}};
  for (auto [name, kind] : scatters) {
    std::string tfcOps =
        kind == ScatterKind::Update
            ? "tfc.unsorted_segment_sum, tfc.assert, tfc.where, tfc.assign"
            : std::string("tfc.unsorted_segment_sum, tfc.assign_") +
                  (kind == ScatterKind::Add ? "add" : "sub");
    ScatterKind k = kind;
    registry.add(
        std::string("Scatter") + name,
        [k](NodeImporter &n) { return importScatter(n, k, false); }, tfcOps);
    registry.add(
        std::string("ResourceScatter") + name,
        [k](NodeImporter &n) { return importScatter(n, k, true); }, tfcOps);
  }
}
