// RUN: tfc-opt %s --split-input-file | FileCheck %s
// Round trip through the generic form as well:
// RUN: tfc-opt %s --split-input-file --mlir-print-op-generic | tfc-opt --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @types
// CHECK-SAME: !tfc.control
// CHECK-SAME: !tfc.var<tensor<5x5x32xf32>>
// CHECK-SAME: !tfc.var<tensor<?xi64>>
func.func @types(%t: !tfc.control, %v: !tfc.var<tensor<5x5x32xf32>>,
                 %w: !tfc.var<tensor<?xi64>>) {
  return
}

// -----

// CHECK-LABEL: func.func @graph
// CHECK-SAME: (%[[X:.*]]: tensor<?x3xf32>, %[[T:.*]]: !tfc.control)
// CHECK: %[[R:.*]]:2 = tfc.graph -> (tensor<?x3xf32>, tensor<f32>) {
// CHECK:   %[[Y:.*]] = tfc.relu %[[X]] : tensor<?x3xf32>
// CHECK:   %[[C:.*]] = tfc.constant dense<2.500000e+00> : tensor<f32>
// CHECK:   tfc.fetch %[[Y]], %[[C]] : tensor<?x3xf32>, tensor<f32> targets(%[[T]])
// CHECK: }
// CHECK: return %[[R]]#0, %[[R]]#1
func.func @graph(%x: tensor<?x3xf32>, %t: !tfc.control) -> (tensor<?x3xf32>, tensor<f32>) {
  %r:2 = tfc.graph -> (tensor<?x3xf32>, tensor<f32>) {
    %y = tfc.relu %x : tensor<?x3xf32>
    %c = tfc.constant dense<2.5> : tensor<f32>
    tfc.fetch %y, %c : tensor<?x3xf32>, tensor<f32> targets(%t)
  }
  return %r#0, %r#1 : tensor<?x3xf32>, tensor<f32>
}

// -----

