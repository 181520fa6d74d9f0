//===- ElementwiseOps.cpp - activations and math composed of tfc ops ------===//
//
// TensorFlow's element-wise ops that tfc has no op for, written with the
// ops it has. Each formula is the one TensorFlow's CPU kernel evaluates, so
// rounding, signed zeros, infinities and NaN come out the same.
//
//===----------------------------------------------------------------------===//

#include "Formula.h"

#include "mlir/IR/TypeUtilities.h"

#include <limits>

using namespace mlir;
using namespace mlir::tfc;
using namespace mlir::tfc::graphdef;

/// Imports a node of one input whose output is `build(formula, x)`.
/// `floatsOnly`: TensorFlow defines the op on floats only (its formula
/// here would also accept integers).
static OpImportFn unary(std::function<Value(Formula &, Value)> build,
                        bool floatsOnly = true) {
  return [build, floatsOnly](NodeImporter &n) -> LogicalResult {
    FailureOr<Value> x = n.input(0);
    if (failed(x))
      return failure();
    if (floatsOnly &&
        !isa<FloatType>(cast<TensorType>(x->getType()).getElementType())) {
      n.emitError() << "needs a float input, not " << x->getType();
      return failure();
    }
    Formula f(n, cast<TensorType>(x->getType()).getElementType());
    Value result = build(f, *x);
    if (f.hasFailed)
      return failure();
    n.setOutputs(result);
    return success();
  };
}

/// Elu: `x < 0 ? e^x - 1 : x` (TensorFlow's Elu functor).
static Value buildElu(Formula &f, Value x) {
  return f.where(f.op("less", {x, f.c(0)}), f.sub(f.op("exp", {x}), f.c(1)), x);
}

/// Selu: `x < 0 ? scale * alpha * (e^x - 1) : scale * x`, with the
/// constants of Klambauer et al. that TensorFlow's Selu functor uses.
static Value buildSelu(Formula &f, Value x) {
  const double scale = 1.0507009873554804934193349852946;
  const double scaleAlpha = 1.7580993408473768599402175208123;
  return f.where(f.op("less", {x, f.c(0)}),
                 f.mul(f.c(scaleAlpha), f.sub(f.op("exp", {x}), f.c(1))),
                 f.mul(f.c(scale), x));
}

/// Softsign: `x / (|x| + 1)`.
static Value buildSoftsign(Formula &f, Value x) {
  return f.div(x, f.add(f.op("abs", {x}), f.c(1)));
}

/// Sign: `(x > 0) - (x < 0)`, Eigen's formula for real numbers: 0 for
/// both zeros and for NaN.
static Value buildSign(Formula &f, Value x) {
  Type element = f.element;
  return f.sub(f.castTo(f.op("greater", {x, f.c(0)}), element),
               f.castTo(f.op("less", {x, f.c(0)}), element));
}

/// Ceil: `-floor(-x)`, exact (and -0.0 for x in (-1, -0.0]).
static Value buildCeil(Formula &f, Value x) {
  return f.op("neg", {f.floor(f.op("neg", {x}))});
}

/// Round: half to even, by the formula of TensorFlow's
/// `scalar_round_half_to_even_op`: `r = floor(x + 0.5)`, and where
/// `r - x == 0.5` (a tie), `2 * floor(x / 2 + 0.5)`. Integers are their own
/// rounding.
static Value buildRound(Formula &f, Value x) {
  if (!isa<FloatType>(f.element))
    return x;
  Value rounded = f.floor(f.add(x, f.c(0.5)));
  Value tie = f.op("equal", {f.sub(rounded, x), f.c(0.5)});
  Value even = f.mul(f.c(2), f.floor(f.add(f.mul(f.c(0.5), x), f.c(0.5))));
  return f.where(tie, even, rounded);
}

/// Log1p: Kahan's `u = 1 + x; u == 1 ? x : ln(u) * (x / (u - 1))`, exact to
/// a few ulps where `ln(1 + x)` loses every digit of a small x; an
/// infinite u is returned as is (Eigen's `generic_log1p`).
static Value buildLog1p(Formula &f, Value x) {
  Value u = f.add(x, f.c(1));
  Value exact =
      f.op("logical_or",
           {f.op("equal", {u, f.c(1)}),
            f.op("equal", {u, f.c(std::numeric_limits<double>::infinity())})});
  Value large = f.mul(f.op("log", {u}), f.div(x, f.sub(u, f.c(1))));
  return f.where(exact, x, large);
}

/// Expm1: Kahan's `u = e^x; (u - 1) * (x / ln(u))`, with x where u is 1,
/// -1 where u - 1 is, and u where it is infinite (Eigen's
/// `generic_expm1`).
static Value buildExpm1(Formula &f, Value x) {
  Value u = f.op("exp", {x});
  Value uMinus1 = f.sub(u, f.c(1));
  Value logU = f.op("log", {u});
  Value large = f.mul(uMinus1, f.div(x, logU));
  large = f.where(f.op("equal", {logU, u}), u, large);
  large = f.where(f.op("equal", {uMinus1, f.c(-1)}), f.c(-1), large);
  return f.where(f.op("equal", {u, f.c(1)}), x, large);
}

static Value buildIsNan(Formula &f, Value x) {
  return f.op("not_equal", {x, x});
}

static Value buildIsInf(Formula &f, Value x) {
  return f.op("equal",
              {f.op("abs", {x}), f.c(std::numeric_limits<double>::infinity())});
}

static Value buildIsFinite(Formula &f, Value x) {
  return f.op("less",
              {f.op("abs", {x}), f.c(std::numeric_limits<double>::infinity())});
}

/// SquaredDifference: `(x - y)^2`, with broadcasting.
static LogicalResult importSquaredDifference(NodeImporter &n) {
  FailureOr<Value> x = n.input(0), y = n.input(1);
  if (failed(x) || failed(y))
    return failure();
  FailureOr<Value> difference = n.create1("tfc.sub", {*x, *y});
  if (failed(difference))
    return failure();
  return n.setResult(n.create1("tfc.square", {*difference}));
}

/// ClipByValue: `max(min(t, clip_max), clip_min)` in TensorFlow's order
/// (a minimum above the maximum wins); NaN stays NaN.
static LogicalResult importClipByValue(NodeImporter &n) {
  FailureOr<Value> t = n.input(0), low = n.input(1), high = n.input(2);
  if (failed(t) || failed(low) || failed(high))
    return failure();
  FailureOr<Value> clipped = n.create1("tfc.minimum", {*t, *high});
  if (failed(clipped))
    return failure();
  return n.setResult(n.create1("tfc.maximum", {*clipped, *low}));
}

/// TensorFlow 1's Select: `t` and `e` have one shape; the condition has
/// that shape too, is a scalar, or is a vector that picks whole rows (the
/// first dimension) of a higher-rank `t`. The vector is reshaped to
/// `[n, 1, ...]` so that `tfc.where` broadcasts it over the rows.
static LogicalResult importSelect(NodeImporter &n) {
  FailureOr<Value> condition = n.input(0), t = n.input(1), e = n.input(2);
  if (failed(condition) || failed(t) || failed(e))
    return failure();
  auto conditionType = cast<TensorType>(condition->getType());
  auto tType = cast<TensorType>(t->getType());
  if (failed(verifyCompatibleShape(tType, e->getType()))) {
    n.emitError() << "'then' and 'else' must have the same size, but are "
                  << tType << " and " << e->getType();
    return failure();
  }
  Value selector = *condition;
  if (conditionType.hasRank() && conditionType.getRank() == 1) {
    if (!tType.hasRank())
      return n.error("a vector condition picks rows of 't' only when the "
                     "rank of 't' is known");
    if (tType.getRank() > 1) {
      SmallVector<int64_t> rows(tType.getRank(), 1);
      rows.front() = -1;
      FailureOr<Value> reshaped = n.create1(
          "tfc.reshape", {selector},
          {n.namedAttr("new_shape", n.builder.getDenseI64ArrayAttr(rows))});
      if (failed(reshaped))
        return failure();
      selector = *reshaped;
    }
  }
  return n.setResult(n.create1("tfc.where", {selector, *t, *e}));
}

void mlir::tfc::graphdef::registerElementwiseOpImporters(OpRegistry &registry) {
  registry.add("Elu", unary(buildElu), "tfc.where, tfc.less, tfc.exp, tfc.sub");
  registry.add("Selu", unary(buildSelu),
               "tfc.where, tfc.less, tfc.exp, tfc.sub, tfc.mul");
  registry.add("Softsign", unary(buildSoftsign), "tfc.div, tfc.abs, tfc.add");
  registry.add("Sign", unary(buildSign, /*floatsOnly=*/false),
               "tfc.sub, tfc.cast, tfc.greater, tfc.less");
  registry.add("Floor", unary([](Formula &f, Value x) { return f.floor(x); }),
               "tfc.floordiv");
  registry.add("Ceil", unary(buildCeil), "tfc.neg, tfc.floordiv");
  registry.add("Round", unary(buildRound, /*floatsOnly=*/false),
               "tfc.floordiv, tfc.add, tfc.sub, tfc.mul, tfc.equal, "
               "tfc.where");
  registry.add("Log1p", unary(buildLog1p),
               "tfc.log, tfc.add, tfc.sub, tfc.mul, tfc.div, tfc.where");
  registry.add("Expm1", unary(buildExpm1),
               "tfc.exp, tfc.log, tfc.sub, tfc.mul, tfc.div, tfc.where");
  registry.add("IsNan", unary(buildIsNan), "tfc.not_equal");
  registry.add("IsInf", unary(buildIsInf), "tfc.equal, tfc.abs");
  registry.add("IsFinite", unary(buildIsFinite), "tfc.less, tfc.abs");
  registry.add("SquaredDifference", importSquaredDifference,
               "tfc.sub, tfc.square");
  registry.add("ClipByValue", importClipByValue, "tfc.minimum, tfc.maximum");
  registry.add("Select", importSelect, "tfc.where, tfc.reshape");
}