// A graph region: a value may be used before the op that defines it.
// CHECK-LABEL: func.func @use_before_def
// CHECK: tfc.graph -> (tensor<4xf32>) {
// CHECK:   %[[A:.*]] = tfc.exp %[[B:.*]] : tensor<4xf32>
// CHECK:   %[[B]] = tfc.neg %{{.*}} : tensor<4xf32>
// CHECK:   tfc.fetch %[[A]] : tensor<4xf32>
func.func @use_before_def(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = tfc.graph -> (tensor<4xf32>) {
    %a = tfc.exp %b : tensor<4xf32>
    %b = tfc.neg %x : tensor<4xf32>
    tfc.fetch %a : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @empty_fetch
// CHECK: tfc.graph {
// CHECK-NEXT: tfc.fetch{{$}}
func.func @empty_fetch() {
  tfc.graph {
    tfc.fetch
  }
  return
}

// -----

// CHECK-LABEL: func.func @constants
// CHECK: tfc.constant dense<{{\[}}[1.000000e+00], [2.000000e+00]]> : tensor<2x1xf32>
// CHECK: tfc.constant dense<[1, 2, 3]> : tensor<3xi32>
// CHECK: tfc.constant dense<true> : tensor<i1>
// CHECK: tfc.constant dense<7> : tensor<2x2xi64>
// CHECK: tfc.constant dense<1.000000e+00> : tensor<3xf16>
// CHECK: tfc.constant dense<1.000000e+00> : tensor<3xbf16>
// CHECK: tfc.constant dense<5> : tensor<i8>
// CHECK: tfc.constant dense<1.000000e+00> : tensor<f64>
func.func @constants() {
  tfc.graph {
    %0 = tfc.constant dense<[[1.0], [2.0]]> : tensor<2x1xf32>
    %1 = tfc.constant dense<[1, 2, 3]> : tensor<3xi32>
    %2 = tfc.constant dense<true> : tensor<i1>
    %3 = tfc.constant dense<7> : tensor<2x2xi64>
    %4 = tfc.constant dense<1.0> : tensor<3xf16>
    %5 = tfc.constant dense<1.0> : tensor<3xbf16>
    %6 = tfc.constant dense<5> : tensor<i8>
    %7 = tfc.constant dense<1.0> : tensor<f64>
    tfc.fetch
  }
  return
}

// -----

// CHECK-LABEL: func.func @binary
// CHECK: tfc.add %[[A:.*]], %[[B:.*]] : tensor<2x3xf32>, tensor<3xf32>
// CHECK: tfc.sub %[[A]], %[[B]] : tensor<2x3xf32>, tensor<3xf32>
// CHECK: tfc.mul %[[A]], %[[B]] : tensor<2x3xf32>, tensor<3xf32>
// CHECK: tfc.div %[[A]], %[[B]] : tensor<2x3xf32>, tensor<3xf32>
// CHECK: tfc.floordiv %[[A]], %[[B]] : tensor<2x3xf32>, tensor<3xf32>
// CHECK: tfc.mod %[[A]], %[[B]] : tensor<2x3xf32>, tensor<3xf32>
// CHECK: tfc.pow %[[A]], %[[B]] : tensor<2x3xf32>, tensor<3xf32>
// CHECK: tfc.maximum %[[A]], %[[B]] : tensor<2x3xf32>, tensor<3xf32>
// CHECK: tfc.minimum %[[A]], %[[B]] : tensor<2x3xf32>, tensor<3xf32>
// CHECK: tfc.add %[[I:.*]], %[[I]] : tensor<4xi32>, tensor<4xi32>
func.func @binary(%a: tensor<2x3xf32>, %b: tensor<3xf32>, %i: tensor<4xi32>) {
  tfc.graph {
    %0 = tfc.add %a, %b : tensor<2x3xf32>, tensor<3xf32>
    %1 = tfc.sub %a, %b : tensor<2x3xf32>, tensor<3xf32>
    %2 = tfc.mul %a, %b : tensor<2x3xf32>, tensor<3xf32>
    %3 = tfc.div %a, %b : tensor<2x3xf32>, tensor<3xf32>
    %4 = tfc.floordiv %a, %b : tensor<2x3xf32>, tensor<3xf32>
    %5 = tfc.mod %a, %b : tensor<2x3xf32>, tensor<3xf32>
    %6 = tfc.pow %a, %b : tensor<2x3xf32>, tensor<3xf32>
    %7 = tfc.maximum %a, %b : tensor<2x3xf32>, tensor<3xf32>
    %8 = tfc.minimum %a, %b : tensor<2x3xf32>, tensor<3xf32>
    %9 = tfc.add %i, %i : tensor<4xi32>, tensor<4xi32>
    tfc.fetch
  }
  return
}

// -----

// CHECK-LABEL: func.func @compare_and_logic
// CHECK: tfc.equal %[[A:.*]], %[[B:.*]] : tensor<2x3xf32>, tensor<3xf32>
// CHECK: tfc.not_equal %[[A]], %[[B]] : tensor<2x3xf32>, tensor<3xf32>
// CHECK: tfc.less %[[A]], %[[B]] : tensor<2x3xf32>, tensor<3xf32>
// CHECK: tfc.less_equal %[[A]], %[[B]] : tensor<2x3xf32>, tensor<3xf32>
// CHECK: tfc.greater %[[A]], %[[B]] : tensor<2x3xf32>, tensor<3xf32>
// CHECK: tfc.greater_equal %[[A]], %[[B]] : tensor<2x3xf32>, tensor<3xf32>
// CHECK: tfc.equal %[[P:.*]], %[[Q:.*]] : tensor<2x1xi1>, tensor<3xi1>
// CHECK: tfc.logical_and %[[P]], %[[Q]] : tensor<2x1xi1>, tensor<3xi1>
// CHECK: tfc.logical_or %[[P]], %[[Q]] : tensor<2x1xi1>, tensor<3xi1>
// CHECK: tfc.logical_xor %[[P]], %[[Q]] : tensor<2x1xi1>, tensor<3xi1>
// CHECK: tfc.logical_not %[[P]] : tensor<2x1xi1>
func.func @compare_and_logic(%a: tensor<2x3xf32>, %b: tensor<3xf32>,
                             %p: tensor<2x1xi1>, %q: tensor<3xi1>) {
  tfc.graph {
    %0 = tfc.equal %a, %b : tensor<2x3xf32>, tensor<3xf32>
    %1 = tfc.not_equal %a, %b : tensor<2x3xf32>, tensor<3xf32>
    %2 = tfc.less %a, %b : tensor<2x3xf32>, tensor<3xf32>
    %3 = tfc.less_equal %a, %b : tensor<2x3xf32>, tensor<3xf32>
    %4 = tfc.greater %a, %b : tensor<2x3xf32>, tensor<3xf32>
    %5 = tfc.greater_equal %a, %b : tensor<2x3xf32>, tensor<3xf32>
    %6 = tfc.equal %p, %q : tensor<2x1xi1>, tensor<3xi1>
    %7 = tfc.logical_and %p, %q : tensor<2x1xi1>, tensor<3xi1>
    %8 = tfc.logical_or %p, %q : tensor<2x1xi1>, tensor<3xi1>
    %9 = tfc.logical_xor %p, %q : tensor<2x1xi1>, tensor<3xi1>
    %10 = tfc.logical_not %p : tensor<2x1xi1>
    tfc.fetch
  }
  return
}

// -----

// CHECK-LABEL: func.func @unary
// CHECK: tfc.neg %[[X:.*]] : tensor<?x4xf32>
// CHECK: tfc.abs %[[X]] : tensor<?x4xf32>
// CHECK: tfc.exp %[[X]] : tensor<?x4xf32>
// CHECK: tfc.log %[[X]] : tensor<?x4xf32>
// CHECK: tfc.sqrt %[[X]] : tensor<?x4xf32>
// CHECK: tfc.rsqrt %[[X]] : tensor<?x4xf32>
// CHECK: tfc.square %[[X]] : tensor<?x4xf32>
// CHECK: tfc.tanh %[[X]] : tensor<?x4xf32>
// CHECK: tfc.sigmoid %[[X]] : tensor<?x4xf32>
// CHECK: tfc.relu %[[X]] : tensor<?x4xf32>
// CHECK: tfc.neg %[[I:.*]] : tensor<*xi32>
// CHECK: tfc.abs %[[I]] : tensor<*xi32>
func.func @unary(%x: tensor<?x4xf32>, %i: tensor<*xi32>) {
  tfc.graph {
    %0 = tfc.neg %x : tensor<?x4xf32>
    %1 = tfc.abs %x : tensor<?x4xf32>
    %2 = tfc.exp %x : tensor<?x4xf32>
    %3 = tfc.log %x : tensor<?x4xf32>
    %4 = tfc.sqrt %x : tensor<?x4xf32>
    %5 = tfc.rsqrt %x : tensor<?x4xf32>
    %6 = tfc.square %x : tensor<?x4xf32>
    %7 = tfc.tanh %x : tensor<?x4xf32>
    %8 = tfc.sigmoid %x : tensor<?x4xf32>
    %9 = tfc.relu %x : tensor<?x4xf32>
    %10 = tfc.neg %i : tensor<*xi32>
    %11 = tfc.abs %i : tensor<*xi32>
    tfc.fetch
  }
  return
}

// -----

// CHECK-LABEL: func.func @matmul
// CHECK: tfc.matmul %[[X:.*]], %[[W:.*]] : tensor<?x784xf32>, tensor<784x512xf32>
// CHECK: tfc.matmul %[[X]], %[[D:.*]] transpose_a : tensor<?x784xf32>, tensor<?x512xf32>
// CHECK: tfc.matmul %[[D]], %[[W]] transpose_b : tensor<?x512xf32>, tensor<784x512xf32>
// CHECK: tfc.matmul %[[X]], %[[W]] transpose_a transpose_b : tensor<?x784xf32>, tensor<784x512xf32>
// CHECK: tfc.matmul %[[B:.*]], %[[B]] : tensor<8x4x4xi32>, tensor<8x4x4xi32>
func.func @matmul(%x: tensor<?x784xf32>, %w: tensor<784x512xf32>,
                  %d: tensor<?x512xf32>, %b: tensor<8x4x4xi32>) {
  tfc.graph {
    %0 = tfc.matmul %x, %w : tensor<?x784xf32>, tensor<784x512xf32>
    %1 = tfc.matmul %x, %d transpose_a : tensor<?x784xf32>, tensor<?x512xf32>
    %2 = tfc.matmul %d, %w transpose_b : tensor<?x512xf32>, tensor<784x512xf32>
    %3 = tfc.matmul %x, %w transpose_a transpose_b : tensor<?x784xf32>, tensor<784x512xf32>
    %4 = tfc.matmul %b, %b : tensor<8x4x4xi32>, tensor<8x4x4xi32>
    tfc.fetch
  }
  return
}

// -----

// CHECK-LABEL: func.func @reductions
// CHECK: tfc.reduce_sum %[[X:.*]] : tensor<4x3xf32>
// CHECK: tfc.reduce_sum %[[X]] axes [0] : tensor<4x3xf32>
// CHECK: tfc.reduce_mean %[[X]] axes [-1] keep_dims : tensor<4x3xf32>
// CHECK: tfc.reduce_max %[[X]] axes [0, 1] keep_dims : tensor<4x3xf32>
// CHECK: tfc.reduce_sum %[[X]] axes [] : tensor<4x3xf32>
// CHECK: tfc.reduce_max %[[I:.*]] keep_dims : tensor<?x2xi64>
func.func @reductions(%x: tensor<4x3xf32>, %i: tensor<?x2xi64>) {
  tfc.graph {
    %0 = tfc.reduce_sum %x : tensor<4x3xf32>
    %1 = tfc.reduce_sum %x axes [0] : tensor<4x3xf32>
    %2 = tfc.reduce_mean %x axes [-1] keep_dims : tensor<4x3xf32>
    %3 = tfc.reduce_max %x axes [0, 1] keep_dims : tensor<4x3xf32>
    %4 = tfc.reduce_sum %x axes [] : tensor<4x3xf32>
    %5 = tfc.reduce_max %i keep_dims : tensor<?x2xi64>
    tfc.fetch
  }
  return
}
